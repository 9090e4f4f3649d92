package import CourseOutline

/// A command that did not do what was asked, and why, in one line.
package struct CommandFailure: Error, Equatable, CustomStringConvertible, Sendable {
  package var message: String
  package init(_ message: String) { self.message = message }
  /// A node argument that names no single node.
  package init(_ error: NodeLookupError) { self.message = error.description }
  package var description: String { message }
}
