import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import QuizEngine
import XCTest

/// Issue 31 items 8, 10, 11 and 24: readers that stay linear in their input, limits with located
/// errors instead of a memory or stack exhausted, and a DTD read past.
final class ReaderLimitsTests: XCTestCase {
  func read(_ text: String, as name: String) throws -> CourseReader.Result {
    let folder = TemporaryFolder(prefix: "limits")
    return try CourseReader().read([try folder.write(name, text)])
  }

  static func moodleQuestion(_ i: Int) -> String {
    "<question type=\"truefalse\"><name><text>q\(i)</text></name><questiontext format=\"plain_text\">"
      + "<text>Is \(i) even?</text></questiontext><answer fraction=\"100\"><text>true</text></answer>"
      + "<answer fraction=\"0\"><text>false</text></answer></question>"
  }

  // MARK: 8. Linear readers

  /// Each element's column was counted again from its line's start: on one line, quadratic.
  func testOneLineMoodleXMLReadsInLinearTime() {
    let all = (0..<1200).map(Self.moodleQuestion)
    GrowthCheck.assertLinear("one-line Moodle XML", base: 300) { n in
      let xml = "<quiz>" + all.prefix(n).joined() + "</quiz>"
      let (questions, _) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "q.xml")
      XCTAssertEqual(questions.count, n)
    }
  }

  func testColumnsAreCountedInScalarsOnALongLine() throws {
    let xml = "<quiz>" + Self.moodleQuestion(1) + "<é>" + "<question type=\"bogus\"/></é></quiz>"
    let (_, problems) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "q.xml")
    // <é> is a warning at its own column, counted in characters, not bytes.
    let column = xml.distance(from: xml.startIndex, to: try XCTUnwrap(xml.range(of: "<é>")).lowerBound) + 1
    XCTAssertEqual(problems.map(\.column), [column])
    let broken = "<quiz>" + Self.moodleQuestion(1) + "\n  é <question></quiz>"
    XCTAssertThrowsError(try XMLElement.parse(Array(broken.utf8))) { error in
      let error = error as? XMLElement.SyntaxError
      XCTAssertEqual(error?.line, 2)
      XCTAssertEqual(error?.column, 15, "</quiz> after 14 characters, 15 bytes")
    }
  }

  /// A file's `<file>` elements were each searched for in the text: thousands of them, quadratic.
  func testManyAttachedFilesReadInLinearTime() {
    GrowthCheck.assertLinear("Moodle XML question with many files", base: 800) { n in
      var xml = "<quiz><question type=\"description\"><questiontext format=\"html\"><text><![CDATA["
      xml += (0..<n).map { "<img src=\"@@PLUGINFILE@@/\($0).png\">" }.joined() + "]]></text>"
      xml += (0..<n).map { "<file name=\"\($0 % 2 == 0 ? $0 : -$0).png\">AA==</file>" }.joined()
      xml += "</questiontext></question></quiz>"
      let (questions, _) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "q.xml")
      XCTAssertEqual(questions.count, 1)
    }
  }

  func testOnlyUnreferencedFilesAreNamed() {
    let xml = """
      <quiz><question type="description"><questiontext format="html"><text><![CDATA[<img src="@@PLUGINFILE@@/a%20b.png"> <img src="c.png?x=1">]]></text>
      <file name="a b.png">AA==</file><file name="c.png">AA==</file><file name="d.png">AA==</file><file name="d.png">AA==</file>
      </questiontext></question></quiz>
      """
    let (questions, _) = MoodleXMLReader.parse(bytes: Array(xml.utf8), file: "q.xml")
    XCTAssertEqual(questions.first?.text.text.components(separatedBy: "[image: ").count, 2, "only d.png, once")
  }

  func testAnkiWithManyNamedColumnsReadsInLinearTime() {
    GrowthCheck.assertLinear("Anki with many #columns", base: 2000) { n in
      // The roles were searched for in the list of columns for every row.
      let names = ["front", "back"] + (0..<n).map { "c\($0)" } + ["guid"]
      var text = "#separator:tab\n#columns:" + names.joined(separator: "\t") + "\n"
      for i in 0..<n { text += "f\(i)\tb\(i)\n" }
      let (questions, _) = DelimitedReader.parse(bytes: Array(text.utf8), file: "a.txt")
      XCTAssertEqual(questions.count, n)
    }
  }

  /// Sibling categories were searched for by title: 100,000 categories, quadratic.
  func testManyCategoriesBuildInLinearTime() {
    GrowthCheck.assertLinear("GIFT with a category per question", base: 1000) { n in
      let text = (0..<n).map { "$CATEGORY: unit \($0)\n\nQ\($0)? {T}" }.joined(separator: "\n\n")
      let (questions, _) = GiftParser.parse(text, file: "b.gift")
      let course = BankBuilder.course(
        files: [BankFile(id: "b", title: "b", items: GiftConverter.items(questions))], id: "b", title: "b",
        source: "b.gift")
      XCTAssertEqual(course.nodes.count, n)
    }
  }

  // MARK: 10. Column numbers

  func testAColumnNumberBeyondEveryRowIsALocatedError() {
    for header in ["guid", "deck", "tags", "notetype"] {
      let text = "#separator:tab\n#\(header) column:100000000\nParis\tFrance\n"
      let (questions, problems) = DelimitedReader.parse(bytes: Array(text.utf8), file: "a.txt")
      XCTAssertEqual(
        problems.map(\.description),
        [
          "a.txt:2:1: #\(header) column:100000000 names a column no row has: the widest row has 2 columns"
        ])
      XCTAssertEqual(questions.count, 1, "the rows are still read; the course is refused for the error")
    }
    let text = "#separator:tab\n#guid column:9223372036854775807\nParis\tFrance\n"
    let (_, problems) = DelimitedReader.parse(bytes: Array(text.utf8), file: "a.txt")
    XCTAssertEqual(problems.map(\.line), [2])
    // A column the widest row has is read as before.
    let fine = "#separator:tab\n#guid column:3\nParis\tFrance\tg1\nf2\tb2\n"
    let (cards, none) = DelimitedReader.parse(bytes: Array(fine.utf8), file: "a.txt")
    XCTAssertEqual(none, [])
    XCTAssertEqual(cards.map(\.id), ["g1", nil])
  }

  // MARK: 11. Category depth

  func testCategoriesTenThousandDeepAreALocatedErrorInEveryFormat() throws {
    let deep = Array(repeating: "a", count: 10_000)
    let files = [
      ("deep.gift", "// bank\n$CATEGORY: " + deep.joined(separator: "/") + "\n\nQ? {T}\n"),
      (
        "deep.xml",
        "<quiz>\n<question type=\"category\"><category><text>" + deep.joined(separator: "/")
          + "</text></category></question>\n" + Self.moodleQuestion(1) + "\n</quiz>"
      ),
      ("deep.txt", "#separator:tab\n#deck:" + deep.joined(separator: "::") + "\nParis\tFrance\n"),
    ]
    for (name, text) in files {
      let result = try read(text, as: name)
      XCTAssertNil(result.course, name)
      XCTAssertEqual(
        result.errors.map(\.message),
        ["this question's category is nested 10000 levels deep, more than the 100 read; use fewer levels"], name)
      XCTAssertEqual(result.errors.first?.line, name == "deep.txt" ? 3 : name == "deep.xml" ? 3 : 4, name)
    }
  }

  func testCategoriesAtTheLimitAreRead() throws {
    let path = (1...BankBuilder.maxCategoryDepth).map { "c\($0)" }
    let result = try read("$CATEGORY: " + path.joined(separator: "/") + "\n\nQ? {T}\n", as: "b.gift")
    let course = try XCTUnwrap(result.course)
    XCTAssertEqual(course.nodes.count, BankBuilder.maxCategoryDepth)
    XCTAssertEqual(course.nodes.last?.depth, BankBuilder.maxCategoryDepth - 1)
    XCTAssertEqual(course.nodes.last?.questions.count, 1)
    XCTAssertEqual(course.nodes.first?.subtreeEnd, BankBuilder.maxCategoryDepth)
  }

  /// The builder itself uses no recursion (a caller need not check depth first). Not deeper here:
  /// each node's id holds its whole path, so ids grow with the square of the depth.
  func testTheBuilderTakesADeepPath() {
    let question = Question(id: "q", prompt: "Q?", explanation: "", kind: .trueFalse(answer: true))
    let item = BankItem(category: Array(repeating: "c", count: 5000), content: .question(question), line: 1, column: 1)
    let course = BankBuilder.course(
      files: [BankFile(id: "b", title: "b", items: [item])], id: "b", title: "b", source: "b.gift")
    XCTAssertEqual(course.nodes.count, 5000)
    XCTAssertEqual(course.nodes.last?.depth, 4999)
    XCTAssertEqual(course.nodes.last?.questions.map(\.id), ["q"])
  }

  /// The builder's order, parents, ordinals and subtree ends, against a small bank built by hand.
  func testTheBuilderKeepsTheOutlineOrder() {
    func item(_ path: [String], _ id: String) -> BankItem {
      BankItem(
        category: path,
        content: .question(Question(id: id, prompt: id, explanation: "", kind: .trueFalse(answer: true))),
        line: 1, column: 1)
    }
    let items = [item(["A", "B"], "1"), item([], "0"), item(["C"], "2"), item(["A"], "3"), item(["A", "D"], "4")]
    let course = BankBuilder.course(
      files: [BankFile(id: "f", title: "F", items: items)], id: "f", title: "F", source: "f.gift")
    XCTAssertEqual(
      course.nodes.map { "\($0.id ?? "-") \($0.parent.map(String.init) ?? "-") \($0.ordinal) \($0.subtreeEnd)" },
      ["f - 1 1", "f/A - 2 4", "f/A/B 1 1 3", "f/A/D 1 2 4", "f/C - 3 5"])
    XCTAssertEqual(course.nodes.map { $0.questions.map(\.id) }, [["0"], ["3"], ["1"], ["4"], ["2"]])
    let two = BankBuilder.course(
      files: [BankFile(id: "f", title: "F", items: items), BankFile(id: "g", title: "G", items: [item([], "5")])],
      id: "c", title: "C", source: "f.gift")
    XCTAssertEqual(two.nodes.map(\.depth), [0, 1, 2, 2, 1, 0])
    XCTAssertEqual(two.nodes.map(\.subtreeEnd), [5, 4, 3, 4, 5, 6])
  }

  // MARK: 24. A DTD

  func testAnInternalDTDIsReadPastAndItsEntitiesAreNotExpanded() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE quiz [
        <!ENTITY x "expanded">
        <!ENTITY y 'a > b ]'>
        <!-- a comment with > and ] and ' -->
        <!ELEMENT quiz ANY>
      ]>
      <quiz>
      <question type="truefalse"><questiontext format="plain_text"><text>Is &x; true?</text></questiontext>
      <answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>
      </quiz>
      """
    let result = try read(xml, as: "dtd.xml")
    XCTAssertEqual(result.problems, [])
    XCTAssertEqual(result.course?.allQuestions.map(\.prompt), ["Is &x; true?"])
    // An external one is read past as before; an unclosed one is a located error.
    let external = try read(
      "<!DOCTYPE quiz SYSTEM \"quiz.dtd\">\n<quiz>" + Self.moodleQuestion(1) + "</quiz>", as: "e.xml")
    XCTAssertEqual(external.problems, [])
    let unclosed = try read("<?xml version=\"1.0\"?>\n<!DOCTYPE quiz [ <!ENTITY x \"y\">\n<quiz></quiz>", as: "u.xml")
    XCTAssertEqual(
      unclosed.errors.map(\.description),
      ["\(unclosed.errors.first?.file ?? ""):3:14: the DOCTYPE is not closed with '>'"])
  }
}
