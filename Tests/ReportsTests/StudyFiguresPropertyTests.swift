import CourseOutline
import Foundation
import ProgressStorage
import QuizEngine
import XCTest

@testable import Reports

/// Mastery, best, last, read and the questions to retry, as a running program holds them (folded
/// event by event, compacted into the snapshot now and then, reopened) equal a from-scratch fold of
/// the same events.
final class StudyFiguresPropertyTests: XCTestCase {
  func testIncrementalFiguresEqualAFromScratchFoldOfTheJournal() throws {
    let course = try ReportFixtures.course()
    let nodes = ["#ch1", "#ch1.1", "#ch1.2", "#ch1.3", "#ch2", "#ch2.1", "#ch2.2", ""]
    let questions = ["q1", "q2", "q3", "q4", "q5", "q6"]
    var generator = SeededRandomNumberGenerator(seed: 12)
    for round in 0..<40 {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("figures-\(UUID().uuidString)").path
      defer { try? FileManager.default.removeItem(atPath: folder) }
      var store = try ProgressStore(directory: folder)
      var events: [ProgressEvent] = []
      var time = ReportFixtures.at(1, 8)
      var sessions: [String] = []
      for step in 0..<Int.random(in: 1...60, using: &generator) {
        time = time.addingTimeInterval(Double(Int.random(in: 1...600, using: &generator)))
        let node = nodes.randomElement(using: &generator)!
        let question = questions.randomElement(using: &generator)!
        let session = sessions.randomElement(using: &generator) ?? "none"
        let event: ProgressEvent
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: event = .nodeOpened(node: node, at: time)
        case 1:
          let id = "s\(round)-\(step)"
          sessions.append(id)
          let kind = [nil, SessionKind.full, .mistakes, .review].randomElement(using: &generator)!
          event = .sessionStarted(
            session: id, node: node,
            questions: Array(questions.shuffled(using: &generator).prefix(Int.random(in: 1...6, using: &generator))),
            at: time, kind: kind, seed: kind == nil ? nil : UInt64.random(in: 0...99, using: &generator))
        case 2:
          event = .skipped(session: session, question: question, node: node, at: time, review: ReviewMark(rating: 1))
        case 3: event = .sessionEnded(session: session, at: time, score: 50, endedEarly: Bool.random(using: &generator))
        case 4: event = .sessionResumed(session: session, at: time)
        case 5: event = .overruled(session: session, question: question, node: node, at: time)
        default:
          event = .answered(
            session: session, question: question, node: node, given: "x", correct: Bool.random(using: &generator),
            at: time)
        }
        events.append(event)
        try store.record(event)
        if Int.random(in: 0..<15, using: &generator) == 0 { try store.compact() }
        if Int.random(in: 0..<20, using: &generator) == 0 {
          store.close()
          store = try ProgressStore(directory: folder)
        }
      }
      var scratch = ProgressState()
      for event in events { scratch.apply(event) }
      let expected = StudyFigures(course: course, state: scratch)
      XCTAssertEqual(StudyFigures(course: course, state: store.state), expected, "round \(round)")
      store.close()
      let reopened = try ProgressStore(directory: folder)
      XCTAssertEqual(StudyFigures(course: course, state: reopened.state), expected, "round \(round), reopened")
      XCTAssertEqual(
        LearnerReport.subtreeFigures(course: course, state: reopened.state, now: time),
        LearnerReport.subtreeFigures(course: course, state: scratch, now: time), "round \(round)")
      reopened.close()
    }
  }
}
