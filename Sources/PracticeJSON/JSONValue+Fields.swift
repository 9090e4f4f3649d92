import Localization

/// Typed access to an object's members, throwing a located `JSONProblem` when a member is missing
/// or holds the wrong type, so every reader of JSON words and places these problems alike.
///
/// ```swift
/// let record = try JSONParser.parse(#"{"node": "#1", "seq": 3}"#)
/// try record.string("node")       // "#1"
/// try record.wholeNumber("seq")   // 3
/// try record.string("session")    // throws: missing "session" (at the object)
/// ```
extension JSONValue {
  /// The member `key` (JSON `null` included); missing, a problem at this object.
  public func member(_ key: String) throws(JSONProblem) -> JSONValue {
    guard let value = self[key] else { throw JSONProblem(.tr("missing {key}", ["key": "\"\(key)\""]), at: offset) }
    return value
  }

  /// The member `key` unless it is absent or JSON `null`: optional fields may be written either way.
  public func present(_ key: String) -> JSONValue? {
    guard let value = self[key], !value.isNull else { return nil }
    return value
  }

  /// What stands at `key`, for "found …" in messages: "a string", "null", or "none" when absent.
  public func found(_ key: String) -> String { typeName(of: key).description }

  /// Where a problem with `key` points: its value when present, else this object.
  public func offset(of key: String) -> Int { self[key]?.offset ?? offset }

  /// The member `key` read by `read`; missing or unreadable, a problem saying it must be `expected`.
  public func field<T>(
    _ key: String, mustBe expected: String, _ read: (JSONValue) -> T?
  ) throws(JSONProblem) -> T {
    try field(key, mustBe: .verbatim(expected), read)
  }

  /// The member `key` read by `read`; unreadable, a problem saying it must be `expected` (a message).
  public func field<T>(
    _ key: String, mustBe expected: Message, _ read: (JSONValue) -> T?
  ) throws(JSONProblem) -> T {
    let value = try member(key)
    guard let result = read(value) else {
      throw JSONProblem(.tr("{key} must be {expected}", ["key": "\"\(key)\"", "expected": expected]), at: value.offset)
    }
    return result
  }

  public func string(_ key: String) throws(JSONProblem) -> String {
    try field(key, mustBe: .tr("a string")) { $0.string }
  }

  public func wholeNumber(_ key: String) throws(JSONProblem) -> Int {
    try field(key, mustBe: .tr("a whole number")) { $0.int }
  }

  public func boolean(_ key: String) throws(JSONProblem) -> Bool {
    try field(key, mustBe: .trc("what a JSON member must be", "true or false")) { $0.bool }
  }

  public func array(_ key: String) throws(JSONProblem) -> [JSONValue] {
    try field(key, mustBe: .tr("an array")) { $0.array }
  }

  /// A number, or nil for `null`; the member itself must be there.
  ///
  /// Written out rather than through `field` with a `Double??` closure: that form crashes Swift 6.3.1's
  /// optimizer (CopyPropagation, "Found ownership error") in a release build.
  public func numberOrNull(_ key: String) throws(JSONProblem) -> Double? {
    let value = try member(key)
    if value.isNull { return nil }
    guard let number = value.double else {
      throw JSONProblem(.tr("{key} must be a number or null", ["key": "\"\(key)\""]), at: value.offset)
    }
    return number
  }

  /// An array whose elements `read` accepts; a wrong element is a problem saying the array must hold `expected`.
  public func elements<T>(
    _ key: String, mustHold expected: String, _ read: (JSONValue) -> T?
  ) throws(JSONProblem) -> [T] {
    let list = try array(key)
    var result: [T] = []
    result.reserveCapacity(list.count)
    for element in list {
      guard let item = read(element) else {
        throw JSONProblem(
          .tr("{key} must hold {expected}", ["key": "\"\(key)\"", "expected": expected]), at: element.offset)
      }
      result.append(item)
    }
    return result
  }
}
