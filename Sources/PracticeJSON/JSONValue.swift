/// A parsed JSON value that remembers where it stood in its source.
///
/// The offset lets loaders report `file:line:column` for a value that parsed
/// but means nothing valid, which `JSONDecoder` cannot do.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"id": 7}"#.utf8))
/// value["id"]?.int  // 7
/// ```
public struct JSONValue: Sendable, Equatable {
  /// The byte offset of the value's first character in the parsed text.
  public var offset: Int
  public var kind: Kind

  public enum Kind: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])
  }

  public init(_ kind: Kind, offset: Int = 0) {
    self.kind = kind
    self.offset = offset
  }
}

/// One `"key": value` pair of an object, in source order.
public struct JSONMember: Sendable, Equatable {
  public var key: String
  public var keyOffset: Int
  public var value: JSONValue

  public init(key: String, keyOffset: Int = 0, value: JSONValue) {
    self.key = key
    self.keyOffset = keyOffset
    self.value = value
  }
}

/// A JSON number, kept exactly when it is an integer that fits in 64 bits.
public struct JSONNumber: Sendable, Equatable {
  public var double: Double
  /// The exact value when the source was written without fraction or exponent and fits `Int64`.
  public var integer: Int64?

  public init(_ double: Double) {
    self.double = double
    self.integer = nil
  }

  public init(_ integer: Int64) {
    self.double = Double(integer)
    self.integer = integer
  }
}

extension JSONValue {
  /// The member named `key` when this is an object; `nil` otherwise or when absent.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    for member in members where member.key == key { return member.value }
    return nil
  }

  public var isNull: Bool {
    if case .null = kind { return true }
    return false
  }

  public var string: String? {
    if case .string(let s) = kind { return s }
    return nil
  }

  public var bool: Bool? {
    if case .bool(let b) = kind { return b }
    return nil
  }

  /// The value as an integer, when it is a number with no fractional part.
  public var int: Int? {
    guard case .number(let n) = kind else { return nil }
    if let i = n.integer { return Int(exactly: i) }
    if n.double.rounded() == n.double, abs(n.double) < 9e15 { return Int(n.double) }
    return nil
  }

  public var double: Double? {
    if case .number(let n) = kind { return n.double }
    return nil
  }

  public var array: [JSONValue]? {
    if case .array(let a) = kind { return a }
    return nil
  }

  public var members: [JSONMember]? {
    if case .object(let m) = kind { return m }
    return nil
  }

  /// A short name of the value's type in English, for error messages ("a string", "null"); `typeName` translates.
  public var typeDescription: String { typeName.description }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByFloatLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self.init(.string(value)) }
  public init(integerLiteral value: Int) { self.init(.number(JSONNumber(Int64(value)))) }
  public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
  public init(floatLiteral value: Double) { self.init(.number(JSONNumber(value))) }
  public init(nilLiteral: ()) { self.init(.null) }
}

extension JSONValue {
  /// Builds an object from pairs, keeping their order.
  public static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
    JSONValue(.object(pairs.map { JSONMember(key: $0.0, value: $0.1) }))
  }

  public static func array(_ values: [JSONValue]) -> JSONValue {
    JSONValue(.array(values))
  }

  public static func string(_ s: String) -> JSONValue { JSONValue(.string(s)) }
  public static func int(_ i: Int) -> JSONValue { JSONValue(.number(JSONNumber(Int64(i)))) }
  public static func double(_ d: Double) -> JSONValue { JSONValue(.number(JSONNumber(d))) }
  public static func bool(_ b: Bool) -> JSONValue { JSONValue(.bool(b)) }
  public static var null: JSONValue { JSONValue(.null) }

  /// `nil` becomes JSON `null`.
  public static func optional(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
  public static func optional(_ i: Int?) -> JSONValue { i.map { .int($0) } ?? .null }
  public static func optional(_ d: Double?) -> JSONValue { d.map { .double($0) } ?? .null }
}
