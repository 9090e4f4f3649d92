/// A `.mo` file that cannot be read.
package struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { "invalid message catalog: \(message)" }
}
