/// A value held behind one reference, so that a struct holding it (rarely set) takes 8 bytes for it.
///
/// ```swift
/// let box = Boxed(AnswerCredit())
/// box.value  // the credit, shared by every copy of the struct holding `box`
/// ```
final class Boxed<Value: Sendable & Equatable>: Sendable, Equatable {
  let value: Value

  init(_ value: Value) { self.value = value }

  static func == (a: Boxed, b: Boxed) -> Bool { a === b || a.value == b.value }
}
