package import Foundation

/// One quiz session: what was asked, what was answered, how it ended.
///
/// ```swift
/// for session in store.state.sessionsByStart where session.node == key { print(session.score ?? 0) }
/// ```
package struct SessionRecord: Sendable, Hashable {
  package var id: String
  package var node: String
  package var start: Date
  /// `nil` while the session is open (or when it was never ended, e.g. the program died).
  package var end: Date?
  package var questionIDs: [String]
  package var answers: [SessionAnswer]
  /// Questions skipped, in order (`given` empty, rated Again); kept apart from `answers` so that
  /// scores and attempts count answers only.
  package var skips: [SessionAnswer] = []
  /// The score recorded by the session's last `end` record; `result` is the figure shown.
  package var score: Double?
  package var endedEarly: Bool
  /// What the session was for; nil for sessions recorded before kinds were kept.
  package var kind: SessionKind?
  /// The seed that shuffled it; nil when asked in the file's order (or recorded before seeds were kept).
  package var seed: UInt64?
  /// When the session was taken up again after it stopped.
  package var resumes: [Date] = []
  /// The question left open with its hint shown, by its latest `hint` record or end (whichever came
  /// last): taken up again there, the answer counts the hint. Nil when none (and for sessions
  /// recorded before it was kept).
  package var hintedQuestion: String?
  /// What was written to its essays (an empty text: an essay skipped), in order. A response is a
  /// step of the session as an answer is (behind a resume, towards finishing it, active time) and
  /// counts in no score; kept in the snapshot too, so a compacted state is the journal's.
  package var responses: [SessionResponse] = []
  /// What an override looks up; see ``overrule(_:)``.
  var answerIndex = AnswerIndex()

  package init(
    id: String, node: String, start: Date, end: Date? = nil, questionIDs: [String] = [],
    answers: [SessionAnswer] = [], score: Double? = nil, endedEarly: Bool = false, kind: SessionKind? = nil,
    seed: UInt64? = nil
  ) {
    self.kind = kind
    self.seed = seed
    self.id = id
    self.node = node
    self.start = start
    self.end = end
    self.questionIDs = questionIDs
    self.answers = answers
    self.score = score
    self.endedEarly = endedEarly
  }

  /// Makes the latest answer to `questionID` right, overruled by the learner, when it is wrong;
  /// returns its time and the partial credit it had, or nil when there is nothing to overrule (no
  /// answer, or already right).
  /// A session that has ended with a score is scored again as its `end` record was (and as
  /// ``result`` is): its credit, partly right answers by their fraction, over the graded questions
  /// it set, so the overruled answer gains what it lacked and nothing else changes.
  mutating func overrule(_ questionID: String) -> (Date, Double?)? {
    answerIndex.catchUp(with: answers)
    guard var index = answerIndex.latest[questionID] else { return nil }
    if answers[index].questionID != questionID {
      // Not what the index says (the answers were replaced in place): search, as before the index.
      guard let found = answers.lastIndex(where: { $0.questionID == questionID }) else { return nil }
      index = found
      answerIndex = AnswerIndex()
      answerIndex.catchUp(with: answers)
    }
    guard !answers[index].correct else { return nil }
    let fraction = answers[index].fraction
    let gain = 1 - answers[index].credit
    answers[index].correct = true
    answers[index].fraction = nil
    answers[index].overruled = true
    if score != nil { rescore(gaining: gain) }
    return (answers[index].time, fraction)
  }

  /// The score of an ended session again, after an override made an answer worth `gain` more:
  /// ``credit`` over ``gradedQuestions``, summed once and then added to, so n overrides after the
  /// end cost O(n), not O(n²).
  private mutating func rescore(gaining gain: Double) {
    let counts = [answers.count, skips.count, responses.count]
    if let basis = answerIndex.scoreBasis, basis.counts == counts {
      answerIndex.scoreBasis = (counts, basis.credit + gain, basis.graded)
    } else {
      answerIndex.scoreBasis = (counts, credit, gradedQuestions)
    }
    guard let basis = answerIndex.scoreBasis, basis.graded > 0 else { return }
    score = basis.credit * 100 / Double(basis.graded)
  }

  /// Seconds from start to end, once ended.
  package var duration: TimeInterval? { end.map { $0.timeIntervalSince(start) } }

  /// The latest of its start, resumes, answers, skips and essay responses (its end left out):
  /// which session `resume` takes up.
  package var lastActivity: Date {
    var latest = start
    for time in resumes where time > latest { latest = time }
    for answer in answers where answer.time > latest { latest = answer.time }
    for skip in skips where skip.time > latest { latest = skip.time }
    for response in responses where response.time > latest { latest = response.time }
    return latest
  }

  /// The questions it has behind it: answered, skipped or (an essay) responded to, which a
  /// resumed session does not ask again; `Resume at question N` names the one after them.
  package var position: Int { gradedPosition + essays }

  /// The graded questions answered or skipped so far.
  private var gradedPosition: Int { Set(answers.map(\.questionID)).union(skips.map(\.questionID)).count }

  /// The essays it set that were responded to: the questions a response and no answer or skip
  /// says are essays. Only a finished session has a result, and in it every essay has its
  /// response, so the responses are all the record needs to leave essays out of the score.
  private var essays: Int {
    guard !responses.isEmpty else { return 0 }
    let graded = Set(answers.map(\.questionID)).union(skips.map(\.questionID))
    return Set(responses.map(\.questionID)).subtracting(graded).count
  }

  /// Questions whose latest answer in this session is right (overruled ones included).
  package var rightAnswers: Int {
    var latest: [String: Bool] = [:]
    for answer in answers { latest[answer.questionID] = answer.correct }
    return latest.values.filter { $0 }.count
  }

  /// The credit of each question's latest answer in this session, summed: right ones 1, partly
  /// right ones their fraction (Moodle's mark). Summed in the order the questions were first
  /// answered, as `sql/class-report.sql` sums them.
  package var credit: Double {
    var latest: [String: Double] = [:]
    var order: [String] = []
    for answer in answers {
      if latest.updateValue(answer.credit, forKey: answer.questionID) == nil { order.append(answer.questionID) }
    }
    // Whole answers are counted as integers: the sum of partial credits alone is the inexact part.
    var whole = 0
    var part = 0.0
    for id in order {
      let value = latest[id]!
      if value == 1 { whole += 1 } else { part += value }
    }
    return Double(whole) + part
  }

  /// The session's score: its credit (right answers, partly right ones by their fraction) over the
  /// graded questions it set, in percent (skipped questions count as not right; essays count
  /// nowhere, not in the questions set either); nil until it is finished (every question answered,
  /// skipped or responded to), as Moodle grades only finished attempts: a session left after two
  /// questions has no score. A session of essays only has none either.
  package var result: Double? {
    guard isFinished else { return nil }
    let graded = gradedQuestions
    guard graded > 0 else { return nil }
    return credit * 100 / Double(graded)
  }

  /// The score's whole: the graded questions it set (essays left out), or those reached when more:
  /// max(set, reached) less the essays, as the SQL computes it.
  private var gradedQuestions: Int { max(questionIDs.count - essays, gradedPosition) }

  /// Whether every question it set was answered, skipped or responded to (and it set any).
  package var isFinished: Bool { !isEmpty && !isUnfinished }

  /// Whether nothing was answered, skipped or written in it (started, then left at once): reports
  /// do not count it as a session, nor its time, and it has no score (`result` is nil).
  package var isEmpty: Bool { answers.isEmpty && skips.isEmpty && responses.isEmpty }

  /// Whether answering in it reads the questions' parts: a session on a node (`start ADDR`,
  /// `mistakes ADDR`) does; a review (of the course or of a node) and a `mistakes` round of the
  /// whole course do not, they go over what was studied. Sessions from before kinds were kept do.
  package var readsParts: Bool { kind != .review && !(kind == .mistakes && node.isEmpty) }

  /// Whether it stopped before its last question and was not finished since.
  package var isUnfinished: Bool { position < questionIDs.count }

  /// Whether `resume` can take it up: a full session, a `mistakes` round or a review (each records
  /// the order it was asked in) that stopped before its last question.
  package var isResumable: Bool { (kind == .full || kind == .mistakes || kind == .review) && isUnfinished }

  /// Time spent, in whole milliseconds (the journal's unit, so sums are exact): from the start
  /// (and from each resume) to the last answer, skip, response or end before the next resume, so the hours
  /// between leaving and coming back do not count. `sql/class-report.sql` computes the same.
  package var activeMilliseconds: Int64 {
    let starts =
      resumes.isEmpty ? [start.millisecondsSince1970] : ([start] + resumes).map(\.millisecondsSince1970).sorted()
    let end = end?.millisecondsSince1970
    var total: Int64 = 0
    for (i, segmentStart) in starts.enumerated() {
      let next = i + 1 < starts.count ? starts[i + 1] : Int64.max
      // No arrays built: compaction sums this over every session it retires.
      var last = segmentStart
      func see(_ time: Int64) { if time >= segmentStart && time < next && time > last { last = time } }
      for answer in answers { see(answer.time.millisecondsSince1970) }
      for skip in skips { see(skip.time.millisecondsSince1970) }
      for response in responses { see(response.time.millisecondsSince1970) }
      if let end { see(end) }
      // Saturating: times come from files, and a forged one must not crash a report.
      let (spent, overflow) = last.subtractingReportingOverflow(segmentStart)
      total = overflow ? .max : total.addingReportingOverflow(spent).overflow ? .max : total + spent
    }
    return max(0, total)
  }

  /// ``activeMilliseconds`` in seconds.
  package var activeSeconds: TimeInterval { Double(activeMilliseconds) / 1000 }
}
