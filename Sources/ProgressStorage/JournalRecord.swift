import Foundation
import Localization
import PracticeJSON
import Scheduling

/// One journal line: an event stamped with its writer id and that writer's sequence number.
struct JournalRecord: Sendable, Hashable {
  var writer: String
  var sequence: Int
  var event: ProgressEvent

  /// The compact JSON object of one line, without the newline.
  var json: JSONValue {
    var pairs: [(String, JSONValue)] = [("writer", .string(writer)), ("seq", .int(sequence))]
    switch event {
    case .nodeOpened(let node, let at):
      pairs += [("type", "open"), ("time", .ms(at)), ("node", .string(node))]
    case .sessionStarted(let session, let node, let questions, let at, let kind, let seed):
      pairs += [
        ("type", "start"), ("time", .ms(at)), ("session", .string(session)),
        ("node", .string(node)),
        ("questions", .array(questions.map { .string($0) })),
      ]
      if let kind { pairs += [("kind", .string(kind.rawValue)), ("seed", .seed(seed))] }
    case .sessionResumed(let session, let at):
      pairs += [("type", "resume"), ("time", .ms(at)), ("session", .string(session))]
    case .answered(
      let session, let question, let node, let given, let correct, let at, let review, let fraction, let values):
      pairs += [
        ("type", "answer"), ("time", .ms(at)), ("session", .string(session)),
        ("question", .string(question)),
        ("node", .string(node)), ("given", .string(given)), ("correct", .bool(correct)),
      ]
      // Only for partial credit: a right or wrong answer's line is as it always was.
      if let fraction { pairs.append(("fraction", .double(fraction))) }
      // Only for a calculated question: any other question's line is as it always was.
      if let values { pairs.append(("values", values.json)) }
      pairs += review?.members ?? []
    case .responded(let session, let question, let node, let text, let at):
      pairs += [
        ("type", "response"), ("time", .ms(at)), ("session", .string(session)),
        ("question", .string(question)), ("node", .string(node)), ("text", .string(text)),
      ]
    case .skipped(let session, let question, let node, let at, let review, let values):
      pairs += [
        ("type", "skip"), ("time", .ms(at)), ("session", .string(session)),
        ("question", .string(question)), ("node", .string(node)),
      ]
      if let values { pairs.append(("values", values.json)) }
      pairs += review.members
    case .overruled(let session, let question, let node, let at):
      pairs += [
        ("type", "override"), ("time", .ms(at)), ("session", .string(session)),
        ("question", .string(question)), ("node", .string(node)),
      ]
    case .hintShown(let session, let question, let node, let at):
      pairs += [
        ("type", "hint"), ("time", .ms(at)), ("session", .string(session)),
        ("question", .string(question)), ("node", .string(node)),
      ]
    case .sessionEnded(let session, let at, let score, let endedEarly, let hinted):
      pairs += [
        ("type", "end"), ("time", .ms(at)), ("session", .string(session)),
        ("score", .optional(score)),
        ("early", .bool(endedEarly)),
      ]
      // Only when a hint was shown for the question left open: any other end is as it always was.
      if let hinted { pairs.append(("hinted", .string(hinted))) }
    case .parametersChosen(let choice):
      pairs += [
        ("type", "parameters"), ("time", .ms(choice.time)), ("fittedTo", .string(choice.source.rawValue)),
        ("parameters", .array(choice.parameters.map { .double($0) })), ("reviews", .int(choice.reviews)),
      ]
    }
    return .object(pairs)
  }

  /// The bytes appended to the journal: one compact object and a newline.
  var line: [UInt8] {
    var text = JSONWriter.compact(json)
    text.append("\n")
    return Array(text.utf8)
  }

  /// Reads a record back; the error message says which field is wrong.
  init(json: JSONValue) throws(JSONProblem) {
    guard json.members != nil else {
      throw JSONProblem(.tr("expected an object, found {found}", ["found": json.typeName]), at: nil)
    }
    writer = try json.string("writer")
    sequence = try json.wholeNumber("seq")
    let type = try json.string("type")
    let time = try json.time("time")
    switch type {
    case "open":
      event = .nodeOpened(node: try json.string("node"), at: time)
    case "start":
      let questions = try json.elements("questions", mustHold: .trc("what a JSON array must hold", "strings")) {
        $0.string
      }
      // `kind` and `seed` came later: a start without them is an older session, never resumed.
      var kind: SessionKind?
      if json["kind"] != nil {
        kind = SessionKind(rawValue: try json.string("kind"))
      }
      event = .sessionStarted(
        session: try json.string("session"), node: try json.string("node"), questions: questions,
        at: time, kind: kind, seed: try json.seed("seed"))
    case "resume":
      event = .sessionResumed(session: try json.string("session"), at: time)
    case "answer":
      event = .answered(
        session: try json.string("session"), question: try json.string("question"),
        node: try json.string("node"),
        given: try json.string("given"),
        correct: try json.boolean("correct"),
        at: time, review: try ReviewMark(optionalIn: json), fraction: try json.partialCredit(),
        values: try json.shownValues())
    case "response":
      event = .responded(
        session: try json.string("session"), question: try json.string("question"), node: try json.string("node"),
        text: try json.string("text"), at: time)
    case "skip":
      event = .skipped(
        session: try json.string("session"), question: try json.string("question"),
        node: try json.string("node"), at: time,
        review: try ReviewMark(optionalIn: json) ?? ReviewMark(rating: 1), values: try json.shownValues())
    case "override":
      event = .overruled(
        session: try json.string("session"), question: try json.string("question"), node: try json.string("node"),
        at: time)
    case "hint":
      event = .hintShown(
        session: try json.string("session"), question: try json.string("question"), node: try json.string("node"),
        at: time)
    case "end":
      // `hinted` came later: an end without it left no hint open.
      var hinted: String?
      if json.present("hinted") != nil { hinted = try json.string("hinted") }
      event = .sessionEnded(
        session: try json.string("session"), at: time,
        score: try json.numberOrNull("score"),
        endedEarly: try json.boolean("early"), hinted: hinted)
    case "parameters":
      event = .parametersChosen(try Self.choice(in: json, at: time))
    default:
      throw JSONProblem(.tr("unknown record type \"{type}\"", ["type": type]), at: nil)
    }
  }

  /// Every `type` this version reads; `schemas/journal-v1.json` lists the same (a test checks).
  static let knownTypes: Set<String> = [
    "open", "start", "resume", "answer", "response", "skip", "override", "hint", "end", "parameters",
  ]

  /// A `parameters` record's choice: 21 numbers within FSRS-6's bounds, their source and review count.
  /// `fittedTo` given: the source is not read from the record (the class's file holds no such member).
  static func choice(
    in json: JSONValue, at time: Date, fittedTo given: ParameterTimeline.Source? = nil
  ) throws(JSONProblem) -> ParameterTimeline.Choice {
    let parameters = try json.elements(
      "parameters", mustHold: .trc("what a JSON array must hold", "numbers")
    ) { $0.double }
    guard ParameterTimeline.areValid(parameters) else {
      throw JSONProblem(.tr("\"parameters\" must be FSRS-6's 21 numbers, each within its bounds"), at: nil)
    }
    var source = given
    if source == nil { source = ParameterTimeline.Source(rawValue: try json.string("fittedTo")) }
    guard let source else {
      throw JSONProblem(.tr("\"fittedTo\" must be \"own\" or \"class\""), at: nil)
    }
    return ParameterTimeline.Choice(
      time: time, parameters: parameters, source: source, reviews: try json.storedCount("reviews"))
  }

  /// A record of a `type` this version does not know, from a newer version: kept where it is in
  /// the journal and skipped when folding, never counted as damaged.
  struct UnknownType: Error, Hashable {
    var type: String
  }

  /// Reads one journal line (without its newline); throws a `JSONParseError`, a `JSONProblem`, or
  /// `UnknownType` for a record with a writer and a sequence number but a type this version does not know.
  init(line: [UInt8]) throws {
    let json = try JSONParser.parse(line)
    do {
      try self.init(json: json)
    } catch {
      // Checked only once the line failed, so reading good lines costs nothing more.
      if let type = json["type"]?.string, !Self.knownTypes.contains(type), json["writer"]?.string != nil,
        json["seq"]?.int != nil
      {
        throw UnknownType(type: type)
      }
      throw error
    }
  }

  init(writer: String, sequence: Int, event: ProgressEvent) {
    self.writer = writer
    self.sequence = sequence
    self.event = event
  }

  /// Parses each complete line of a journal's bytes and hands it to `body`, with its 1-based
  /// number and its byte range (newline included); returns where the last complete line ends.
  ///
  /// Blank lines are skipped. Bytes after the last newline are a torn tail, a record a process
  /// was still writing or died writing; they are never parsed. The store (which repairs) and
  /// `ReadOnlyProgress` (which must not) both read journals through here, so they agree on
  /// which lines count.
  static func forEachLine(
    in bytes: [UInt8],
    _ body: (_ number: Int, _ range: Range<Int>, _ record: Result<JournalRecord, any Error>) -> Void
  ) -> Int {
    var lineStart = 0
    var lineNumber = 0
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      while lineStart < buffer.count, let found = memchr(base + lineStart, 0x0A, buffer.count - lineStart) {
        let newline = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        lineNumber += 1
        let text = UnsafeBufferPointer(rebasing: buffer[lineStart..<newline])
        let range = lineStart..<(newline + 1)
        lineStart = newline + 1
        // The lines the program writes, read without a JSON tree; the rest the strict way.
        if let record = JournalLineFastPath.record(text) {
          body(lineNumber, range, .success(record))
          continue
        }
        let line = Array(text)
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        body(lineNumber, range, Result { try JournalRecord(line: line) })
      }
    }
    return lineStart
  }
}

extension ReviewMark {
  /// `"rating": 3` and, when fuzzed, `"fuzz": 0.37`, and after a hint `"hint": true`: members added
  /// to answer and skip records.
  var members: [(String, JSONValue)] {
    [("rating", .int(rating))] + (fuzz.map { [("fuzz", JSONValue.double($0))] } ?? [])
      + (hinted ? [("hint", JSONValue.bool(true))] : [])
  }

  /// Reads `rating` and `fuzz` from a record or snapshot answer; nil when it has no `rating`.
  init?(optionalIn json: JSONValue) throws(JSONProblem) {
    guard let value = json["rating"] else { return nil }
    guard let rating = value.int, (1...4).contains(rating) else {
      throw JSONProblem(.tr("\"rating\" must be 1, 2, 3 or 4"), at: value.offset)
    }
    var fuzz: Double?
    if let draw = json["fuzz"] {
      guard let d = draw.double, d >= 0, d < 1 else {
        throw JSONProblem(.tr("\"fuzz\" must be a number from 0 up to 1"), at: draw.offset)
      }
      fuzz = d
    }
    var hinted = false
    if let hint = json["hint"] {
      guard let value = hint.bool else {
        throw JSONProblem(.tr("\"hint\" must be true or false"), at: hint.offset)
      }
      hinted = value
    }
    self.init(rating: rating, fuzz: fuzz, hinted: hinted)
  }
}

extension JSONValue {
  static func ms(_ date: Date) -> JSONValue {
    JSONValue(.number(JSONNumber(date.millisecondsSince1970)))
  }

  static func ms(_ date: Date?) -> JSONValue { date.map { .ms($0) } ?? .null }

  /// A time written as whole milliseconds since 1970, within 1970–9999 (`Date.storedMilliseconds`).
  func time(_ key: String) throws(JSONProblem) -> Date {
    try field(key, mustBe: .trc("what a JSON member must be", "whole milliseconds from 1970 to 9999")) {
      if case .number(let n) = $0.kind, let ms = n.integer { Date(storedMilliseconds: ms) } else { nil }
    }
  }

  /// A count (`StoredCount.range`): openings, attempts, sequence numbers.
  func storedCount(_ key: String) throws(JSONProblem) -> Int {
    try field(key, mustBe: .tr("a whole number from 0 to {max}", ["max": "\(StoredCount.range.upperBound)"])) {
      $0.int.flatMap { StoredCount.range.contains($0) ? $0 : nil }
    }
  }

  /// A session's seed, or `null`. Seeds are below 2^53 (`PracticeSession.seedLimit`), so every
  /// JSON reader gets them exactly.
  static func seed(_ seed: UInt64?) -> JSONValue {
    seed.map { JSONValue(.number(JSONNumber(Int64($0 & ((1 << 53) - 1))))) } ?? .null
  }

  /// A seed, or nil for `null` or a missing member.
  func seed(_ key: String) throws(JSONProblem) -> UInt64? {
    guard let value = present(key) else { return nil }
    guard case .number(let n) = value.kind, let integer = n.integer, integer >= 0 else {
      throw JSONProblem(.tr("\"{key}\" must be a whole number from 0, or null", ["key": key]), at: value.offset)
    }
    return UInt64(integer)
  }

  /// An answer's `fraction`: nil when absent; a number from 0 to 1 otherwise. 0 and 1 are read as
  /// absent (the answer's `correct` says as much).
  func partialCredit() throws(JSONProblem) -> Double? {
    guard let value = present("fraction") else { return nil }
    guard let fraction = value.double, fraction >= 0, fraction <= 1 else {
      throw JSONProblem(.tr("\"fraction\" must be a number from 0 to 1"), at: value.offset)
    }
    return fraction > 0 && fraction < 1 ? fraction : nil
  }

  func optionalTime(_ key: String) throws(JSONProblem) -> Date? {
    guard present(key) != nil else { return nil }
    return try time(key)
  }
}
