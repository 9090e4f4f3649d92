import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// Issue 31 item 21: an export says what the course says and nothing more. Whatever the course's
/// text holds (line breaks in ids, `//`, `--`, control characters, markup), the GIFT export reads
/// back as the same questions, and the Moodle XML export is well-formed XML (Python's parser, which
/// is strict, reads it) that reads back as the same questions.
final class ExportSafetyTests: XCTestCase {
  static func course(_ questions: [Question], title: String = "Course", nodeTitle: String = "Unit", note: String? = nil)
    -> Course
  {
    Course(
      id: "c", title: title, format: .native,
      nodes: [
        CourseNode(
          id: "n", title: nodeTitle, parent: nil, depth: 0, ordinal: 1, subtreeEnd: 1, questions: questions,
          details: note.map { NodeDetails(fields: [], description: $0) })
      ], source: "c.json")
  }

  func reimport(_ text: String, as name: String) throws -> CourseReader.Result {
    let folder = TemporaryFolder(prefix: "export-safety")
    return try CourseReader().read([try folder.write(name, text)])
  }

  /// Checks every file with Python's XML parser; returns its complaints (empty when all parse).
  func strictXMLProblems(_ texts: [String]) throws -> [String] {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("python3 is needed for the strict XML check (make deps installs it for the stress tests)")
    }
    let folder = TemporaryFolder(prefix: "export-xml")
    var paths: [String] = []
    for (i, text) in texts.enumerated() { paths.append(try folder.write("e\(i).xml", text)) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments =
      [
        "-c",
        """
        import sys, xml.etree.ElementTree as ET
        for path in sys.argv[1:]:
            try:
                root = ET.parse(path).getroot()
                assert root.tag == "quiz", path + ": root " + root.tag
            except Exception as e:
                print(path, e)
        """,
      ] + paths
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  // MARK: Cases from the issue

  func testAnIDWithALineBreakCannotAddQuestionsToTheGIFT() throws {
    let id = "q1]\n\n::Injected::Mallory is right {T}\n\n// [id:"
    let course = Self.course([Question(id: id, prompt: "2 + 2 = 4", explanation: "", kind: .trueFalse(answer: true))])
    let gift = GiftExporter.text(course)
    let result = try reimport(gift, as: "e.gift")
    XCTAssertEqual(result.errors, [])
    XCTAssertEqual(result.course?.allQuestions.map(\.prompt), ["2 + 2 = 4"], gift)
    XCTAssertEqual(result.course?.allQuestions.map(\.id), ["q1]  ::Injected::Mallory is right {T}  // [id:"])
    // An id ending in a backslash does not escape the closing bracket.
    let slash = Self.course([Question(id: "a\\", prompt: "P", explanation: "", kind: .trueFalse(answer: true))])
    XCTAssertEqual(try reimport(GiftExporter.text(slash), as: "s.gift").course?.allQuestions.map(\.id), ["a\\"])
  }

  func testAPromptOrNoteStartingWithSlashesIsNotAComment() throws {
    let course = Self.course(
      [
        Question(id: "q1", prompt: "// is a comment in C", explanation: "", kind: .trueFalse(answer: true)),
        Question(id: "q2", prompt: "  //x", explanation: "", kind: .fill(answers: ["y"])),
      ], note: "// a note")
    let result = try reimport(GiftExporter.text(course), as: "e.gift")
    XCTAssertEqual(result.errors, [])
    XCTAssertEqual(result.course?.allQuestions.map(\.prompt), ["// is a comment in C", "//x"])
    XCTAssertEqual(result.course?.nodes.first?.details?.description, "// a note")
  }

  func testMoodleXMLIsWellFormedWithDashesAndControlCharacters() throws {
    let course = Self.course(
      [
        Question(
          id: "q\u{1}1", prompt: "Beep\u{7}? tab\tform\u{0C}feed\r\nend", explanation: "x\u{1B}[31m",
          hint: "h\u{0}", kind: .fill(answers: ["a\u{FFFF}b"]))
      ], title: "A -- B --- C -", nodeTitle: "N\u{1F}")
    let xml = MoodleXMLExporter.text(course)
    XCTAssertEqual(try strictXMLProblems([xml]), [])
    let header = try XCTUnwrap(xml.split(separator: "\n").dropFirst().first)
    XCTAssertFalse(header.dropFirst(4).dropLast(3).contains("--"), String(header))
    let back = try reimport(xml, as: "e.xml")
    XCTAssertEqual(back.errors, [])
    let question = try XCTUnwrap(back.course?.allQuestions.first)
    XCTAssertEqual(question.id, "q1")
    XCTAssertEqual(question.prompt, "Beep? tab\tformfeed\r\nend")
    XCTAssertEqual(question.explanation, "x[31m")
    XCTAssertEqual(question.hint, "h")
    XCTAssertEqual(question.kind, .fill(answers: ["ab"]))
    XCTAssertEqual(back.course?.nodes.first?.title, "N")
  }

  // MARK: Fuzzed course text

  /// Pieces that mean something to GIFT, XML, HTML or a terminal, and ordinary text.
  static let pieces = [
    "a", "Bc", " ", "  ", "\n", "\r\n", "\r", "\t", "//", "/", "--", "-", "->", "]", "[", "\\", "{", "}", "~", "=",
    "#", "##", "####", ":", "::", "<", ">", "&", "&amp;", "&#1;", "\"", "'", "é", "e\u{301}", "中文", "😀", "\u{1}",
    "\u{1B}", "\u{0B}", "\u{0C}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FFFF}", "$CATEGORY:", "[id:x]", "[hint:y]",
    "[type:card]", "<![CDATA[", "]]>", "<b>", "</text>", "<!--", "-->", "%20", "$course$", "top",
    "[moodle]", "[html]", "[plain]", "{T}", "TRUE", "1..2", "%50%",
  ]

  static func text(_ rng: inout SeededRandomNumberGenerator, count: ClosedRange<Int> = 0...8) -> String {
    (0..<Int.random(in: count, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  /// Text for an answer: GIFT cannot say `->` in one (Moodle, and practice, read a matching pair).
  static func answer(_ rng: inout SeededRandomNumberGenerator) -> String {
    text(&rng, count: 0...3).replacingOccurrences(of: "->", with: "- >")
  }

  /// What a reader can keep of `text`: XML 1.0 has no control characters (but tab and line breaks);
  /// GIFT writes a line break as `\n`, which stands for a line feed alone.
  static func kept(_ text: String, xml: Bool) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if !xml && scalar == "\r" { continue }
      if xml && (scalar.value < 0x20 && ![0x09, 0x0A, 0x0D].contains(scalar.value) || scalar.value == 0xFFFF) {
        continue
      }
      scalars.append(scalar)
    }
    return String(scalars)
  }

  func testFuzzedCoursesExportToWhatTheyAre() throws {
    var rng = SeededRandomNumberGenerator(seed: 31)
    var xmlTexts: [String] = []
    for round in 0..<60 {
      var questions: [Question] = []
      for i in 0..<6 {
        // Unique prefixes keep ids and options distinct whatever the fuzz adds.
        let id = "q\(i)-" + Self.text(&rng, count: 0...3) + "z"
        let prompt = "P" + Self.text(&rng) + "."
        let kind: Question.Kind =
          switch i % 4 {
          case 0: .trueFalse(answer: Bool.random(using: &rng))
          case 1: .fill(answers: ["f" + Self.answer(&rng) + "."])
          case 2: .multiple(options: (0..<3).map { "o\($0)" + Self.answer(&rng) + "." }, answers: [0, 2])
          default: .card(back: "b" + Self.answer(&rng) + ".")
          }
        questions.append(
          Question(
            id: id, prompt: prompt, explanation: Bool.random(using: &rng) ? "" : "E" + Self.text(&rng) + ".",
            hint: Bool.random(using: &rng) ? nil : "H" + Self.text(&rng) + ".", kind: kind))
      }
      let course = Self.course(
        questions, title: "T" + Self.text(&rng), nodeTitle: "N" + Self.text(&rng, count: 0...2) + "n")
      let gift = GiftExporter.text(course)
      let xml = MoodleXMLExporter.text(course)
      xmlTexts.append(xml)
      for (text, name) in [(gift, "f.gift"), (xml, "f.xml")] {
        let isXML = name == "f.xml"
        let back = try reimport(text, as: name)
        XCTAssertEqual(back.errors, [], "round \(round) \(name)\n\(text)")
        let read = back.course?.allQuestions ?? []
        XCTAssertEqual(read.count, questions.count, "round \(round) \(name): questions added or lost\n\(text)")
        for (wrote, got) in zip(questions, read) {
          let context = "round \(round) \(name) \(wrote.id.debugDescription)\n\(text)"
          // GIFT keeps an id on one line: a line break in it is read back as a space.
          let id =
            isXML
            ? Self.kept(wrote.id, xml: true)
            : String(
              wrote.id.unicodeScalars.map {
                "\n\r\u{0B}\u{0C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0) ? " " : Character($0)
              })
          XCTAssertEqual(got.id, id, context)
          XCTAssertEqual(got.prompt.debugDescription, Self.kept(wrote.prompt, xml: isXML).debugDescription, context)
        }
      }
    }
    XCTAssertEqual(try strictXMLProblems(xmlTexts), [])
  }
}
