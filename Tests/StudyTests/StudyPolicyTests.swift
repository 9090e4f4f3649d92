import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Scheduling
import Study
import XCTest

/// What `review`, `mistakes` and `resume` ask, and in what order, straight from the policy (no
/// REPL): these fail when the policy changes.
final class StudyPolicyTests: XCTestCase {
  /// 1 Intro (no questions), 2 Heat (q1 q2 q3), 3 Light (q4 q5), 4 Sound (q6).
  let course: Course = {
    let json = #"""
      {"format": "practice-course", "nodes": [
        {"id": "intro", "title": "Intro"},
        {"id": "heat", "title": "Heat", "questions": [
          {"id": "q1", "type": "truefalse", "prompt": "One", "answer": true, "explanation": ""},
          {"id": "q2", "type": "truefalse", "prompt": "Two", "answer": true, "explanation": ""},
          {"id": "q3", "type": "truefalse", "prompt": "Three", "answer": true, "explanation": ""}]},
        {"id": "light", "title": "Light", "questions": [
          {"id": "q4", "type": "truefalse", "prompt": "Four", "answer": true, "explanation": ""},
          {"id": "q5", "type": "truefalse", "prompt": "Five", "answer": true, "explanation": ""}]},
        {"id": "sound", "title": "Sound", "questions": [
          {"id": "q6", "type": "truefalse", "prompt": "Six", "answer": true, "explanation": ""}]}]}
      """#
    return CourseLoader().parse(Array(json.utf8), file: "t.json").course!
  }()
  let intro = 0
  let heat = 1
  let light = 2
  let sound = 3
  /// A UTC midnight: study days begin at 04:00 UTC.
  let start = Date(timeIntervalSince1970: 1_789_948_800)
  var state = ProgressState()

  func day(_ n: Double, hour: Double = 12) -> Date { start.addingTimeInterval(n * 86_400 + hour * 3_600) }
  func key(_ node: Int) -> String { course.key(of: node) }

  func policy(limits: DailyLimits = .standard) -> StudyPolicy {
    StudyPolicy(
      course: course, state: state, book: ReviewBook(state: state), studyDay: StudyDay(),
      limits: limits)
  }

  func ids(_ questions: [Question]) -> [String] { questions.map(\.id) }

  /// A session on `node` (nil: the whole course) asking `questions`, with `answers` (question,
  /// right or nil for a skip) a minute apart from `at`.
  func session(
    _ id: String, on node: Int?, _ kind: SessionKind, asking questions: [String], answers: [(String, Bool?)] = [],
    at time: Date, ended: Bool = false
  ) {
    let nodeKey = node.map(key) ?? ""
    state.apply(.sessionStarted(session: id, node: nodeKey, questions: questions, at: time, kind: kind, seed: 7))
    for (i, (question, right)) in answers.enumerated() {
      let at = time.addingTimeInterval(Double(i + 1) * 60)
      if let right {
        state.apply(
          .answered(
            session: id, question: question, node: nodeKey, given: right ? "t" : "f", correct: right, at: at,
            review: ReviewMark(rating: right ? 3 : 1)))
      } else {
        state.apply(.skipped(session: id, question: question, node: nodeKey, at: at, review: ReviewMark(rating: 1)))
      }
    }
    if ended {
      state.apply(
        .sessionEnded(
          session: id, at: time.addingTimeInterval(Double(answers.count + 1) * 60), score: nil,
          endedEarly: answers.count < questions.count))
    }
  }

  // MARK: review

  /// Due questions most overdue first; then the new ones of started parts in course order; parts
  /// not started wait for `review --new` (or a review of that part).
  func testAReviewAsksTheMostOverdueFirstThenNewOnesFromStartedParts() {
    session("s1", on: heat, .full, asking: ["q3"], answers: [("q3", true)], at: day(0), ended: true)
    session("s2", on: heat, .full, asking: ["q1"], answers: [("q1", true)], at: day(1), ended: true)
    let now = day(40)
    let plan = policy().review(of: nil, now: now)
    XCTAssertEqual(ids(plan.reviews), ["q3", "q1"])
    XCTAssertEqual(ids(plan.fresh), ["q2"])
    XCTAssertEqual(plan.unstartedNew, 3)
    XCTAssertEqual(ids(policy().review(of: nil, now: now, everywhere: true).fresh), ["q2", "q4", "q5", "q6"])
    // A review of a part names what to review: its new questions come, started or not.
    XCTAssertEqual(ids(policy().review(of: light, now: now).fresh), ["q4", "q5"])
    XCTAssertEqual(ids(policy().review(of: light, now: now).reviews), [])
    // Opening a part (its row tapped, `info`) starts it.
    state.apply(.nodeOpened(node: key(sound), at: now))
    XCTAssertEqual(ids(policy().review(of: nil, now: now).fresh), ["q2", "q6"])
  }

  /// The day's limits cap what a review asks, counting what the day asked already.
  func testTheDailyLimitsCountWhatTheDayAskedAlready() {
    session("s1", on: heat, .full, asking: ["q1", "q2"], answers: [("q1", true), ("q2", true)], at: day(0))
    let limited = policy(limits: DailyLimits(newPerDay: 1, reviewsPerDay: 1))
    let plan = limited.review(of: nil, now: day(40), everywhere: true)
    XCTAssertEqual(ids(plan.reviews), ["q1"])
    XCTAssertEqual(plan.dueWaiting, 1)
    XCTAssertEqual(ids(plan.fresh), ["q3"])
    XCTAssertEqual(plan.newWaiting, 3)
    // The same day as those first answers: both new questions of the day are used up.
    let sameDay = policy(limits: DailyLimits(newPerDay: 2, reviewsPerDay: 1)).review(of: nil, now: day(0, hour: 20))
    XCTAssertEqual(ids(sameDay.fresh), [])
    XCTAssertEqual(sameDay.newWaiting, 1)
    XCTAssertEqual(sameDay.askedToday.new, 2)
  }

  /// A resumed review's new questions begin after its due ones: where the answers first given in it start.
  func testANewBlockStartsAtTheFirstQuestionFirstAnsweredInTheReview() {
    session("s1", on: heat, .full, asking: ["q1"], answers: [("q1", true)], at: day(0))
    let questions = course.allQuestions.filter { ["q1", "q2", "q3"].contains($0.id) }
    XCTAssertEqual(policy().newBlockStart(of: questions, since: day(10)), 1)
    XCTAssertNil(policy().newBlockStart(of: Array(questions.dropFirst()), since: day(10)), "all new")
    XCTAssertNil(policy().newBlockStart(of: Array(questions.prefix(1)), since: day(10)), "none new")
    XCTAssertEqual(policy().nextDue(of: questions), ReviewBook(state: state).memories["q1"]?.due)
    XCTAssertNil(policy().nextDue(of: Array(questions.dropFirst())))
  }

  // MARK: mistakes

  /// A `mistakes` round asks, in course order, the questions whose latest answer is wrong or that
  /// were skipped last; a later right answer takes one off.
  func testMistakesAreTheLatestWrongOrSkippedInCourseOrder() {
    XCTAssertEqual(policy().whyNoMistakes(in: nil), .noneAnswered)
    XCTAssertEqual(policy().whyNoMistakes(in: intro), .noQuestions)
    session(
      "s1", on: nil, .review, asking: ["q5", "q2", "q1", "q4"],
      answers: [("q5", nil), ("q2", false), ("q1", false), ("q4", true)], at: day(0))
    session("s2", on: heat, .full, asking: ["q1"], answers: [("q1", true)], at: day(1))
    XCTAssertEqual(ids(policy().mistakes(in: nil)), ["q2", "q5"])
    XCTAssertEqual(ids(policy().mistakes(in: heat)), ["q2"])
    XCTAssertEqual(ids(policy().mistakes(in: sound)), [])
    XCTAssertEqual(policy().whyNoMistakes(in: sound), .noneAnswered)
    session("s3", on: light, .mistakes, asking: ["q5"], answers: [("q5", true)], at: day(2))
    XCTAssertEqual(policy().whyNoMistakes(in: light), .allRight)
  }

  /// `mistakes` rounds repeat until all is right or the learner quits; other sessions that leave
  /// questions to retry suggest `mistakes`, except a review.
  func testWhatFollowsASession() {
    session("s1", on: heat, .full, asking: ["q1", "q2"], answers: [("q1", false), ("q2", nil)], at: day(0))
    let policy = self.policy()
    let left = policy.mistakes(in: heat)
    XCTAssertEqual(ids(left), ["q1", "q2"])
    XCTAssertEqual(policy.followUp(after: .mistakes, on: heat, endedEarly: false), .anotherRound(left))
    XCTAssertEqual(policy.followUp(after: .mistakes, on: heat, endedEarly: true), .suggestMistakes(count: 2))
    XCTAssertEqual(policy.followUp(after: .full, on: heat, endedEarly: false), .suggestMistakes(count: 2))
    XCTAssertEqual(policy.followUp(after: .review, on: nil, endedEarly: false), .nothing)
    XCTAssertEqual(policy.followUp(after: .mistakes, on: light, endedEarly: false), .allPutRight)
    XCTAssertEqual(policy.followUp(after: .full, on: light, endedEarly: false), .nothing)
  }

  /// The first part none of whose questions was answered: what to start with.
  func testTheFirstUnstartedPartIsWhereToStart() {
    XCTAssertEqual(policy().firstUnstartedPart(), heat)
    session("s1", on: heat, .full, asking: ["q2"], answers: [("q2", false)], at: day(0))
    XCTAssertEqual(policy().firstUnstartedPart(), light)
  }

  // MARK: resume

  /// `resume` takes up the session that ended early most recently (by its last activity), never
  /// one left before its first answer; `resume ADDR` that node's latest session, unfinished.
  func testResumeTakesUpTheLatestUnfinishedSession() {
    XCTAssertEqual(policy().sessionToResume(on: nil), .neverStarted)
    XCTAssertEqual(policy().sessionToResume(on: heat), .neverStarted)
    session("s1", on: heat, .full, asking: ["q1", "q2", "q3"], answers: [("q1", true)], at: day(0))
    session("s2", on: nil, .review, asking: ["q4", "q5"], answers: [("q4", true)], at: day(1))
    session("s3", on: light, .full, asking: ["q4", "q5"], at: day(2))
    guard case .session(let latest) = policy().sessionToResume(on: nil) else { return XCTFail("nothing to resume") }
    XCTAssertEqual(latest.id, "s2")
    guard case .session(let onHeat) = policy().sessionToResume(on: heat) else { return XCTFail("nothing on heat") }
    XCTAssertEqual(onHeat.id, "s1")
    XCTAssertEqual(policy().resumeOffer(on: heat)?.id, "s1")
    // Light's session has nothing answered: `resume 3` takes it up, but `start 3` asks afresh.
    guard case .session(let onLight) = policy().sessionToResume(on: light) else { return XCTFail("nothing on light") }
    XCTAssertEqual(onLight.id, "s3")
    XCTAssertNil(policy().resumeOffer(on: light))
    // Answering in s1 again makes it the latest; answering every question leaves nothing.
    state.apply(
      .answered(
        session: "s1", question: "q2", node: key(heat), given: "t", correct: true, at: day(3),
        review: ReviewMark(rating: 3)))
    XCTAssertEqual(policy().latestUnfinishedSession()?.id, "s1")
    for (id, node, question) in [("s1", heat, "q3"), ("s2", nil, "q5"), ("s3", light, "q4"), ("s3", light, "q5")] {
      state.apply(
        .answered(
          session: id, question: question, node: node.map(key) ?? "", given: "t", correct: true, at: day(4),
          review: ReviewMark(rating: 3)))
    }
    XCTAssertEqual(policy().sessionToResume(on: nil), .finished)
    XCTAssertEqual(policy().sessionToResume(on: heat), .finished)
    XCTAssertEqual(policy().sessionToResume(on: sound), .neverStarted)
  }

  /// `start 2.3` and `quit` before answering, then `resume`: the session is taken up (its numbers are
  /// the ones worked out meanwhile), as `resume 2.3` takes it; it said "your last session was
  /// finished" (found in tmux). One with answers still comes first, and a finished latest one is finished.
  func testResumeTakesUpTheLatestSessionLeftBeforeItsFirstAnswerWhenNoneHasAnswers() {
    session(
      "s1", on: heat, .full, asking: ["q1", "q2"], answers: [("q1", true), ("q2", true)], at: day(0), ended: true)
    XCTAssertEqual(policy().sessionToResume(on: nil), .finished)
    session("s2", on: light, .full, asking: ["q4", "q5"], at: day(1), ended: true)
    guard case .session(let left) = policy().sessionToResume(on: nil) else { return XCTFail("nothing to resume") }
    XCTAssertEqual(left.id, "s2")
    XCTAssertNil(policy().latestUnfinishedSession(), "the greeting does not mention it")
    session("s3", on: sound, .full, asking: ["q6", "q1"], answers: [("q6", true)], at: day(2))
    session("s4", on: heat, .full, asking: ["q1", "q2"], at: day(3))
    guard case .session(let answered) = policy().sessionToResume(on: nil) else { return XCTFail("nothing") }
    XCTAssertEqual(answered.id, "s3")
  }

  /// The greeting mentions an unfinished session, but not a review left on an earlier study day.
  func testTheGreetingLeavesAnOldReviewOut() {
    session("s1", on: nil, .review, asking: ["q1", "q2"], answers: [("q1", true)], at: day(0))
    XCTAssertEqual(policy().unfinishedToMention(now: day(0, hour: 20))?.id, "s1")
    XCTAssertNil(policy().unfinishedToMention(now: day(1)))
    guard case .session = policy().sessionToResume(on: nil) else { return XCTFail("resume still takes it up") }
    session("s2", on: heat, .full, asking: ["q1", "q2"], answers: [("q2", true)], at: day(2))
    XCTAssertEqual(policy().unfinishedToMention(now: day(9))?.id, "s2")
  }

  /// A resumed session asks the same questions in the same order, at the first one neither
  /// answered nor skipped; one on a node the course lost, or answered through, cannot be.
  func testAReplayGoesOnWhereTheSessionStopped() throws {
    let first = PracticeSession(
      questions: course.questions(inSubtreeOf: heat), seed: 7, startedAt: day(0), messages: .english)
    let order = first.presented.map(\.id)
    XCTAssertEqual(Set(order), ["q1", "q2", "q3"])
    session("s1", on: heat, .full, asking: order, answers: [(order[0], true), (order[1], nil)], at: day(0))
    let record = try XCTUnwrap(state.sessions["s1"])
    let replay = try SessionReplay(of: record, in: course, startedAt: day(1), .english)
    XCTAssertEqual(replay.node, heat)
    XCTAssertEqual(replay.session.presented.map(\.id), order)
    XCTAssertEqual(replay.session.current?.id, order[2])
    XCTAssertEqual(replay.session.current?.number, 3)
    var gone = record
    gone.node = "#nowhere"
    XCTAssertThrowsError(try SessionReplay(of: gone, in: course, startedAt: day(1), .english)) {
      XCTAssertEqual($0 as? SessionReplay.Refusal, .nodeGone("#nowhere"))
    }
    state.apply(
      .answered(
        session: "s1", question: order[2], node: key(heat), given: "t", correct: true, at: day(1),
        review: ReviewMark(rating: 3)))
    XCTAssertThrowsError(try SessionReplay(of: state.sessions["s1"]!, in: course, startedAt: day(1), .english)) {
      XCTAssertEqual($0 as? SessionReplay.Refusal, .allAnswered)
    }
  }
}
