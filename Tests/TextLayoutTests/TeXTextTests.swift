import Foundation
import TextLayout
import XCTest

/// TeX formulas as Unicode, checked against Tests/TeX/formulas.tsv, which the pylatexenc check
/// (Tests/TeX/tex_check.py, in make test) compares with the reference converter.
final class TeXTextTests: XCTestCase {
  static var table: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("TeX/formulas.tsv")
  }

  func testEveryFormulaOfTheTableRendersAsRecorded() throws {
    let text = try String(contentsOf: Self.table, encoding: .utf8)
    var rows = 0
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      XCTAssertGreaterThanOrEqual(fields.count, 3, String(line))
      guard fields.count >= 3 else { continue }
      rows += 1
      let (shown, unrendered) = TeXText.replacingFormulas(fields[0])
      XCTAssertEqual(shown, fields[1], fields[0])
      XCTAssertEqual(!unrendered.isEmpty, fields[2] == "unrendered", fields[0])
    }
    XCTAssertGreaterThanOrEqual(rows, 100)
  }

  func testTheIssuesExamples() {
    XCTAssertEqual(TeXText.render("\\frac{1}{2}"), "1⁄2")
    XCTAssertEqual(TeXText.render("\\frac{a+1}{b}"), "(a + 1)/b")
    XCTAssertEqual(TeXText.render("x^2 + y_1"), "x² + y₁")
    XCTAssertEqual(TeXText.render("90^\\circ"), "90°")
    XCTAssertEqual(TeXText.render("\\sqrt{2} \\times 3 \\cdot 4 \\pm 1"), "√2 × 3 · 4 ± 1")
    XCTAssertEqual(TeXText.render("a \\le b \\ge c \\ne d \\approx e"), "a ≤ b ≥ c ≠ d ≈ e")
    XCTAssertEqual(TeXText.render("\\text{speed} = 5\\,\\text{m/s}"), "speed = 5 m/s")
    XCTAssertNil(TeXText.render("\\begin{pmatrix}1\\end{pmatrix}"))
    XCTAssertNil(TeXText.render("\\unknowncommand"))
  }

  func testDeepNestingIsRefusedNotOverflowed() {
    let deep = String(repeating: "{", count: 10_000) + "x" + String(repeating: "}", count: 10_000)
    XCTAssertNil(TeXText.render(deep))
  }
}
