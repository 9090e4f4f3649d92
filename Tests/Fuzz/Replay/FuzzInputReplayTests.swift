import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// The quick slice of the fuzzers, in `make test`: every kept input (Tests/Fuzz/Corpus and
/// Tests/Fuzz/Regressions) runs through the same harness the libFuzzer targets run, followed by seeded
/// mutations of each (bytes flipped, cut, repeated, spliced with another input). `make stress` fuzzes
/// with coverage guidance and sanitizers; this catches a harness that no longer builds, a regression
/// that crashes again, and the easy crashes, in seconds.
final class FuzzInputReplayTests: XCTestCase {
  /// Mutations per kept input; `PRACTICE_STRESS=1` (make stress) runs ten times as many.
  static let mutationsPerInput = ProcessInfo.processInfo.environment["PRACTICE_STRESS"] == "1" ? 400 : 40

  func testCourseInputs() throws { try replay("course", CourseFuzzHarness.run) }
  func testGradeInputs() throws { try replay("grade", GradeFuzzHarness.run) }
  func testFormulaInputs() throws { try replay("formula", FormulaFuzzHarness.run) }
  func testProgressInputs() throws { try replay("progress", ProgressFuzzHarness.run) }
  func testShellInputs() throws { try replay("shell", ShellFuzzHarness.run) }

  func testImportInputs() throws {
    for format in ImportFuzzHarness.Format.allCases {
      try replay(format.rawValue) { ImportFuzzHarness.run($0, format: format) }
    }
  }

  /// Runs `harness` on every kept input of `target`, then on its mutations; fails when there is none.
  private func replay(_ target: String, _ harness: ([UInt8]) -> Void) throws {
    let inputs = try keptInputs(target)
    XCTAssertFalse(inputs.isEmpty, "no kept inputs for the fuzz target \(target)")
    var generator = SeededRandomNumberGenerator(seed: 20_261_206)
    for input in inputs { harness(input) }
    for input in inputs {
      for _ in 0..<Self.mutationsPerInput {
        let other = inputs.randomElement(using: &generator)!
        harness(Self.mutate(input, splicing: other, using: &generator))
      }
    }
  }

  private func keptInputs(_ target: String) throws -> [[UInt8]] {
    var inputs: [[UInt8]] = []
    for folder in ["Corpus", "Regressions"] {
      let path = Repository.path("Tests/Fuzz/\(folder)/\(target)")
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
      for name in names.sorted() where !name.hasPrefix(".") {
        inputs.append(Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))))
      }
    }
    return inputs
  }

  /// One of a few byte-level edits a fuzzer makes first, chosen by `generator`.
  static func mutate(
    _ input: [UInt8], splicing other: [UInt8], using generator: inout SeededRandomNumberGenerator
  ) -> [UInt8] {
    var bytes = input
    guard !bytes.isEmpty else { return other }
    let at = Int.random(in: 0..<bytes.count, using: &generator)
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
    case 1: bytes[at] = [0x00, 0x22, 0x3C, 0x5C, 0x7B, 0x7D, 0xFF, 0xE4, 0x0A].randomElement(using: &generator)!
    case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &generator)))
    case 3:
      let end = min(bytes.count, at + Int.random(in: 1...32, using: &generator))
      bytes.insert(contentsOf: Array(bytes[at..<end]), at: at)
    case 4: bytes = Array(bytes[..<at])
    default:
      let from = other.isEmpty ? 0 : Int.random(in: 0..<other.count, using: &generator)
      bytes = Array(bytes[..<at]) + Array(other[from...])
    }
    return bytes
  }
}
