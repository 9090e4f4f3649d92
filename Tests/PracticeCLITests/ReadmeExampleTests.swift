import Foundation
import PracticeTestSupport
import XCTest

/// The README's scripted session is the program's real output: the command shown there is run and
/// its output compared with the text block under it, so the first thing a newcomer reads cannot go
/// stale.
final class ReadmeExampleTests: XCTestCase {
  func testTheReadmesScriptedSessionIsWhatTheProgramPrints() throws {
    let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
    let example = try XCTUnwrap(ReadmeExample(markdown: readme), "README.md has no scripted session")
    XCTAssertEqual(example.arguments.first, ".build/debug/practice")
    let data = TemporaryFolder()
    let run = try PracticeBinary.run(
      Array(example.arguments.dropFirst()), environment: PracticeBinary.environment(dataDirectory: data.path))
    XCTAssertEqual(run.status, 0, run.stderr)
    XCTAssertEqual(run.stdout, example.output, "README.md's scripted session differs from the program's output")
  }
}

/// The first shell block of a Markdown text that runs `practice`, split into words as the shell
/// would (single quotes, backslash-newline), and the text block that follows it.
private struct ReadmeExample {
  var arguments: [String]
  var output: String

  init?(markdown: String) {
    guard let command = markdown.range(of: "```sh\n.build/debug/practice"),
      let commandEnd = markdown.range(of: "\n```", range: command.upperBound..<markdown.endIndex),
      let text = markdown.range(of: "```text\n", range: commandEnd.upperBound..<markdown.endIndex),
      let textEnd = markdown.range(of: "```", range: text.upperBound..<markdown.endIndex)
    else { return nil }
    let line = markdown[markdown.index(command.lowerBound, offsetBy: 6)..<commandEnd.lowerBound]
      .replacingOccurrences(of: "\\\n", with: " ")
    arguments = Self.words(line)
    output = String(markdown[text.upperBound..<textEnd.lowerBound])
  }

  private static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word: String?
    var quoted = false
    for character in line {
      if character == "'" {
        quoted.toggle()
        word = word ?? ""
      } else if character == " " && !quoted {
        if let finished = word { words.append(finished) }
        word = nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let finished = word { words.append(finished) }
    return words
  }
}
