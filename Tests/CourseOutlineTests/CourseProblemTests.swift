import CourseOutline
import Localization
import PracticeTestSupport
import XCTest

final class CourseProblemTests: XCTestCase {
  func testInvalidJSONNamesLineAndColumn() {
    XCTAssertEqual(
      Fixtures.problems("[\n  {\"chapterName\": \"a\",\n   \"parts\": [\"x\",]}\n]"),
      ["test.json:3:18: trailing comma before ']'"])
  }

  func testWrongTypesAreNamed() {
    XCTAssertEqual(
      Fixtures.problems(#"[{"chapterName": "a", "parts": ["x", 3]}, "b"]"#),
      [
        "test.json:1:38: a part title must be a string, found a number",
        "test.json:1:43: expected a chapter object with \"chapterName\" and \"parts\", found a string",
      ])
  }

  func testDuplicateIdsAreRejected() {
    XCTAssertEqual(
      Fixtures.problems(
        """
        {"chapterDtoList": [{"id": 1, "chapterName": "a"},
         {"id": 1, "chapterName": "b"}]}
        """),
      ["test.json:2:9: duplicate id 1 (first at 1:21)"])
  }

  func testParentIdContradictingTheNestingIsRejected() {
    XCTAssertEqual(
      Fixtures.problems(
        #"{"chapterDtoList": [{"id": 1, "chapterName": "a", "subChapterList": [{"id": 2, "chapterName": "b", "parentId": 9}]}]}"#
      ),
      ["test.json:1:112: chapter 2 has parentId 9 but is nested in chapter 1"])
  }

  func testCyclesAndUnknownParentsAreRejected() {
    XCTAssertEqual(
      Fixtures.problems(
        """
        {"chapterDtoList": [{"id": 1, "chapterName": "a"},
         {"id": 2, "chapterName": "b", "parentId": 3},
         {"id": 3, "chapterName": "c", "parentId": 2},
         {"id": 4, "chapterName": "d", "parentId": 99}]}
        """),
      [
        "test.json:2:44: chapter 2 is on a cycle of parentIds (parentId 3); no chapter on it reaches the top",
        "test.json:3:44: chapter 3 is on a cycle of parentIds (parentId 2); no chapter on it reaches the top",
        "test.json:4:44: chapter 4: parentId 99 names no chapter in this file",
      ])
  }

  func testNotACourse() {
    XCTAssertEqual(
      Fixtures.problems(#"{"hello": 1}"#),
      [
        "test.json:1:1: not a course: expected an array of chapters, an object with \"chapterDtoList\", or a practice-course object, found an object"
      ])
  }

  func testOversizedFileIsRefusedBeforeReading() throws {
    let folder = TemporaryFolder()
    let file = folder.url.appendingPathComponent("big.json")
    try Data(repeating: 0x20, count: 2048).write(to: file)
    XCTAssertThrowsError(try CourseLoader(maximumBytes: 1024).load(path: file.path)) { error in
      XCTAssertEqual(error as? CourseLoadError, .tooLarge(path: file.path, bytes: 2048, limit: 1024))
    }
  }

  func testMissingFileAndFolderWithoutCourse() throws {
    XCTAssertEqual(
      "\(CourseLoadError.notFound(path: "nope.json"))",
      "nope.json: no such file or folder; give a course file or folder with --course PATH")
    let folder = TemporaryFolder()
    XCTAssertThrowsError(try CourseLoader().load(path: folder.path)) { error in
      XCTAssertEqual(error as? CourseLoadError, .folderWithoutCourse(path: folder.path))
    }
  }

  func testDeepNestingIsAnErrorNotACrash() {
    let depth = 100_000
    let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let problems = Fixtures.problems(json)
    XCTAssertEqual(problems, ["test.json:1:513: nesting deeper than 512 levels"])
  }

  func testInvalidUTF8IsReported() {
    // 0x81 is a letter of no 8-bit encoding the loader recognises: the parser's own message.
    var bytes = Array(#"[{"chapterName": "ab"#.utf8)
    bytes += [0x81, 0xFE]
    bytes += Array(#"", "parts": []}]"#.utf8)
    let problems = CourseLoader().parse(bytes, file: "bad.json").problems.map(\.description)
    XCTAssertEqual(problems, ["bad.json:1:21: invalid UTF-8 in string"])
  }

  func testAUTF16OrWindows1252CourseSaysWhatItLooksLikeAndHowToConvertIt() throws {
    let text = #"[{"chapterName": "Café", "parts": ["a"]}]"#
    let names = ["le.json", "le-no-bom.json", "be.json", "be-no-bom.json", "my course.json"]
    let expected = [
      "le.json:1:1: not UTF-8 (looks like UTF-16LE); save it as UTF-8, e.g. iconv -f UTF-16LE -t UTF-8 le.json > le-utf8.json",
      "le-no-bom.json:1:1: not UTF-8 (looks like UTF-16LE); save it as UTF-8, e.g. iconv -f UTF-16LE -t UTF-8 le-no-bom.json > le-no-bom-utf8.json",
      "be.json:1:1: not UTF-8 (looks like UTF-16BE); save it as UTF-8, e.g. iconv -f UTF-16BE -t UTF-8 be.json > be-utf8.json",
      "be-no-bom.json:1:1: not UTF-8 (looks like UTF-16BE); save it as UTF-8, e.g. iconv -f UTF-16BE -t UTF-8 be-no-bom.json > be-no-bom-utf8.json",
      "my course.json:1:22: not UTF-8 (looks like Windows-1252); save it as UTF-8, e.g. iconv -f Windows-1252 -t UTF-8 'my course.json' > 'my course-utf8.json'",
    ]
    let cases = zip(names, zip(EncodedText.allForeign(text), expected)).map { ($0, $1.0.bytes, $1.1) }
    for (name, bytes, expected) in cases {
      XCTAssertEqual(CourseLoader().parse(bytes, file: name).problems.map(\.description), [expected])
    }
    // From a file, in Chinese too.
    let folder = TemporaryFolder()
    let file = folder.url.appendingPathComponent("le.json")
    try Data(EncodedText.utf16(text, bigEndian: false, byteOrderMark: true)).write(to: file)
    XCTAssertThrowsError(try CourseLoader().load(path: file.path)) { error in
      XCTAssertEqual(
        (error as? CourseLoadError)?.localized(by: Localizer(language: .chinese)),
        "\(file.path):1:1: 不是 UTF-8 编码（看起来是 UTF-16LE）；请把它另存为 UTF-8，例如 iconv -f UTF-16LE -t UTF-8 \(file.path) > \(folder.path)/le-utf8.json"
      )
    }
  }

  func testASymlinkLoopOrANameTooLongIsNotNoSuchFile() throws {
    let folder = TemporaryFolder()
    let loop = folder.path("loop")
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: folder.path("loop2"))
    try FileManager.default.createSymbolicLink(atPath: folder.path("loop2"), withDestinationPath: loop)
    try FileManager.default.createDirectory(atPath: folder.path("course"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder.path("course/course.json"), withDestinationPath: loop)
    let long = folder.path(String(repeating: "a", count: 300) + ".json")
    let cases: [(path: String, words: String)] = [
      (loop, "symlink loop"), (loop + "/course.json", "symlink loop"), (folder.path("course"), "symlink loop"),
      (long, "name too long"),
    ]
    for (path, words) in cases {
      XCTAssertThrowsError(try CourseLoader().load(path: path)) { error in
        let message = "\(error)"
        XCTAssertTrue(message.contains(words) && message.contains(": cannot read: "), message)
        XCTAssertFalse(message.contains("no such file"), message)
        XCTAssertFalse(message.contains("\n"), message)
      }
    }
    XCTAssertThrowsError(try CourseLoader().load(path: loop)) { error in
      XCTAssertEqual(
        (error as? CourseLoadError)?.localized(by: Localizer(language: .chinese)),
        "\(loop)：读不了：符号链接循环（路径上的某个符号链接又指回了自己）；请修好这个链接，或者给出真实路径")
    }
  }
}

final class ProblemLimitTests: XCTestCase {
  func testAMillionProblemsOnOneLineAreCappedAndFast() {
    // One line, thousands of duplicate ids: positions must not be found by scanning from the line's start.
    let entries = (0..<5_000).map { _ in #"{"id": 7, "chapterName": "第七章"}"# }
    let problems = Fixtures.problems(#"{"chapterDtoList": ["# + entries.joined(separator: ",") + "]}")
    XCTAssertEqual(problems.count, 1_001)
    XCTAssertEqual(problems[0], "test.json:1:60: duplicate id 7 (first at 1:21)")
    XCTAssertEqual(
      problems.last, "test.json:1:32028: and 3999 more problems like these, not listed; fix these first")
  }

  func testSearchIgnoresControlCharactersInsteadOfCrashing() throws {
    let course = try Fixtures.course(#"[{"chapterName": "力 Force\u0000", "parts": ["ｆｏｒｃｅ"]}]"#)
    XCTAssertEqual(course.search("e\u{0}"), [0, 1])
    XCTAssertEqual(course.search("FORCE"), [0, 1])
    XCTAssertEqual(course.search("\u{1B}"), [])
  }
}
