import Foundation
import PracticeJSON
import XCTest

@testable import Scheduling

/// The scheduler against py-fsrs 6.x: vectors written by `Vectors/generate_vectors.py`.
final class ReferenceVectorTests: XCTestCase {
  static let vectorsURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Vectors/fsrs6-vectors.json")

  struct Review {
    var rating: Rating
    var time: Date
    var retrievabilityBefore: Double
    var phase: LearningPhase
    var step: Int?
    var stability: Double
    var difficulty: Double
    var due: Int64
    /// py-fsrs's `random()` draw when it fuzzed this interval.
    var fuzz: Double?
  }

  struct Sequence {
    var name: String
    var start: Date
    var intervalsDays: [Int]?
    var reviews: [Review]
  }

  func loadVectors() throws -> (settings: JSONValue, sequences: [Sequence]) {
    let json = try JSONParser.parse(Array(try Data(contentsOf: Self.vectorsURL)))
    let sequences = try XCTUnwrap(json["sequences"]?.array).map { item -> Sequence in
      Sequence(
        name: item["name"]?.string ?? "?",
        start: Date(wholeMilliseconds: Int64(item["start"]?.int ?? 0)),
        intervalsDays: item["intervals_days"]?.array?.compactMap(\.int),
        reviews: (item["reviews"]?.array ?? []).map { r in
          Review(
            rating: Rating(rawValue: r["rating"]?.int ?? 0)!,
            time: Date(wholeMilliseconds: Int64(r["time"]?.int ?? 0)),
            retrievabilityBefore: r["retrievability_before"]?.double ?? .nan,
            phase: LearningPhase(rawValue: r["state"]?.int ?? 0)!,
            step: r["step"]?.int,
            stability: r["stability"]?.double ?? .nan,
            difficulty: r["difficulty"]?.double ?? .nan,
            due: Int64(r["due"]?.int ?? 0),
            fuzz: r["fuzz"]?.double)
        })
    }
    return (json, sequences)
  }

  func testSettingsAreTheReferenceDefaults() throws {
    let (settings, _) = try loadVectors()
    let scheduler = FSRSScheduler.standard
    XCTAssertEqual(settings["parameters"]?.array?.compactMap(\.double), scheduler.parameters)
    XCTAssertEqual(settings["desired_retention"]?.double, scheduler.desiredRetention)
    XCTAssertEqual(
      settings["learning_steps_seconds"]?.array?.compactMap(\.int).map { Int64($0) * 1000 },
      scheduler.learningSteps)
    XCTAssertEqual(
      settings["relearning_steps_seconds"]?.array?.compactMap(\.int).map { Int64($0) * 1000 },
      scheduler.relearningSteps)
    XCTAssertEqual(settings["maximum_interval_days"]?.int, scheduler.maximumInterval)
  }

  func testEveryReviewMatchesTheReference() throws {
    let (_, sequences) = try loadVectors()
    XCTAssertGreaterThanOrEqual(sequences.count, 501)
    var checked = 0
    var fuzzed = 0
    for sequence in sequences {
      // py-fsrs draws only for an interval it fuzzes; elsewhere any draw must leave it alone.
      let fuzzing = sequence.name.hasPrefix("fuzzed")
      var memory = CardMemory.new(due: sequence.start)
      for (index, expected) in sequence.reviews.enumerated() {
        let at = "\(sequence.name), review \(index + 1)"
        let r = FSRSScheduler.standard.retrievability(of: memory, at: expected.time)
        XCTAssertEqual(r, expected.retrievabilityBefore, accuracy: 1e-9, at)
        let draw = fuzzing ? (expected.fuzz ?? 0.999) : nil
        if expected.fuzz != nil { fuzzed += 1 }
        memory = FSRSScheduler.standard.review(
          memory, rating: expected.rating, at: expected.time, fuzz: draw)
        XCTAssertEqual(memory.due.wholeMilliseconds, expected.due, "due, \(at)")
        XCTAssertEqual(memory.phase, expected.phase, "state, \(at)")
        XCTAssertEqual(memory.step, expected.step, "step, \(at)")
        XCTAssertEqual(memory.stability ?? .nan, expected.stability, accuracy: 1e-6, "S, \(at)")
        XCTAssertEqual(memory.difficulty ?? .nan, expected.difficulty, accuracy: 1e-6, "D, \(at)")
        XCTAssertEqual(memory.lastReview, expected.time, at)
        XCTAssertEqual(memory.reps, index + 1, at)
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 5_000)
    XCTAssertGreaterThan(fuzzed, 100)
  }

  /// The sequence quoted in the issue, checked against its published figures as well as the vectors.
  func testTheKnownSequence() throws {
    let ratings: [Rating] =
      Array(repeating: .good, count: 6) + [.again, .again]
      + Array(repeating: .good, count: 5)
    var when = Date(wholeMilliseconds: 1_669_725_000_000)  // 2022-11-29 12:30 UTC
    var memory = CardMemory.new(due: when)
    var intervals: [Int64] = []
    for rating in ratings {
      memory = FSRSScheduler.standard.review(memory, rating: rating, at: when)
      intervals.append(FSRSScheduler.wholeDays(from: when, to: memory.due))
      when = memory.due
    }
    XCTAssertEqual(intervals, [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    XCTAssertEqual(memory.stability ?? 0, 20.770357, accuracy: 1e-6)
    XCTAssertEqual(memory.difficulty ?? 0, 9.055760, accuracy: 1e-6)
    XCTAssertEqual(memory.lapses, 1)  // the second Again is in relearning, not a new lapse
    XCTAssertEqual(memory.reps, 13)
    let (_, sequences) = try loadVectors()
    XCTAssertEqual(sequences.first?.intervalsDays, [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
  }
}
