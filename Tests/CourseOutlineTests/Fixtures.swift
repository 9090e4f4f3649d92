import CourseOutline
import Foundation
import PracticeTestSupport
import XCTest

/// Courses parsed from inline JSON, for the outline tests.
enum Fixtures {
  static func course(_ json: String, file: String = "test.json") throws -> Course {
    let (course, problems) = CourseLoader().parse(Array(json.utf8), file: file)
    if !problems.isEmpty { throw CourseLoadError.invalid(problems: problems) }
    return try XCTUnwrap(course)
  }

  static func problems(_ json: String, file: String = "test.json") -> [String] {
    CourseLoader().parse(Array(json.utf8), file: file).problems.map(\.description)
  }

  /// The JSONTestSuite's documents by name, in name order: every edge of JSON, for a fast path's
  /// agreement with the parser.
  static func jsonTestSuite() throws -> [(name: String, bytes: [UInt8])] {
    let suite = Repository.root.appendingPathComponent("Tests/PracticeJSONTests/JSONTestSuite/test_parsing")
    return try FileManager.default.contentsOfDirectory(atPath: suite.path).sorted().filter { $0.hasSuffix(".json") }
      .map { ($0, [UInt8](try Data(contentsOf: suite.appendingPathComponent($0)))) }
  }
}
