import PracticeJSON

/// What the source data says about a node besides its id and title.
///
/// Seed 002's chapter DTOs carry reading state and dates; they are kept as
/// given (every field, in source order) so `info` can show them all, and the
/// progress store starts from `hadRead` and `browseCount`.
public struct NodeDetails: Sendable {
  /// Every field of the source object except the children list, in source order.
  public var fields: [JSONMember]
  public var description: String?

  public init(fields: [JSONMember], description: String? = nil) {
    self.fields = fields
    self.description = description
  }

  public subscript(key: String) -> JSONValue? {
    fields.first { $0.key == key }?.value
  }

  /// The source's `hadRead`, read as 0/1 or a boolean.
  public var hadRead: Bool {
    guard let value = self["hadRead"] else { return false }
    if let b = value.bool { return b }
    return (value.int ?? 0) != 0
  }

  public var browseCount: Int { self["browseCount"]?.int ?? 0 }
}
