import Foundation
import PracticeJSON

/// Reads a current-version `snapshot.json`, laid out as `SnapshotCodec.encode` writes it, straight
/// into a `ProgressState` without building a JSON tree.
///
/// The snapshot is read at every start and grows with the history (it keeps every answer), and
/// building and freeing its tree was most of the start-up time of a long-studied course. Anything
/// but the exact layout the encoder writes (its members in its order, version 1, the right types)
/// makes this give up and return nil; `SnapshotCodec.read` then parses the tree, which upgrades old
/// versions and reports problems with their place. So this path only has to be right, never helpful.
///
/// ```swift
/// let state = SnapshotFastPath.decode(bytes) ?? (try SnapshotCodec.read(bytes).state)
/// ```
enum SnapshotFastPath {
  static func decode(_ bytes: [UInt8]) -> ProgressState? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = Reader(scanner: JSONScanner(bytes: buffer))
      return try? reader.snapshot()
    }
  }
}

/// The layout's reader: every method throws when the text is not exactly what it expects.
private struct Reader {
  struct GiveUp: Error {}

  var scanner: JSONScanner

  mutating func snapshot() throws -> ProgressState {
    var state = ProgressState()
    try scanner.expect(UInt8(ascii: "{"))
    guard try string("format", first: true) == SnapshotCodec.formatName,
      try integer("version") == SnapshotCodec.currentVersion
    else { throw GiveUp() }
    try key("writers")
    try elements { reader in
      try reader.scanner.expect(UInt8(ascii: "{"))
      let id = try reader.string("id", first: true)
      state.appliedSequence[id] = try reader.integer("seq")
      try reader.scanner.expect(UInt8(ascii: "}"))
    }
    try key("nodes")
    try elements { reader in
      try reader.scanner.expect(UInt8(ascii: "{"))
      let key = try reader.string("key", first: true)
      state.nodes[key] = NodeProgress(
        hadRead: try reader.boolean("hadRead"), browseCount: try reader.integer("browseCount"),
        firstStudied: try reader.optionalTime("firstStudied"), lastStudied: try reader.optionalTime("lastStudied"))
      try reader.scanner.expect(UInt8(ascii: "}"))
    }
    try key("questions")
    try elements { reader in
      try reader.scanner.expect(UInt8(ascii: "{"))
      let id = try reader.string("id", first: true)
      let attempts = try reader.integer("attempts")
      let correct = try reader.integer("correct")
      try reader.key("lastCorrect")
      let lastCorrect = try reader.scanner.readValue()
      guard lastCorrect.isNull || lastCorrect.bool != nil else { throw GiveUp() }
      let lastAnsweredAt = try reader.optionalTime("lastAnsweredAt")
      var recent: [Bool] = []
      try reader.key("recent")
      try reader.elements { reader in recent.append(try reader.boolean()) }
      var question = QuestionProgress(
        attempts: attempts, correct: correct, lastCorrect: lastCorrect.bool, lastAnsweredAt: lastAnsweredAt,
        recentResults: recent)
      var seen = 0
      while let key = try reader.optionalKey(
        ["overruled", "hints", "skippedLast", "reviewAnswers", "partialCredit"], after: &seen)
      {
        if key == "partialCredit" {
          guard let sum = try reader.scanner.readValue().double, sum >= 0, sum <= 1e12 else { throw GiveUp() }
          question.partialCredit = sum
        } else if key == "overruled" {
          guard let n = try reader.scanner.readValue().int else { throw GiveUp() }
          question.overruled = n
        } else if key == "hints" {
          guard let n = try reader.scanner.readValue().int, (0...1_000_000_000_000).contains(n) else { throw GiveUp() }
          question.hints = n
        } else if key == "skippedLast" {
          question.skippedLast = try reader.boolean()
        } else {
          guard let n = try reader.scanner.readValue().int, (0...1_000_000_000_000).contains(n) else { throw GiveUp() }
          question.reviewAnswers = n
        }
      }
      state.questions[id] = question
      try reader.scanner.expect(UInt8(ascii: "}"))
    }
    try key("sessions")
    try elements { reader in
      try reader.scanner.expect(UInt8(ascii: "{"))
      let id = try reader.string("id", first: true)
      let node = try reader.string("node")
      let start = try reader.time("start")
      let end = try reader.optionalTime("end")
      var questionIDs: [String] = []
      try reader.key("questions")
      try reader.elements { reader in questionIDs.append(try reader.string()) }
      var answers: [SessionAnswer] = []
      try reader.key("answers")
      try reader.elements { reader in answers.append(try reader.answer()) }
      try reader.key("score")
      let score = try reader.scanner.readValue()
      guard score.isNull || score.double != nil else { throw GiveUp() }
      var session = SessionRecord(
        id: id, node: node, start: start, end: end, questionIDs: questionIDs, answers: answers, score: score.double,
        endedEarly: try reader.boolean("endedEarly"))
      var seen = 0
      while let key = try reader.optionalKey(
        ["skips", "kind", "seed", "resumes", "responses", "hinted"], after: &seen)
      {
        switch key {
        case "skips":
          try reader.elements { reader in session.skips.append(try reader.answer()) }
        case "kind":
          session.kind = SessionKind(rawValue: try reader.string())
        case "seed":
          let seed = try reader.scanner.readValue()
          guard seed.isNull || (seed.int ?? -1) >= 0 else { throw GiveUp() }
          session.seed = seed.int.map { UInt64($0) }
        case "resumes":
          try reader.elements { reader in
            guard case .number(let n) = try reader.scanner.readValue().kind, let ms = n.integer else { throw GiveUp() }
            session.resumes.append(Date(millisecondsSince1970: ms))
          }
        case "hinted":
          session.hintedQuestion = try reader.string()
        default:
          try reader.elements { reader in
            try reader.scanner.expect(UInt8(ascii: "{"))
            session.responses.append(
              SessionResponse(
                questionID: try reader.string("question", first: true), text: try reader.string("text"),
                time: try reader.time("time")))
            try reader.scanner.expect(UInt8(ascii: "}"))
          }
        }
      }
      state.sessions[id] = session
      try reader.scanner.expect(UInt8(ascii: "}"))
    }
    // Small (one entry per node and kind, per question): the tree decoder reads it.
    try key("earlier")
    state.earlier = try SnapshotCodec.decodeEarlier(try scanner.readValue())
    var seen = 0
    if try optionalKey(["parameters"], after: &seen) != nil {
      guard let items = try scanner.readValue().array else { throw GiveUp() }
      state.parameterTimeline = try SnapshotCodec.decodeParameters(items)
    }
    try scanner.expect(UInt8(ascii: "}"))
    guard scanner.peek() == nil else { throw GiveUp() }
    return state
  }

  /// One answer object; `rating` and then `fuzz` follow `time` when the answer has them.
  mutating func answer() throws -> SessionAnswer {
    try scanner.expect(UInt8(ascii: "{"))
    var answer = SessionAnswer(
      questionID: try string("question", first: true), given: try string("given"),
      correct: try boolean("correct"), time: try time("time"))
    // Optional members, each only in this order: rating, fuzz and hint (with a rating), overruled, fraction,
    // values.
    func nextKey(_ scanner: inout JSONScanner) throws -> String? {
      guard scanner.consume(UInt8(ascii: ",")) else { return nil }
      let key = try scanner.readString()
      try scanner.expect(UInt8(ascii: ":"))
      return key
    }
    var key = try nextKey(&scanner)
    if key == "rating" {
      guard let rating = try scanner.readValue().int, (1...4).contains(rating) else { throw GiveUp() }
      var mark = ReviewMark(rating: rating)
      key = try nextKey(&scanner)
      if key == "fuzz" {
        guard let fuzz = try scanner.readValue().double, fuzz >= 0, fuzz < 1 else { throw GiveUp() }
        mark.fuzz = fuzz
        key = try nextKey(&scanner)
      }
      if key == "hint" {
        guard try scanner.readValue().bool == true else { throw GiveUp() }
        mark.hinted = true
        key = try nextKey(&scanner)
      }
      answer.review = mark
    }
    if key == "overruled" {
      guard try scanner.readValue().bool == true else { throw GiveUp() }
      answer.overruled = true
      key = try nextKey(&scanner)
    }
    if key == "fraction" {
      // 0 and 1 are never written; the tree decoder reads them (as no partial credit).
      guard let fraction = try scanner.readValue().double, fraction > 0, fraction < 1, !answer.correct else {
        throw GiveUp()
      }
      answer.fraction = fraction
      key = try nextKey(&scanner)
    }
    if key == "values" {
      // Written only when there are some; `{}` and anything but strings go the tree's way.
      guard let values = try? ShownValues(json: try scanner.readValue()) else { throw GiveUp() }
      answer.values = values
      key = try nextKey(&scanner)
    }
    guard key == nil else { throw GiveUp() }
    try scanner.expect(UInt8(ascii: "}"))
    return answer
  }

  // MARK: Layout

  /// The next optional member's name (after its comma and before its value), which must be one of
  /// `names` later than the one at `seen`; nil at the object's end.
  mutating func optionalKey(_ names: [String], after seen: inout Int) throws -> String? {
    guard scanner.consume(UInt8(ascii: ",")) else { return nil }
    let name = try scanner.readString()
    guard let index = names.firstIndex(of: name), index >= seen else { throw GiveUp() }
    seen = index + 1
    try scanner.expect(UInt8(ascii: ":"))
    return name
  }

  /// `"name":`, preceded by the comma every member but an object's first needs.
  mutating func key(_ name: String, first: Bool = false) throws {
    if !first { try scanner.expect(UInt8(ascii: ",")) }
    guard try scanner.readString() == name else { throw GiveUp() }
    try scanner.expect(UInt8(ascii: ":"))
  }

  /// Reads an array, handing each element to `element`.
  mutating func elements(_ element: (inout Reader) throws -> Void) throws {
    try scanner.expect(UInt8(ascii: "["))
    try scanner.enterContainer()
    defer { scanner.leaveContainer() }
    if scanner.consume(UInt8(ascii: "]")) { return }
    repeat { try element(&self) } while scanner.consume(UInt8(ascii: ","))
    try scanner.expect(UInt8(ascii: "]"))
  }

  // MARK: Values, read with the accessors the tree decoder uses so both accept the same text

  mutating func string(_ name: String, first: Bool = false) throws -> String {
    try key(name, first: first)
    return try string()
  }

  mutating func string() throws -> String {
    guard let s = try scanner.readValue().string else { throw GiveUp() }
    return s
  }

  mutating func integer(_ name: String) throws -> Int {
    try key(name)
    // Out of range: the slow reader says which field, where.
    guard let i = try scanner.readValue().int, StoredCount.range.contains(i) else { throw GiveUp() }
    return i
  }

  mutating func boolean(_ name: String) throws -> Bool {
    try key(name)
    return try boolean()
  }

  mutating func boolean() throws -> Bool {
    guard let b = try scanner.readValue().bool else { throw GiveUp() }
    return b
  }

  mutating func time(_ name: String) throws -> Date {
    guard let date = try optionalTime(name) else { throw GiveUp() }
    return date
  }

  mutating func optionalTime(_ name: String) throws -> Date? {
    try key(name)
    let value = try scanner.readValue()
    if value.isNull { return nil }
    guard case .number(let number) = value.kind, let ms = number.integer, let date = Date(storedMilliseconds: ms)
    else { throw GiveUp() }
    return date
  }
}
