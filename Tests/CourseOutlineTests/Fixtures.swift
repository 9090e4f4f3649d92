import CourseOutline
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
}
