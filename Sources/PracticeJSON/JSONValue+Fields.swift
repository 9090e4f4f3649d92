package import Localization

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
  package func member(_ key: String) throws(JSONProblem) -> JSONValue {
    guard let value = self[key] else { throw JSONProblem(.tr("missing {key}", ["key": "\"\(key)\""]), at: offset) }
    return value
  }

  /// The member `key` unless it is absent or JSON `null`: optional fields may be written either way.
  package func present(_ key: String) -> JSONValue? {
    guard let value = self[key], !value.isNull else { return nil }
    return value
  }

  /// What stands at `key`, for "found …" in messages: "a string", "null", or "none" when absent.
  package func found(_ key: String) -> String { typeName(of: key).description }

  /// Where a problem with `key` points: its value when present, else this object.
  package func offset(of key: String) -> Int { self[key]?.offset ?? offset }

  /// A problem with this value, placed at it.
  ///
  /// ```swift
  /// throw part.problem(.tr("a part title must be a string, found {found}", ["found": part.typeName]))
  /// ```
  package func problem(_ text: Message) -> JSONProblem { JSONProblem(text, at: offset) }

  /// A problem with member `key`, placed at its value, or at this object when it is missing; `text`
  /// is given what stands there ("a number", "null", "none" when missing) to say what was found.
  ///
  /// ```swift
  /// chapter.problem(with: "chapterName") { .tr("chapter needs \"chapterName\" as a string, found {found}", ["found": $0]) }
  /// ```
  package func problem(with key: String, _ text: (_ found: Message) -> Message) -> JSONProblem {
    JSONProblem(text(typeName(of: key)), at: offset(of: key))
  }

  // Accessors whose caller words the problem, for a reader with its own messages (a course format,
  // the question decoder): the value, or the problem placed as every reader places it. Concrete, one
  // per type, and no `Message` is built unless the value is wrong: questions are decoded at every start.

  /// This value when it is a string; else the problem worded by `text` (given this value's type), at it.
  ///
  /// ```swift
  /// let title = try part.string { .tr("a part title must be a string, found {found}", ["found": $0]) }
  /// ```
  package func string(else text: (_ found: Message) -> Message) throws(JSONProblem) -> String {
    if case .string(let value) = kind { return value }
    throw problem(text(typeName))
  }

  /// This value when it is a whole number; else the problem worded by `text`, at it.
  package func wholeNumber(else text: (_ found: Message) -> Message) throws(JSONProblem) -> Int {
    if let value = int { return value }
    throw problem(text(typeName))
  }

  /// This value when it is `true` or `false`; else the problem worded by `text`, at it.
  package func boolean(else text: (_ found: Message) -> Message) throws(JSONProblem) -> Bool {
    if case .bool(let value) = kind { return value }
    throw problem(text(typeName))
  }

  /// This value when it is an array; else the problem worded by `text`, at it.
  package func array(else text: (_ found: Message) -> Message) throws(JSONProblem) -> [JSONValue] {
    if case .array(let value) = kind { return value }
    throw problem(text(typeName))
  }

  /// The member `key` when it is a string; else the problem worded by `text` (see `problem(with:_:)`).
  ///
  /// ```swift
  /// let title = try chapter.string("chapterName") { .tr("chapter needs \"chapterName\" as a string, found {found}", ["found": $0]) }
  /// ```
  package func string(_ key: String, else text: (_ found: Message) -> Message) throws(JSONProblem) -> String {
    guard let value = self[key] else { throw problem(with: key, text) }
    return try value.string(else: text)
  }

  /// The member `key` when it is an array; else the problem worded by `text` (see `problem(with:_:)`).
  package func array(_ key: String, else text: (_ found: Message) -> Message) throws(JSONProblem) -> [JSONValue] {
    guard let value = self[key] else { throw problem(with: key, text) }
    return try value.array(else: text)
  }

  /// The member `key` read by `read`; missing or unreadable, a problem saying it must be `expected`.
  ///
  /// ```swift
  /// let phase = try item.field("phase", mustBe: .trc("what a JSON member must be", "1, 2 or 3")) { $0.int }
  /// ```
  package func field<T>(
    _ key: String, mustBe expected: Message, _ read: (JSONValue) -> T?
  ) throws(JSONProblem) -> T {
    let value = try member(key)
    guard let result = read(value) else {
      throw JSONProblem(.tr("{key} must be {expected}", ["key": "\"\(key)\"", "expected": expected]), at: value.offset)
    }
    return result
  }

  package func string(_ key: String) throws(JSONProblem) -> String {
    try field(key, mustBe: .tr("a string")) { $0.string }
  }

  package func wholeNumber(_ key: String) throws(JSONProblem) -> Int {
    try field(key, mustBe: .tr("a whole number")) { $0.int }
  }

  package func boolean(_ key: String) throws(JSONProblem) -> Bool {
    try field(key, mustBe: .trc("what a JSON member must be", "true or false")) { $0.bool }
  }

  package func array(_ key: String) throws(JSONProblem) -> [JSONValue] {
    try field(key, mustBe: .tr("an array")) { $0.array }
  }

  /// A number, or nil for `null`; the member itself must be there.
  ///
  /// Written out rather than through `field` with a `Double??` closure: that form crashes Swift 6.3.1's
  /// optimizer (CopyPropagation, "Found ownership error") in a release build.
  package func numberOrNull(_ key: String) throws(JSONProblem) -> Double? {
    let value = try member(key)
    if value.isNull { return nil }
    guard let number = value.double else {
      throw JSONProblem(.tr("{key} must be a number or null", ["key": "\"\(key)\""]), at: value.offset)
    }
    return number
  }

  /// An array whose elements `read` accepts; a wrong element is a problem saying the array must hold `expected`.
  package func elements<T>(
    _ key: String, mustHold expected: Message, _ read: (JSONValue) -> T?
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
