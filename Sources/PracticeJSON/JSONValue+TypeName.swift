package import Localization

extension JSONValue {
  /// The value's type for a problem message, to be translated: "a string", in Chinese 字符串.
  ///
  /// ```swift
  /// Message.tr("\"id\" must be a string, found {found}", ["found": value.typeName])
  /// ```
  package var typeName: Message {
    switch kind {
    case .null: .tr("null")
    case .bool: .tr("a boolean")
    case .number: .tr("a number")
    case .string: .tr("a string")
    case .array: .tr("an array")
    case .object: .tr("an object")
    }
  }

  /// The type of member `key` for a problem message, "none" when it is missing.
  package func typeName(of key: String) -> Message {
    // TRANSLATORS: what a course file has where a member is missing: "found none".
    self[key]?.typeName ?? .trc("a missing JSON member", "none")
  }
}
