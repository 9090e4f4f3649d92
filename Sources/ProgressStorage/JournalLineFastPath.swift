import Foundation

/// Reads the journal lines the program itself writes without building a JSON tree: `answer`,
/// `skip` and `open` records (nine lines in ten) with their members in `JournalRecord.json`'s order,
/// strings without escapes, whole numbers, and a calculated question's `values` (an object of such
/// strings, names not repeated).
///
/// Anything else, an escape, a space, another order, an extra or missing member, a number with a
/// fraction, a time out of range, invalid UTF-8, gets `nil`, and the caller reads the line with the
/// strict parser, which accepts or rejects it with its message; so the two paths never disagree on a
/// line this one accepts (a test compares them on generated and mutated lines).
///
/// ```swift
/// let record = JournalLineFastPath.record(line) ?? (try JournalRecord(json: JSONParser.parse(line)))
/// ```
enum JournalLineFastPath {
  static func record(_ line: UnsafeBufferPointer<UInt8>) -> JournalRecord? {
    var scan = Scanner(bytes: line)
    guard scan.literal("{\"writer\":"), let writer = scan.string(), scan.literal(",\"seq\":"),
      let sequence = scan.integer(), scan.literal(",\"type\":"), let type = scan.word(),
      scan.literal(",\"time\":"), let ms = scan.integer(), let time = Date(storedMilliseconds: Int64(ms))
    else { return nil }
    let event: ProgressEvent
    switch type {
    case "answer":
      guard scan.literal(",\"session\":"), let session = scan.string(), scan.literal(",\"question\":"),
        let question = scan.string(), scan.literal(",\"node\":"), let node = scan.string(),
        scan.literal(",\"given\":"), let given = scan.string(), scan.literal(",\"correct\":"),
        let correct = scan.bool()
      else { return nil }
      var values: ShownValues?
      if scan.literal(",\"values\":") {
        guard let read = scan.values() else { return nil }
        values = read
      }
      var review: ReviewMark?
      if scan.literal(",\"rating\":") {
        guard let rating = scan.rating() else { return nil }
        review = ReviewMark(rating: rating, hinted: scan.literal(",\"hint\":true"))
      }
      event = .answered(
        session: session, question: question, node: node, given: given, correct: correct, at: time, review: review,
        values: values)
    case "skip":
      guard scan.literal(",\"session\":"), let session = scan.string(), scan.literal(",\"question\":"),
        let question = scan.string(), scan.literal(",\"node\":"), let node = scan.string()
      else { return nil }
      var values: ShownValues?
      if scan.literal(",\"values\":") {
        guard let read = scan.values() else { return nil }
        values = read
      }
      var review = ReviewMark(rating: 1)
      if scan.literal(",\"rating\":") {
        guard let rating = scan.rating() else { return nil }
        review = ReviewMark(rating: rating, hinted: scan.literal(",\"hint\":true"))
      }
      event = .skipped(session: session, question: question, node: node, at: time, review: review, values: values)
    case "open":
      guard scan.literal(",\"node\":"), let node = scan.string() else { return nil }
      event = .nodeOpened(node: node, at: time)
    default:
      return nil
    }
    guard scan.literal("}"), scan.atEnd else { return nil }
    return JournalRecord(writer: writer, sequence: sequence, event: event)
  }

  /// A cursor over one line; every method consumes what it matched, or returns nil/false.
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0

    var atEnd: Bool { at == bytes.count }

    mutating func literal(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard at + count <= bytes.count else { return false }
      let start = text.utf8Start
      for i in 0..<count where bytes[at + i] != start[i] { return false }
      at += count
      return true
    }

    /// A string without escapes or control characters, valid UTF-8.
    mutating func string() -> String? {
      guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
      let start = at + 1
      var end = start
      var ascii = true
      while end < bytes.count {
        let b = bytes[end]
        if b == UInt8(ascii: "\"") { break }
        if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
        if b >= 0x80 { ascii = false }
        end += 1
      }
      guard end < bytes.count else { return nil }
      at = end + 1
      let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
      return ascii ? String(decoding: body, as: UTF8.self) : String(validating: body, as: UTF8.self)
    }

    /// A string of lower-case letters (a record type).
    mutating func word() -> String? {
      guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
      var end = at + 1
      while end < bytes.count, bytes[end] >= UInt8(ascii: "a"), bytes[end] <= UInt8(ascii: "z") { end += 1 }
      guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 1)..<end]), as: UTF8.self)
      at = end + 1
      return text
    }

    /// A whole number of 1 to 15 digits with no sign, leading zero, fraction or exponent.
    mutating func integer() -> Int? {
      var value = 0
      var end = at
      while end < bytes.count, end - at < 16, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9") {
        value = value * 10 + Int(bytes[end] - UInt8(ascii: "0"))
        end += 1
      }
      let digits = end - at
      guard digits >= 1, digits <= 15, !(digits > 1 && bytes[at] == UInt8(ascii: "0")) else { return nil }
      if end < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[end]) {
        return nil
      }
      at = end
      return value
    }

    /// A calculated question's values: `{"m":"54.0","V":"20"}`, at least one, no name twice (the
    /// strict parser refuses a repeated name, and reads `{}` as no values).
    mutating func values() -> ShownValues? {
      guard literal("{") else { return nil }
      var read: [ShownValues.Value] = []
      repeat {
        guard let name = string(), literal(":"), let text = string(), !read.contains(where: { $0.name == name })
        else { return nil }
        read.append(ShownValues.Value(name: name, text: text))
      } while literal(",")
      guard literal("}") else { return nil }
      return ShownValues(read)
    }

    mutating func bool() -> Bool? {
      if literal("true") { return true }
      if literal("false") { return false }
      return nil
    }

    /// A review rating, 1 to 4, with no `fuzz` after it (a fuzzed one goes the strict way).
    mutating func rating() -> Int? {
      guard let rating = integer(), (1...4).contains(rating) else { return nil }
      return rating
    }
  }
}
