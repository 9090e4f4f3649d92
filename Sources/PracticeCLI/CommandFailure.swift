import CourseOutline

/// A command that did not do what was asked, and why, in one line.
public struct CommandFailure: Error, Equatable, CustomStringConvertible, Sendable {
  public var message: String
  public init(_ message: String) { self.message = message }
  /// A node argument that names no single node.
  public init(_ error: NodeLookupError) { self.message = error.description }
  public var description: String { message }
}
