/// A `.mo` file that cannot be read.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { "invalid message catalog: \(message)" }
}
