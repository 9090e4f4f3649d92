import Localization

/// A parsed JSON value that remembers where it stood in its source.
///
/// The offset lets loaders report `file:line:column` for a value that parsed
/// but means nothing valid, which `JSONDecoder` cannot do.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"id": 7}"#.utf8))
/// value["id"]?.int  // 7
/// ```
package struct JSONValue: Sendable, Equatable {
  /// The byte offset of the value's first character in the parsed text.
  package var offset: Int
  package var kind: Kind

  package enum Kind: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
  }

  package init(_ kind: Kind, offset: Int = 0) {
    self.kind = kind
    self.offset = offset
  }
}

/// One `"key": value` pair of an object, in source order.
package struct JSONMember: Sendable, Equatable {
  package var key: String
  package var keyOffset: Int
  package var value: JSONValue

  package init(key: String, keyOffset: Int = 0, value: JSONValue) {
    self.key = key
    self.keyOffset = keyOffset
    self.value = value
  }
}

/// A JSON number, kept exactly when it is an integer that fits in 64 bits.
package struct JSONNumber: Sendable, Equatable {
  package var double: Double
  /// The exact value when the source was written without fraction or exponent and fits `Int64`.
  package var integer: Int64?

  package init(_ double: Double) {
    self.double = double
    self.integer = nil
  }

  package init(_ integer: Int64) {
    self.double = Double(integer)
    self.integer = integer
  }
}

extension JSONValue {
  /// The member named `key` when this is an object; `nil` otherwise or when absent.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    for member in members where member.key == key { return member.value }
    return nil
  }

  package var isNull: Bool {
    if case .null = kind { return true }
    return false
  }

  package var string: String? {
    if case .string(let s) = kind { return s }
    return nil
  }

  package var bool: Bool? {
    if case .bool(let b) = kind { return b }
    return nil
  }

  /// The value as an integer, when it is a number with no fractional part.
  package var int: Int? {
    guard case .number(let n) = kind else { return nil }
    if let i = n.integer { return Int(exactly: i) }
    if n.double.rounded() == n.double, abs(n.double) < 9e15 { return Int(n.double) }
    return nil
  }

  package var double: Double? {
    if case .number(let n) = kind { return n.double }
    return nil
  }

  package var array: [JSONValue]? {
    if case .array(let a) = kind { return a }
    return nil
  }

  package var members: [JSONMember]? {
    if case .object(let m) = kind { return m }
    return nil
  }

  /// A short name of the value's type in English, for error messages ("a string", "null"); `typeName` translates.
  package var typeDescription: String { typeName.description }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
  package init(stringLiteral value: String) { self.init(.string(value)) }
  package init(integerLiteral value: Int) { self.init(.number(JSONNumber(Int64(value)))) }
  package init(booleanLiteral value: Bool) { self.init(.bool(value)) }
  package init(floatLiteral value: Double) { self.init(.number(JSONNumber(value))) }
  package init(nilLiteral: ()) { self.init(.null) }
}

extension JSONValue {
  /// Builds an object from pairs, keeping their order.
  package static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
    JSONValue(.object(pairs.map { JSONMember(key: $0.0, value: $0.1) }))
  }

  package static func array(_ values: [JSONValue]) -> JSONValue {
    JSONValue(.array(values))
  }

  package static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
  package static func int(_ i: Int) -> JSONValue { JSONValue(.number(JSONNumber(Int64(i)))) }
  package static func double(_ d: Double) -> JSONValue { JSONValue(.number(JSONNumber(d))) }
  package static func bool(_ b: Bool) -> JSONValue { JSONValue(.bool(b)) }
  package static var null: JSONValue { JSONValue(.null) }

  /// `nil` becomes JSON `null`.
  package static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
  package static func optional(_ i: Int?) -> JSONValue { i.map { .int($0) } ?? .null }
  package static func optional(_ d: Double?) -> JSONValue { d.map { .double($0) } ?? .null }
}
