import Foundation
import PracticeJSON

/// Reads and writes `snapshot.json`, and upgrades older versions of it.
enum SnapshotCodec {
  static let currentVersion = 1
  static let formatName = "practice-progress"

  /// Upgrades from version `key` to `key + 1`.
  typealias Migration = @Sendable (JSONValue) throws(RecordError) -> JSONValue

  /// Version 0 (the layout before idempotent replay) had no `writers` list.
  static let migrations: [Int: Migration] = [
    0: { (old: JSONValue) throws(RecordError) -> JSONValue in
      guard var members = old.members else {
        throw RecordError("expected an object", offset: old.offset)
      }
      members.removeAll { $0.key == "version" || $0.key == "format" }
      var upgraded = [
        JSONMember(key: "format", value: .string(formatName)),
        JSONMember(key: "version", value: .int(1)),
      ]
      upgraded.append(contentsOf: members)
      if !members.contains(where: { $0.key == "writers" }) {
        upgraded.append(JSONMember(key: "writers", value: .array([])))
      }
      return JSONValue(.object(upgraded))
    }
  ]

  /// The version a parsed snapshot declares.
  static func version(of json: JSONValue) throws(RecordError) -> Int {
    guard json.members != nil else {
      throw RecordError("expected an object, found \(json.typeDescription)", offset: json.offset)
    }
    let value = try json.field("version")
    guard let version = value.int, version >= 0 else {
      throw RecordError("\"version\" must be a whole number", offset: value.offset)
    }
    return version
  }

  /// Why a snapshot file's bytes could not be read; callers add the path and their own advice.
  enum ReadProblem: Error {
    /// Not JSON, or not a snapshot; `line` and `column` point into the file.
    case damaged(line: Int, column: Int, message: String)
    /// Written by a newer program.
    case newerVersion(Int)
  }

  /// Parses a snapshot file and decodes it, upgrading older versions in memory only.
  ///
  /// Returns the version the file declares, so the store can rewrite an old file after a
  /// backup while `ReadOnlyProgress` leaves it as it is.
  static func read(_ bytes: [UInt8]) throws(ReadProblem) -> (state: ProgressState, version: Int) {
    // The usual case, a current snapshot as written, without a tree; anything else takes the tree.
    if let state = SnapshotFastPath.decode(bytes) { return (state, currentVersion) }
    var json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw .damaged(line: error.line, column: error.column, message: error.message)
    }
    func damaged(_ error: RecordError) -> ReadProblem {
      let at = SourceLocation(offset: error.offset ?? 0, in: bytes)
      return .damaged(line: at.line, column: at.column, message: error.message)
    }
    let version: Int
    do {
      version = try self.version(of: json)
    } catch {
      throw damaged(error)
    }
    if version > currentVersion { throw .newerVersion(version) }
    do {
      if version < currentVersion { json = try migrate(json, from: version) }
      return (try decode(json), version)
    } catch {
      throw damaged(error)
    }
  }

  /// Applies migrations until the value is at `currentVersion`.
  static func migrate(_ json: JSONValue, from version: Int) throws(RecordError) -> JSONValue {
    var json = json
    for step in version..<currentVersion {
      guard let migration = migrations[step] else {
        throw RecordError("no upgrade from version \(step)")
      }
      json = try migration(json)
    }
    return json
  }

  static func encode(_ state: ProgressState) -> JSONValue {
    let writers: [JSONValue] = state.appliedSequence.sorted { $0.key < $1.key }.map {
      .object([("id", .string($0.key)), ("seq", .int($0.value))])
    }
    let nodes: [JSONValue] = state.nodes.sorted { $0.key < $1.key }.map { key, node in
      .object([
        ("key", .string(key)), ("hadRead", .bool(node.hadRead)),
        ("browseCount", .int(node.browseCount)),
        ("firstStudied", .ms(node.firstStudied)), ("lastStudied", .ms(node.lastStudied)),
      ])
    }
    let questions: [JSONValue] = state.questions.sorted { $0.key < $1.key }.map { id, question in
      .object(
        [
          ("id", .string(id)), ("attempts", .int(question.attempts)),
          ("correct", .int(question.correct)),
          ("lastCorrect", question.lastCorrect.map { .bool($0) } ?? .null),
          ("lastAnsweredAt", .ms(question.lastAnsweredAt)),
          ("recent", .array(question.recentResults.map { .bool($0) })),
        ] + (question.overruled > 0 ? [("overruled", .int(question.overruled))] : []))
    }
    let sessions: [JSONValue] = state.sessionsByStart.map { session in
      var members: [(String, JSONValue)] = [
        ("id", .string(session.id)), ("node", .string(session.node)), ("start", .ms(session.start)),
        ("end", .ms(session.end)), ("questions", .array(session.questionIDs.map { .string($0) })),
        ("answers", .array(session.answers.map(encode))),
        ("score", .optional(session.score)), ("endedEarly", .bool(session.endedEarly)),
      ]
      // Added with review scheduling; absent when empty, so older snapshots read the same.
      if !session.skips.isEmpty { members.append(("skips", .array(session.skips.map(encode)))) }
      return .object(members)
    }
    return .object([
      ("format", .string(formatName)), ("version", .int(currentVersion)),
      ("writers", .array(writers)),
      ("nodes", .array(nodes)), ("questions", .array(questions)), ("sessions", .array(sessions)),
    ])
  }

  /// One answer (or skip); `rating` and `fuzz` only when the answer has them.
  static func encode(_ answer: SessionAnswer) -> JSONValue {
    .object(
      [
        ("question", .string(answer.questionID)), ("given", .string(answer.given)),
        ("correct", .bool(answer.correct)), ("time", .ms(answer.time)),
      ] + (answer.review?.members ?? []) + (answer.overruled ? [("overruled", .bool(true))] : []))
  }

  static func decodeAnswer(_ answer: JSONValue) throws(RecordError) -> SessionAnswer {
    SessionAnswer(
      questionID: try answer.text("question"), given: try answer.text("given"),
      correct: try boolean(answer, "correct"), time: try answer.time("time"),
      review: try ReviewMark(optionalIn: answer),
      overruled: answer["overruled"] == nil ? false : try boolean(answer, "overruled"))
  }

  static func decode(_ json: JSONValue) throws(RecordError) -> ProgressState {
    var state = ProgressState()
    for item in try list(json, "writers") {
      state.appliedSequence[try item.text("id")] = try integer(item, "seq")
    }
    for item in try list(json, "nodes") {
      state.nodes[try item.text("key")] = NodeProgress(
        hadRead: try boolean(item, "hadRead"), browseCount: try integer(item, "browseCount"),
        firstStudied: try item.optionalTime("firstStudied"),
        lastStudied: try item.optionalTime("lastStudied"))
    }
    for item in try list(json, "questions") {
      var recent: [Bool] = []
      for value in try list(item, "recent") {
        guard let b = value.bool else {
          throw RecordError("\"recent\" must hold true or false", offset: value.offset)
        }
        recent.append(b)
      }
      let lastCorrect = try item.field("lastCorrect")
      guard lastCorrect.isNull || lastCorrect.bool != nil else {
        throw RecordError("\"lastCorrect\" must be true, false or null", offset: lastCorrect.offset)
      }
      state.questions[try item.text("id")] = QuestionProgress(
        attempts: try integer(item, "attempts"), correct: try integer(item, "correct"),
        lastCorrect: lastCorrect.bool,
        lastAnsweredAt: try item.optionalTime("lastAnsweredAt"), recentResults: recent,
        overruled: item["overruled"] == nil ? 0 : try integer(item, "overruled"))
    }
    for item in try list(json, "sessions") {
      var questionIDs: [String] = []
      for value in try list(item, "questions") {
        guard let s = value.string else {
          throw RecordError("\"questions\" must hold strings", offset: value.offset)
        }
        questionIDs.append(s)
      }
      var answers: [SessionAnswer] = []
      for answer in try list(item, "answers") { answers.append(try decodeAnswer(answer)) }
      var skips: [SessionAnswer] = []
      if item["skips"] != nil {
        for skip in try list(item, "skips") { skips.append(try decodeAnswer(skip)) }
      }
      let score = try item.field("score")
      guard score.isNull || score.double != nil else {
        throw RecordError("\"score\" must be a number or null", offset: score.offset)
      }
      let id = try item.text("id")
      state.sessions[id] = SessionRecord(
        id: id, node: try item.text("node"), start: try item.time("start"),
        end: try item.optionalTime("end"),
        questionIDs: questionIDs, answers: answers, score: score.double,
        endedEarly: try boolean(item, "endedEarly"))
      state.sessions[id]?.skips = skips
    }
    return state
  }

  private static func list(_ json: JSONValue, _ key: String) throws(RecordError) -> [JSONValue] {
    let value = try json.field(key)
    guard let array = value.array else {
      throw RecordError("\"\(key)\" must be an array", offset: value.offset)
    }
    return array
  }

  private static func integer(_ json: JSONValue, _ key: String) throws(RecordError) -> Int {
    let value = try json.field(key)
    guard let i = value.int else {
      throw RecordError("\"\(key)\" must be a whole number", offset: value.offset)
    }
    return i
  }

  private static func boolean(_ json: JSONValue, _ key: String) throws(RecordError) -> Bool {
    let value = try json.field(key)
    guard let b = value.bool else {
      throw RecordError("\"\(key)\" must be true or false", offset: value.offset)
    }
    return b
  }
}
