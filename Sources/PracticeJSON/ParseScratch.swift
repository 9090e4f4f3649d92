/// The elements of the arrays and objects a parser has open, innermost last, so that no array grows
/// (and moves) while it is read.
///
/// A container's elements are gathered here, then moved into an array of exactly their count when
/// it closes: one allocation per container instead of one per doubling, and no spare capacity kept.
///
/// ```swift
/// let scratch = ParseScratch<Int>()
/// let start = scratch.count
/// scratch.append(1); scratch.append(2)
/// scratch.moveOut(from: start)  // [1, 2]; scratch.count is back to start
/// ```
final class ParseScratch<Element> {
  private var base: UnsafeMutablePointer<Element>
  private var capacity: Int
  private(set) var count = 0

  init(capacity: Int = 32) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    // A parse that failed leaves the elements of its open containers here.
    base.deinitialize(count: count)
    base.deallocate()
  }

  func append(_ element: consuming Element) {
    if count == capacity {
      let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
      larger.moveInitialize(from: base, count: count)
      base.deallocate()
      base = larger
      capacity *= 2
    }
    (base + count).initialize(to: element)
    count += 1
  }

  /// The elements from `start` on, moved into a new array, and forgotten here.
  func moveOut(from start: Int) -> [Element] {
    let moved = count - start
    guard moved > 0 else { return [] }
    count = start
    // Reserved and appended, not `init(unsafeUninitializedCapacity:)`: that one is not specialized and
    // asks the runtime for the storage's type metadata at each call (callgrind: ~650 instructions,
    // more than moving a small object's members).
    var result: [Element] = []
    result.reserveCapacity(moved)
    for i in start..<start + moved { result.append((base + i).move()) }
    return result
  }

  /// Forgets the elements from `start` on.
  func removeAll(from start: Int) {
    (base + start).deinitialize(count: count - start)
    count = start
  }

  /// Visits the elements from `start` on, in order, without copying them.
  func withElements<R>(from start: Int, _ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: base + start, count: count - start))
  }
}
