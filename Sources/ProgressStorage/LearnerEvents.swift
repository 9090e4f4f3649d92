import Foundation
package import PracticeFiles
import PracticeJSON
import PracticeTime
import Scheduling

/// One learner's history in one course as export lines: what `practice export --events` writes.
///
/// Read the way the class report reads (`ReadOnlyProgress`): read-only, under a shared lock,
/// the torn tail and damaged lines skipped, duplicates (a `seq` at or below the highest applied
/// for its writer) left out. A `learner` line comes first (`source: "folder"`), then the
/// history's base (`history-base.json`, or a format-1 `snapshot.json`) as `source:
/// "snapshot"` records (per node one `opens` total, per session its start, answers, skips,
/// essay responses and end), then the records of the journal's kept segments and of the journal, in file order. Each line is one compact JSON object with
/// `user` and `course`, and times as RFC 3339 UTC strings; `schemas/events-v1.json` describes it.
///
/// ```swift
/// let events = try LearnerEvents.load(directory: data + "/ann/physics", user: "ann", course: "physics")
/// for line in events.lines { print(line) }
/// ```
package struct LearnerEvents: Sendable {
  /// Compact JSON objects, without newlines.
  package var lines: [String] = []
  /// Journal lines that did not parse (1-based), skipped as the class report skips them.
  package var damagedLines: [Int] = []
  /// Bytes of a half-written last journal line that were ignored.
  package var tornTailBytes = 0
  /// Records of a type from a newer version, in the journal or its kept segments: skipped, not damaged.
  package var unknownRecords = UnknownRecords()

  /// Reads the learner's folder, waiting up to `lockTimeout` seconds for a writer to finish.
  package static func load(
    directory: String, user: String, course: String, lockTimeout: Double = 2,
    fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(ProgressError) -> LearnerEvents {
    try load(
      directory: directory, user: user, course: course, until: LockDeadline(seconds: lockTimeout), fileSystem: fs)
  }

  /// The same, waiting for a writer only until `deadline`, shared by every learner of an export.
  package static func load(
    directory: String, user: String, course: String, until deadline: LockDeadline,
    fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(ProgressError) -> LearnerEvents {
    var events = LearnerEvents()
    let prefix: [(String, JSONValue)] = [("user", .string(user)), ("course", .string(course))]
    // `line` keeps the order of folding for engines that do not keep a file's order (Spark, DuckDB in parallel).
    func emit(_ pairs: [(String, JSONValue)]) {
      events.lines.append(JSONWriter.compact(.object(prefix + [("line", .int(events.lines.count + 1))] + pairs)))
    }
    var applied: [String: Int] = [:]
    func emitRecord(_ record: JournalRecord) {
      if let seen = applied[record.writer], record.sequence <= seen { return }
      applied[record.writer] = record.sequence
      emit([("source", "journal")] + exported(record.json.members ?? []) + asked(record.event))
    }
    try ReadOnlyProgress.underSharedLock(directory: directory, until: deadline, fs) {
      () throws(ProgressError) in
      try ReadOnlyProgress.whileNoSegmentAppears(directory: directory, fs) {
        () throws(ProgressError) in
        // Read again from the start when a compaction added a segment meanwhile.
        events = LearnerEvents()
        applied = [:]
        // Every learner folder has this line, so a learner with no history yet still counts (as the class report counts them).
        emit([("source", "folder"), ("type", "learner"), ("time", .null)])
        if let base = try ReadOnlyProgress.readBase(directory: directory, fs) {
          applied = base.appliedSequence
          for pairs in snapshotRecords(base) { emit([("source", "snapshot")] + pairs) }
        }
        // The kept segments are journal records too, read before the journal as they were written.
        try ReadOnlyProgress.forEachSegmentRecord(directory: directory, fs) {
          emitRecord($0)
        } unknown: {
          events.unknownRecords.note($0, journalLine: nil)
        }
        guard let journal = try ReadOnlyProgress.readFile(directory + "/" + ProgressStore.journalName, fs) else {
          return
        }
        let end = JournalRecord.forEachLine(in: journal) { number, _, parsed in
          switch parsed {
          case .success(let record): emitRecord(record)
          case .failure(let unknown as JournalRecord.UnknownType):
            events.unknownRecords.note(unknown.type, journalLine: number)
          case .failure: events.damagedLines.append(number)
          }
        }
        events.tornTailBytes = journal.count - end
      }
    }
    return events
  }

  /// A start's question count as `asked`, so SQL can score a session (right / questions set)
  /// without reading arrays, which engines spell differently.
  static func asked(_ event: ProgressEvent) -> [(String, JSONValue)] {
    guard case .sessionStarted(_, _, let questions, _, _, _) = event else { return [] }
    return [("asked", .int(questions.count))]
  }

  /// A record's members with `time` as RFC 3339 text.
  static func exported(_ members: [JSONMember]) -> [(String, JSONValue)] {
    members.map { member in
      guard member.key == "time", case .number(let n) = member.value.kind, let ms = n.integer else {
        return (member.key, member.value)
      }
      return (member.key, .string(UTCTime.rfc3339(milliseconds: ms)))
    }
  }

  /// The snapshot's history as records: node opening totals, then each session, oldest first.
  static func snapshotRecords(_ state: ProgressState) -> [[(String, JSONValue)]] {
    var records: [[(String, JSONValue)]] = []
    for (key, node) in state.nodes.sorted(by: { $0.key < $1.key }) {
      let time: JSONValue = (node.lastStudied ?? node.firstStudied).map { .string(UTCTime.rfc3339($0)) } ?? .null
      records.append([
        ("type", "opens"), ("time", time), ("node", .string(key)), ("count", .int(node.browseCount)),
        ("hadRead", .bool(node.hadRead)),
        ("first", node.firstStudied.map { .string(UTCTime.rfc3339($0)) } ?? .null),
      ])
    }
    for choice in state.parameterTimeline.choices {
      let members = JournalRecord(writer: "", sequence: 0, event: .parametersChosen(choice)).json.members ?? []
      records.append(exported(members.filter { $0.key != "writer" && $0.key != "seq" }))
    }
    for session in state.sessionsByStart {
      let started = ProgressEvent.sessionStarted(
        session: session.id, node: session.node, questions: session.questionIDs, at: session.start,
        kind: session.kind, seed: session.seed)
      var steps: [(event: ProgressEvent, overruled: Bool)] = session.answers.map {
        (
          .answered(
            session: session.id, question: $0.questionID, node: session.node, given: $0.given, correct: $0.correct,
            at: $0.time, review: $0.review, fraction: $0.fraction, values: $0.values), $0.overruled
        )
      }
      steps += session.resumes.map { (.sessionResumed(session: session.id, at: $0), false) }
      steps += session.skips.map {
        (
          .skipped(
            session: session.id, question: $0.questionID, node: session.node, at: $0.time,
            review: $0.review ?? ReviewMark(rating: 1), values: $0.values), false
        )
      }
      steps += session.responses.map {
        (
          .responded(session: session.id, question: $0.questionID, node: session.node, text: $0.text, at: $0.time),
          false
        )
      }
      // Answers, skips and responses interleaved as they happened (the sort is stable for equal times).
      steps = steps.enumerated().sorted { ($0.element.event.time, $0.offset) < ($1.element.event.time, $1.offset) }
        .map(\.element)
      if let end = session.end {
        steps.append(
          (
            .sessionEnded(
              session: session.id, at: end, score: session.score, endedEarly: session.endedEarly,
              hinted: session.hintedQuestion), false
          ))
      }
      for (event, overruled) in [(started, false)] + steps {
        let members = JournalRecord(writer: "", sequence: 0, event: event).json.members ?? []
        // A snapshot answer already counts its `!!`: `correct` is true and `overruled` says why.
        records.append(
          exported(members.filter { $0.key != "writer" && $0.key != "seq" })
            + (overruled ? [("overruled", .bool(true))] : []) + asked(event))
      }
    }
    return records
  }
}
