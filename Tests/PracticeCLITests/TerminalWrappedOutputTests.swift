import Foundation
import Localization
import PracticeTestSupport
import TextLayout
import XCTest

@testable import PracticeCLI

/// Errors wrap at word boundaries on a terminal, and stay one line each in a file or a pipe.
final class TerminalWrappedOutputTests: XCTestCase {
  func testALineWiderThanTheTerminalWrapsAtWordsUnderAHangingIndent() {
    XCTAssertEqual(
      TerminalWrappedOutput.lines("error: no node 9.9.9: the course has 2 top-level nodes (1-2)", width: 30),
      ["error: no node 9.9.9: the", "  course has 2 top-level nodes", "  (1-2)"])
    // The terminal had broken `folder` as `fol` / `der`.
    let path = "/tmp/no/such/folder/with/a/long/name/course.json"
    let lines = TerminalWrappedOutput.lines(
      path + ": no such file or folder; give a course file or folder with --course PATH", width: 80)
    XCTAssertEqual(lines, [path + ": no such file or folder; give", "  a course file or folder with --course PATH"])
  }

  func testChineseWrapsBetweenCharactersAndNeverBeforeClosingMarks() {
    let lines = TerminalWrappedOutput.lines("错误：没有 9.9.9 这个节点；课程只有 2 个顶层节点（1-2），请换一个地址", width: 24)
    XCTAssertGreaterThan(lines.count, 1)
    for line in lines {
      XCTAssertLessThanOrEqual(DisplayWidth.of(line), 24, line)
      XCTAssertFalse(line.trimmingCharacters(in: .whitespaces).hasPrefix("，"), line)
    }
    XCTAssertEqual(lines.joined().replacingOccurrences(of: " ", with: ""), "错误：没有9.9.9这个节点；课程只有2个顶层节点（1-2），请换一个地址")
  }

  func testALineThatFitsIsKeptAsWrittenAndAnIndentedOneHangsDeeper() {
    XCTAssertEqual(TerminalWrappedOutput.lines("a  b   c", width: 8), ["a  b   c"])
    XCTAssertEqual(TerminalWrappedOutput.lines("  one two three", width: 12), ["  one two", "    three"])
  }

  func testTheStreamWrapsOnlyWithAWidth() {
    let terminal = StringOutput()
    let wrapping = TerminalWrappedOutput(terminal, width: { 20 })
    wrapping.write("error: unknown command ")
    XCTAssertEqual(terminal.text, "", "a line is wrapped when it is complete")
    wrapping.write("'frobnicate'\nshort\n")
    XCTAssertEqual(terminal.text, "error: unknown\n  command\n  'frobnicate'\nshort\n")
    let file = StringOutput()
    TerminalWrappedOutput(file, width: { nil }).line("error: unknown command 'frobnicate'")
    XCTAssertEqual(file.text, "error: unknown command 'frobnicate'\n")
  }

  /// The app wraps stderr to the width of the terminal stderr is, whatever stdout is; COLUMNS counts
  /// only on a terminal.
  func testTheAppWrapsErrorsOnlyWhenStderrIsATerminal() {
    func run(errorColumns: Int?, environment: [String: String] = [:]) -> String {
      let errors = StringOutput()
      let app = PracticeApp(
        arguments: ["--course", "/nonexistent/folder/of/a/course/nobody/has/course.json", "-c", "ls"],
        environment: ["LANG": "C.UTF-8"].merging(environment) { $1 }, output: StringOutput(), errors: errors,
        errorColumns: { errorColumns })
      XCTAssertEqual(app.run(), 1)
      return errors.text
    }
    let oneLine = run(errorColumns: nil, environment: ["COLUMNS": "30"])
    XCTAssertEqual(oneLine.filter { $0 == "\n" }.count, 1, oneLine)
    let wrapped = run(errorColumns: 40)
    XCTAssertGreaterThan(wrapped.filter { $0 == "\n" }.count, 1, wrapped)
    for line in wrapped.split(separator: "\n") { XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), 40, wrapped) }
    let narrower = run(errorColumns: 80, environment: ["COLUMNS": "30"])
    for line in narrower.split(separator: "\n") {
      XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), 30, narrower)
    }
  }
}

extension TerminalWrappedOutputTests {
  /// `validate` lists its problems on stdout: at 40 columns the terminal broke them anywhere
  /// (`question "q": m` / `issing "explanation"`); to a pipe each stays one line.
  func testValidateWrapsItsProblemsOnATerminalOnly() throws {
    let folder = TemporaryFolder()
    let course = try folder.write(
      "bad.json",
      #"{"format": "practice-course", "id": "x", "title": "T", "nodes": [{"id": "a", "title": "A", "questions": [{"id": "q", "type": "fill", "prompt": "p"}]}]}"#
    )
    func validate(terminal: Bool) -> [String] {
      let output = StringOutput()
      let app = PracticeApp(
        arguments: ["validate", course], environment: ["LANG": "C.UTF-8", "COLUMNS": "40"], output: output,
        errors: StringOutput(), stdoutIsTerminal: terminal)
      XCTAssertEqual(app.run(), 1)
      return output.text.split(separator: "\n").map(String.init)
    }
    let onTerminal = validate(terminal: true)
    for line in onTerminal { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 40, onTerminal.joined(separator: "\n")) }
    XCTAssertTrue(
      onTerminal.contains { $0.hasPrefix("  ") && $0.contains("missing") }, onTerminal.joined(separator: "\n"))
    let piped = validate(terminal: false)
    XCTAssertEqual(piped.count, 3, piped.joined(separator: "\n"))
    XCTAssertTrue(piped[0].hasPrefix(course + ":1:"), piped[0])
  }
}

/// `practice --help` on a narrow terminal: the explanations at column 42 ran past a 40-column
/// terminal, which broke every line anywhere (`--course PATH     a course file or fol` / `der`).
final class NarrowHelpTests: XCTestCase {
  func testHelpFitsEveryWidthAndKeepsEachOptionWhole() {
    for language in [Language.english, .chinese] {
      let messages = Localizer(language: language)
      for width in 30...80 {
        let text = Invocation.usage(messages, width: width)
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "\(language) at \(width): \(line)") }
        for option in HelpText.options {
          XCTAssertTrue(
            lines.contains { $0.hasPrefix("  " + option.label) }, "\(language) at \(width): \(option.label)")
        }
        // Every word of every explanation is there, in order.
        let words = text.filter { !$0.isWhitespace }
        for option in HelpText.options {
          XCTAssertTrue(
            words.contains(messages.tr(option.summary ?? "").filter { !$0.isWhitespace }), "\(width): \(option)")
        }
      }
    }
    // A file or a pipe gets the 80-column help, explanations beside their options.
    XCTAssertEqual(Invocation.usage(.english), Invocation.usage(.english, width: 120))
    XCTAssertTrue(Invocation.usage(.english).contains("\n  --seed N          shuffle questions"))
    XCTAssertTrue(Invocation.usage(.english, width: 40).contains("\n  --seed N\n      shuffle questions"))
  }
}
