import Foundation
import PracticeTestSupport
import XCTest

/// The manual page and the completion scripts, written by the program from its help definitions.
final class ManualPageTests: XCTestCase {
  private func practice(_ arguments: [String]) throws -> PracticeBinary.Result {
    let data = TemporaryFolder()
    return try PracticeBinary.run(arguments, environment: PracticeBinary.environment(dataDirectory: data.path))
  }

  /// Runs `tool` with `arguments` on `input`; nil when the tool is not installed.
  private func run(_ tool: String, _ arguments: [String], input: String) throws -> PracticeBinary.Result? {
    guard
      let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + tool }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { return nil }
    let folder = TemporaryFolder()
    let file = folder.path + "/input"
    try input.write(toFile: file, atomically: true, encoding: .utf8)
    return try PracticeBinary.run(
      arguments + [file], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANWIDTH": "80"],
      executable: URL(fileURLWithPath: path))
  }

  func testTheManualPageRendersWithoutAWarningAndNamesEveryOption() throws {
    let page = try practice(["--generate-manual"])
    XCTAssertEqual(page.status, 0, page.stderr)
    guard let rendered = try run("groff", ["-man", "-Tutf8", "-ww"], input: page.stdout) else {
      throw XCTSkip("groff is not installed (make deps installs it)")
    }
    XCTAssertEqual(rendered.status, 0)
    XCTAssertEqual(rendered.stderr, "", "groff warned about the generated page")
    // groff draws bold by overstriking: read the text without it.
    let text = rendered.stdout.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
    let help = try practice(["--help"])
    for option in help.stdout.split(separator: "\n").compactMap({ line -> String? in
      let trimmed = line.drop(while: { $0 == " " })
      guard trimmed.hasPrefix("--") else { return nil }
      return trimmed.split(separator: " ").first.map { String($0).trimmingCharacters(in: [","]) }
    }) {
      XCTAssertTrue(text.contains(option), "the manual page does not name \(option)")
    }
    for section in ["NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "EXIT STATUS"] {
      XCTAssertTrue(text.contains(section), "no \(section) section")
    }
    XCTAssertTrue(text.contains("review [--new] [ADDR]"), "the REPL's commands are missing")
  }

  func testTheBashCompletionCompletesOptionsAndCommands() throws {
    let script = try practice(["--generate-completion-script", "bash"])
    XCTAssertEqual(script.status, 0, script.stderr)
    let probe =
      script.stdout + """
        COMP_WORDS=(practice --co); COMP_CWORD=1; _practice; echo "options: ${COMPREPLY[*]}"
        COMP_WORDS=(practice val); COMP_CWORD=1; _practice; echo "commands: ${COMPREPLY[*]}"
        COMP_WORDS=(practice report --at); COMP_CWORD=2; _practice; echo "report: ${COMPREPLY[*]}."
        COMP_WORDS=(practice validate --ra); COMP_CWORD=2; _practice; echo "validate: ${COMPREPLY[*]}."

        """
    guard let result = try run("bash", ["--norc"], input: probe) else { throw XCTSkip("no bash") }
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(result.stdout.contains("options: --course --columns"), result.stdout)
    XCTAssertTrue(result.stdout.contains("commands: validate"), result.stdout)
    // After a command, only its own options complete (from its definition): report's --attempts, and
    // nothing for --rate after validate, which does not take it.
    XCTAssertTrue(result.stdout.contains("report: --attempts."), result.stdout)
    XCTAssertTrue(result.stdout.contains("validate: ."), result.stdout)
  }

  func testZshAndFishScriptsNameEveryCommand() throws {
    for shell in ["zsh", "fish"] {
      let script = try practice(["--generate-completion-script", shell])
      XCTAssertEqual(script.status, 0, script.stderr)
      for word in ["validate", "import", "export", "report", "schedule", "course"] {
        XCTAssertTrue(script.stdout.contains(word), "\(shell) script lacks \(word)")
      }
    }
    let unknown = try practice(["--generate-completion-script", "powershell"])
    XCTAssertEqual(unknown.status, 2)
    XCTAssertTrue(unknown.stderr.contains("bash, zsh or fish"), unknown.stderr)
  }
}
