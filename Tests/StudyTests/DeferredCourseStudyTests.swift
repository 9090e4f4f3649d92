import CourseOutline
import Foundation
import PracticeTestSupport
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import Scheduling
import Study
import XCTest

/// A course opened to study (`CourseLoader.parse(_:file:deferringQuestions:)`) decodes a node's
/// questions only when they are asked: the greeting's plan, the outline's figures and the due
/// counts read summaries, and give the same figures as the course decoded in full.
final class DeferredCourseStudyTests: XCTestCase {
  let bytes = [UInt8](
    try! Data(contentsOf: URL(fileURLWithPath: Repository.path("Data/courses/physics-grade8/course.json"))))
  let now = Date(timeIntervalSince1970: 1_796_000_000)

  func courses() throws -> (deferred: Course, eager: Course) {
    let deferred = try XCTUnwrap(CourseLoader().parse(bytes, file: "course.json", deferringQuestions: true).course)
    let eager = try XCTUnwrap(CourseLoader().parse(bytes, file: "course.json").course)
    XCTAssertNotNil(deferred.deferredQuestions)
    XCTAssertNil(eager.deferredQuestions)
    return (deferred, eager)
  }

  /// A learner who answered the first three questions of the course's second part a week ago.
  func book(of course: Course) -> ReviewBook {
    let part = course.nodes.indices.filter { course.nodes[$0].questionCount > 0 }[1]
    let answered = course.nodes[part].questionSummaries.prefix(3)
    var book = ReviewBook()
    for summary in answered {
      book.record(
        questionID: summary.id, rating: .good, correct: true, at: now.addingTimeInterval(-7 * 86_400), fuzz: nil)
    }
    return book
  }

  func testAFreshLearnersGreetingAndOutlineDecodeNothing() throws {
    let (deferred, eager) = try courses()
    let policy = StudyPolicy(course: deferred)
    let plan = policy.review(of: nil, now: now)
    XCTAssertEqual(plan.reviews.count + plan.fresh.count, 0)
    XCTAssertEqual(plan.unstartedNew, StudyPolicy(course: eager).review(of: nil, now: now).unstartedNew)
    XCTAssertGreaterThan(plan.unstartedNew, 100)
    XCTAssertEqual(policy.firstUnstartedPart(), StudyPolicy(course: eager).firstUnstartedPart())
    let figures = StudyFigures(course: deferred, state: ProgressState(), memories: [:])
    XCTAssertEqual(figures.questions, StudyFigures(course: eager, state: ProgressState(), memories: [:]).questions)
    XCTAssertEqual(deferred.questionCount, eager.questionCount)
    XCTAssertEqual(deferred.decodedDeferredNodeCount, 0, "the greeting or the outline decoded questions")
  }

  func testAReviewDecodesOnlyThePartsOfTheQuestionsItAsks() throws {
    let (deferred, eager) = try courses()
    let book = book(of: eager)
    let plan = StudyPolicy(course: deferred, book: book).review(of: nil, now: now)
    let eagerPlan = StudyPolicy(course: eager, book: book).review(of: nil, now: now)
    XCTAssertEqual(plan.reviews, eagerPlan.reviews)
    XCTAssertEqual(plan.fresh, eagerPlan.fresh)
    XCTAssertEqual(plan.dueWaiting, eagerPlan.dueWaiting)
    XCTAssertFalse(plan.reviews.isEmpty)
    // The due counts and the week ahead read summaries too.
    let dayEnd = StudyDay().end(of: now)
    XCTAssertEqual(
      StudyFigures.dueToday(course: deferred, memories: book.memories, before: dayEnd),
      StudyFigures.dueToday(course: eager, memories: book.memories, before: dayEnd))
    let asked = Set((plan.reviews + plan.fresh).map(\.id))
    let parts = deferred.nodes.indices.filter { index in
      deferred.nodes[index].questionSummaries.contains { asked.contains($0.id) }
    }
    XCTAssertEqual(deferred.decodedDeferredNodeCount, parts.count)
    XCTAssertLessThan(parts.count, deferred.nodes.filter { $0.questionCount > 0 }.count)
  }
}
