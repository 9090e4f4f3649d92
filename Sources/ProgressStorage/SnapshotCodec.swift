import Foundation
import Localization
import PracticeJSON
import Scheduling

/// Reads and writes `snapshot.json`, and upgrades older versions of it.
enum SnapshotCodec {
  static let currentVersion = 2
  static let formatName = "practice-progress"

  /// Upgrades from version `key` to `key + 1`.
  typealias Migration = @Sendable (JSONValue) throws(JSONProblem) -> JSONValue

  /// Version 0 (the layout before idempotent replay) had no `writers` list.
  static let migrations: [Int: Migration] = [
    0: { (old: JSONValue) throws(JSONProblem) -> JSONValue in
      guard var members = old.members else {
        throw JSONProblem(.tr("expected an object"), at: old.offset)
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
    },
    // Version 1 kept every session whole; version 2 sums old ones up in `earlier`.
    1: { (old: JSONValue) throws(JSONProblem) -> JSONValue in
      guard var members = old.members else {
        throw JSONProblem(.tr("expected an object"), at: old.offset)
      }
      members.removeAll { $0.key == "version" || $0.key == "earlier" }
      members.insert(JSONMember(key: "version", value: .int(2)), at: min(1, members.count))
      members.append(JSONMember(key: "earlier", value: encode(EarlierHistory())))
      return JSONValue(.object(members))
    },
  ]

  /// The version a parsed snapshot declares.
  static func version(of json: JSONValue) throws(JSONProblem) -> Int {
    guard json.members != nil else {
      throw JSONProblem(.tr("expected an object, found {found}", ["found": json.typeName]), at: json.offset)
    }
    let value = try json.member("version")
    guard let version = value.int, version >= 0 else {
      throw JSONProblem(.tr("\"version\" must be a whole number"), at: value.offset)
    }
    return version
  }

  /// Why a snapshot file's bytes could not be read; callers add the path and their own advice.
  enum ReadProblem: Error {
    /// Not JSON, or not a snapshot; `line` and `column` point into the file.
    case damaged(line: Int, column: Int, message: Message)
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
      throw .damaged(line: error.line, column: error.column, message: error.text)
    }
    func damaged(_ error: JSONProblem) -> ReadProblem {
      let at = SourceLocation(offset: error.offset ?? 0, in: bytes)
      return .damaged(line: at.line, column: at.column, message: error.text)
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
  static func migrate(_ json: JSONValue, from version: Int) throws(JSONProblem) -> JSONValue {
    var json = json
    for step in version..<currentVersion {
      guard let migration = migrations[step] else {
        throw JSONProblem(.tr("no upgrade from version {version}", ["version": step]), at: nil)
      }
      json = try migration(json)
    }
    return json
  }

  /// The snapshot of `state`; with `version` 1, the layout before `earlier` (for `history-base.json`,
  /// which only ever holds a state with nothing summed up).
  static func encode(_ state: ProgressState, version: Int = currentVersion) -> JSONValue {
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
        ] + (question.overruled > 0 ? [("overruled", .int(question.overruled))] : [])
          + (question.hints > 0 ? [("hints", .int(question.hints))] : [])
          + (question.skippedLast ? [("skippedLast", .bool(true))] : [])
          + (question.reviewAnswers > 0 ? [("reviewAnswers", .int(question.reviewAnswers))] : [])
          + (question.partialCredit > 0 ? [("partialCredit", .double(question.partialCredit))] : []))
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
      // Added with resume: absent for sessions from before kinds (and for sessions never resumed).
      if let kind = session.kind { members += [("kind", .string(kind.rawValue)), ("seed", .seed(session.seed))] }
      if !session.resumes.isEmpty { members.append(("resumes", .array(session.resumes.map { .ms($0) }))) }
      // Added with essays: absent when none was written to (and in older snapshots).
      if !session.responses.isEmpty { members.append(("responses", .array(session.responses.map(encode)))) }
      // Added with hints kept across a resume: absent when its end left no hint open.
      if let hinted = session.hintedQuestion { members.append(("hinted", .string(hinted))) }
      return .object(members)
    }
    return .object(
      [
        ("format", .string(formatName)), ("version", .int(version)),
        ("writers", .array(writers)),
        ("nodes", .array(nodes)), ("questions", .array(questions)), ("sessions", .array(sessions)),
      ] + (version >= 2 ? [("earlier", encode(state.earlier))] : [])
        // Added with the optimiser; absent while the defaults were never replaced.
        + (state.parameterTimeline.choices.isEmpty ? [] : [("parameters", encode(state.parameterTimeline))]))
  }

  /// `parameters`: the FSRS parameters chosen, oldest first, as their journal records hold them.
  static func encode(_ timeline: ParameterTimeline) -> JSONValue {
    .array(
      timeline.choices.map { choice in
        .object([
          ("time", .ms(choice.time)), ("fittedTo", .string(choice.source.rawValue)),
          ("parameters", .array(choice.parameters.map { .double($0) })), ("reviews", .int(choice.reviews)),
        ])
      })
  }

  static func decodeParameters(_ items: [JSONValue]) throws(JSONProblem) -> ParameterTimeline {
    var timeline = ParameterTimeline()
    for item in items { timeline.add(try JournalRecord.choice(in: item, at: try item.time("time"))) }
    return timeline
  }

  /// `earlier`: the review moment, retired sessions per node and kind, review memories per question.
  static func encode(_ earlier: EarlierHistory) -> JSONValue {
    let sessions: [JSONValue] = earlier.sessions.values.sorted {
      ($0.key.node, $0.key.kind?.rawValue ?? "", $0.key.asked) < (
        $1.key.node, $1.key.kind?.rawValue ?? "", $1.key.asked
      )
    }.map { tally in
      .object([
        ("node", .string(tally.key.node)), ("kind", .optional(tally.key.kind?.rawValue)),
        ("asked", .int(tally.key.asked)), ("count", .int(tally.count)), ("scored", .int(tally.scored)),
        ("milliseconds", .int(Int(tally.milliseconds))), ("best", .optional(tally.best)),
        ("lastStart", .ms(tally.lastStart)), ("lastID", .string(tally.lastID)),
        ("lastScore", .optional(tally.lastScore)),
      ])
    }
    let reviews: [JSONValue] = earlier.reviews.sorted { $0.key < $1.key }.map { id, review in
      let memory = review.memory
      return .object([
        ("question", .string(id)), ("phase", .int(memory.phase.rawValue)), ("step", .optional(memory.step)),
        ("stability", .optional(memory.stability)), ("difficulty", .optional(memory.difficulty)),
        ("due", .ms(memory.due)), ("lastReview", .ms(memory.lastReview)), ("reps", .int(memory.reps)),
        ("lapses", .int(memory.lapses)), ("lastRight", .bool(review.lastRight)), ("first", .ms(review.first)),
      ])
    }
    return .object([
      ("reviewedThrough", .ms(earlier.reviewedThrough)), ("sessions", .array(sessions)), ("reviews", .array(reviews)),
    ])
  }

  static func decodeEarlier(_ json: JSONValue) throws(JSONProblem) -> EarlierHistory {
    var earlier = EarlierHistory()
    earlier.reviewedThrough = try json.optionalTime("reviewedThrough")
    for item in try json.array("sessions") {
      let kindValue = try item.member("kind")
      let kind = kindValue.string.flatMap(SessionKind.init(rawValue:))
      guard kindValue.isNull || kind != nil else {
        throw JSONProblem(.tr("\"kind\" must be \"full\", \"mistakes\", \"review\" or null"), at: kindValue.offset)
      }
      let key = SessionTally.Key(node: try item.string("node"), kind: kind, asked: try item.storedCount("asked"))
      var tally = SessionTally(key: key)
      tally.count = try item.storedCount("count")
      tally.scored = try item.storedCount("scored")
      tally.milliseconds = Int64(try item.storedCount("milliseconds"))
      tally.best = try item.numberOrNull("best")
      tally.lastStart = try item.optionalTime("lastStart")
      tally.lastID = try item.string("lastID")
      tally.lastScore = try item.numberOrNull("lastScore")
      earlier.sessions[key] = tally
    }
    for item in try json.array("reviews") {
      let phase: LearningPhase = try item.field("phase", mustBe: .trc("what a JSON member must be", "1, 2 or 3")) {
        $0.int.flatMap(LearningPhase.init(rawValue:))
      }
      let step: Int? = try item.field("step", mustBe: .trc("what a JSON member must be", "a whole number or null")) {
        $0.isNull ? .some(nil) : $0.int.map { .some($0) }
      }
      let memory = CardMemory(
        phase: phase, step: step, stability: try item.numberOrNull("stability"),
        difficulty: try item.numberOrNull("difficulty"), due: try item.time("due"),
        lastReview: try item.optionalTime("lastReview"), reps: try item.storedCount("reps"),
        lapses: try item.storedCount("lapses"))
      earlier.reviews[try item.string("question")] = ReviewTally(
        memory: memory, lastRight: try item.boolean("lastRight"), first: try item.time("first"))
    }
    return earlier
  }

  /// One answer (or skip); `rating` and `fuzz` only when the answer has them, `values` only for a
  /// calculated question's (so the snapshot of any other answer is as it was).
  static func encode(_ answer: SessionAnswer) -> JSONValue {
    .object(
      [
        ("question", .string(answer.questionID)), ("given", .string(answer.given)),
        ("correct", .bool(answer.correct)), ("time", .ms(answer.time)),
      ] + (answer.review?.members ?? []) + (answer.overruled ? [("overruled", .bool(true))] : [])
        + (answer.fraction.map { [("fraction", .double($0))] } ?? [])
        + (answer.values.map { [("values", $0.json)] } ?? []))
  }

  /// One essay response, with the members of its journal record.
  static func encode(_ response: SessionResponse) -> JSONValue {
    .object([
      ("question", .string(response.questionID)), ("text", .string(response.text)), ("time", .ms(response.time)),
    ])
  }

  static func decodeResponse(_ response: JSONValue) throws(JSONProblem) -> SessionResponse {
    SessionResponse(
      questionID: try response.string("question"), text: try response.string("text"), time: try response.time("time"))
  }

  static func decodeAnswer(_ answer: JSONValue) throws(JSONProblem) -> SessionAnswer {
    SessionAnswer(
      questionID: try answer.string("question"), given: try answer.string("given"),
      correct: try answer.boolean("correct"), time: try answer.time("time"),
      review: try ReviewMark(optionalIn: answer),
      overruled: answer["overruled"] == nil ? false : try answer.boolean("overruled"),
      fraction: try answer.partialCredit(), values: try answer.shownValues())
  }

  static func decode(_ json: JSONValue) throws(JSONProblem) -> ProgressState {
    var state = ProgressState()
    for item in try json.array("writers") {
      state.appliedSequence[try item.string("id")] = try item.storedCount("seq")
    }
    for item in try json.array("nodes") {
      state.nodes[try item.string("key")] = NodeProgress(
        hadRead: try item.boolean("hadRead"), browseCount: try item.storedCount("browseCount"),
        firstStudied: try item.optionalTime("firstStudied"),
        lastStudied: try item.optionalTime("lastStudied"))
    }
    for item in try json.array("questions") {
      let recent = try item.elements("recent", mustHold: .trc("what a JSON array must hold", "true or false")) {
        $0.bool
      }
      let lastCorrect: Bool? = try item.field(
        "lastCorrect", mustBe: .trc("what a JSON member must be", "true, false or null")
      ) {
        $0.isNull ? .some(nil) : $0.bool.map { .some($0) }
      }
      state.questions[try item.string("id")] = QuestionProgress(
        attempts: try item.storedCount("attempts"), correct: try item.storedCount("correct"),
        lastCorrect: lastCorrect,
        lastAnsweredAt: try item.optionalTime("lastAnsweredAt"), recentResults: recent,
        overruled: item["overruled"] == nil ? 0 : try item.storedCount("overruled"),
        hints: item["hints"] == nil ? 0 : try item.storedCount("hints"),
        skippedLast: item["skippedLast"] == nil ? false : try item.boolean("skippedLast"),
        reviewAnswers: item["reviewAnswers"] == nil ? 0 : try item.storedCount("reviewAnswers"))
      if let value = item.present("partialCredit") {
        guard let sum = value.double, sum >= 0, sum <= Double(StoredCount.range.upperBound) else {
          throw JSONProblem(.tr("\"partialCredit\" must be a number from 0"), at: value.offset)
        }
        state.questions[try item.string("id")]?.partialCredit = sum
      }
    }
    for item in try json.array("sessions") {
      let questionIDs = try item.elements("questions", mustHold: .trc("what a JSON array must hold", "strings")) {
        $0.string
      }
      var answers: [SessionAnswer] = []
      for answer in try item.array("answers") { answers.append(try decodeAnswer(answer)) }
      var skips: [SessionAnswer] = []
      if item["skips"] != nil {
        for skip in try item.array("skips") { skips.append(try decodeAnswer(skip)) }
      }
      let score = try item.numberOrNull("score")
      let id = try item.string("id")
      state.sessions[id] = SessionRecord(
        id: id, node: try item.string("node"), start: try item.time("start"),
        end: try item.optionalTime("end"),
        questionIDs: questionIDs, answers: answers, score: score,
        endedEarly: try item.boolean("endedEarly"))
      state.sessions[id]?.skips = skips
      // Added with resume: absent in snapshots from before (and `resumes` when never resumed).
      if item["kind"] != nil {
        state.sessions[id]?.kind = SessionKind(rawValue: try item.string("kind"))
        state.sessions[id]?.seed = try item.seed("seed")
      }
      if item["resumes"] != nil {
        state.sessions[id]?.resumes = try item.elements(
          "resumes", mustHold: .trc("what a JSON array must hold", "whole milliseconds")
        ) { value in
          guard case .number(let n) = value.kind, let ms = n.integer else { return nil }
          return Date(millisecondsSince1970: ms)
        }
      }
      if item["responses"] != nil {
        var responses: [SessionResponse] = []
        for response in try item.array("responses") { responses.append(try decodeResponse(response)) }
        state.sessions[id]?.responses = responses
      }
      if item.present("hinted") != nil { state.sessions[id]?.hintedQuestion = try item.string("hinted") }
    }
    state.earlier = try decodeEarlier(try json.member("earlier"))
    if json["parameters"] != nil { state.parameterTimeline = try decodeParameters(try json.array("parameters")) }
    return state
  }
}
