import Calculation
import Foundation
import XCTest

/// The evaluator against an independent one: random formulas built and evaluated by Python's own
/// arithmetic (formula_oracle.py), read back from their text here and evaluated by ``Formula``. The
/// text has only the parentheses precedence needs, so a wrong precedence or associativity changes the
/// value; the errors must stop at the same kind of operation.
///
/// Python is the one in FORMULA_ORACLE_PYTHON (make test sets it to the test venv's, with 20,000
/// formulas, and then a missing Python fails the test), else the venv's or `python3` on PATH, else the
/// test is skipped (saying so).
final class FormulaOracleTests: XCTestCase {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  private func python() throws -> String {
    let environment = ProcessInfo.processInfo.environment
    if let required = environment["FORMULA_ORACLE_PYTHON"] {
      guard FileManager.default.isExecutableFile(atPath: required) else {
        XCTFail("FORMULA_ORACLE_PYTHON=\(required) is not an executable Python")
        throw XCTSkip("no Python")
      }
      return required
    }
    let venv = Self.root.appendingPathComponent("../../.build/sql-venv/bin/python").standardized.path
    let path = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
    for candidate in [venv] + path where FileManager.default.isExecutableFile(atPath: candidate) {
      return candidate
    }
    throw XCTSkip("no Python to compare the evaluator with (make test runs this check with the test venv's)")
  }

  private func oracleRows(seed: Int, count: Int) throws -> [Substring] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try python())
    process.arguments = [Self.root.appendingPathComponent("formula_oracle.py").path, "\(seed)", "\(count)"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "formula_oracle.py failed")
    return String(decoding: data, as: UTF8.self).split(separator: "\n")
  }

  private static func category(_ kind: FormulaErrorKind) -> String {
    switch kind {
    case .divisionByZero: "division"
    case .negativeSquareRoot: "sqrt"
    case .outsideDomain: "domain"
    case .notFinite: "overflow"
    default: "\(kind)"
    }
  }

  func testRandomFormulasEvaluateAsPythonDoes() throws {
    let count = Int(ProcessInfo.processInfo.environment["FORMULA_ORACLE_COUNT"] ?? "") ?? 3_000
    let seed = Int(ProcessInfo.processInfo.environment["FORMULA_ORACLE_SEED"] ?? "") ?? 33
    let rows = try oracleRows(seed: seed, count: count)
    XCTAssertEqual(rows.count, count)
    var mismatches: [String] = []
    var errors = 0
    for (number, row) in rows.enumerated() {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4 else {
        mismatches.append("row \(number + 1): \(row)")
        continue
      }
      let (text, expected) = (fields[0], fields[3])
      var values: [String: Double] = [:]
      for pair in fields[1].split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        values[String(parts[0])] = Double(parts[1])
      }
      let got: String
      do {
        let formula = try Formula(text)
        let variables = fields[2].split(separator: ",").map(String.init)
        if formula.variables != variables {
          mismatches.append("\(text): variables \(formula.variables), Python \(variables)")
        }
        let value = try formula.evaluate(values)
        got = "\(value)"
        if let want = Double(expected), value == want || abs(value - want) <= 1e-12 * abs(want) { continue }
      } catch {
        got = "error:" + Self.category(error.kind)
        if got == expected {
          errors += 1
          continue
        }
      }
      mismatches.append("\(text) with \(fields[1]): practice \(got), Python \(expected)")
    }
    XCTAssertEqual(
      mismatches, [],
      "\(mismatches.count) of \(count) formulas differ:\n" + mismatches.prefix(20).joined(separator: "\n"))
    // The formulas must exercise the errors too, not only the values.
    XCTAssertGreaterThan(errors, count / 20)
  }
}
