import CourseOutline
import XCTest

/// Paths into the repository, found from this file so tests run from any folder.
enum Fixtures {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static func path(_ relative: String) -> String { repository.appendingPathComponent(relative).path }

  static func course(_ json: String, file: String = "test.json") throws -> Course {
    let (course, problems) = CourseLoader().parse(Array(json.utf8), file: file)
    if !problems.isEmpty { throw CourseLoadError.invalid(problems: problems) }
    return try XCTUnwrap(course)
  }

  static func problems(_ json: String, file: String = "test.json") -> [String] {
    CourseLoader().parse(Array(json.utf8), file: file).problems.map(\.description)
  }
}
