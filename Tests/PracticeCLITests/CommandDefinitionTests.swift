import Foundation
import Localization
import PracticeTestSupport
import Reports
import XCTest

@testable import PracticeCLI

/// Each command owns its options (`Commands`): it refuses every other option with a usage error that
/// names it, its `--help` lists only its own, and the REPL's `report` reads the same definitions.
final class CommandDefinitionTests: XCTestCase {
  /// Options that pick another command of the same word (`export --events`), so they are not refused
  /// by `export` but change which command is asked.
  static let selectors: Set<String> = ["--events", "--outline"]

  func testEveryCommandAcceptsItsExample() throws {
    for command in Commands.all {
      let invocation = try Invocation.parse(command.example)
      XCTAssertNotEqual(invocation.mode, .help, command.name)
    }
  }

  /// The tokenizer reads an option by the first command's definition of it (`Commands.anyOption`): that is
  /// right only while every command taking a name agrees on whether it takes a value, and with the command
  /// itself on which definition it is.
  func testEveryCommandTakingANameAgreesWhetherItTakesAValue() {
    for command in Commands.all {
      for option in command.options {
        for name in option.names {
          XCTAssertEqual(Commands.anyOption(named: name)?.takesValue, option.takesValue, "\(command.name) \(name)")
          XCTAssertEqual(command.option(named: name)?.label, option.label, "\(command.name) \(name)")
        }
      }
    }
    XCTAssertNil(Commands.anyOption(named: "--no-such-option"))
  }

  /// Generated from the definitions: a new option or command is covered without editing this test.
  func testEveryCommandRefusesEveryOptionItDoesNotTake() throws {
    var refused = 0
    for command in Commands.all {
      for option in Commands.allOptions where command.option(named: option.names[0]) == nil {
        guard !Self.selectors.contains(option.names[0]) else { continue }
        let arguments = command.example + [option.names[0]] + (option.takesValue ? ["x"] : [])
        for language in [Language.english, .chinese] {
          XCTAssertThrowsError(try Invocation.parse(arguments, messages: Localizer(language: language))) { error in
            let message = (error as? UsageError)?.message ?? ""
            XCTAssertTrue(message.contains(option.names[0]), "\(arguments): \(message)")
            if !command.name.isEmpty {
              XCTAssertTrue(message.contains(command.name), "\(arguments): \(message)")
            }
          }
        }
        refused += 1
      }
    }
    // The table is not empty by accident (every command refuses at least --rate but studying).
    XCTAssertGreaterThan(refused, 10 * (Commands.all.count - 1))
  }

  func testEveryCommandTakesTheOptionsItsHelpLists() throws {
    for command in Commands.all {
      for option in command.options {
        XCTAssertNotNil(command.option(named: option.names[0]), "\(command.name) \(option.label)")
      }
      XCTAssertNotNil(command.option(named: "--lang"), command.name)
      XCTAssertNotNil(command.option(named: "--help"), command.name)
    }
  }

  func testValidateRefusesRateNamingItselfInBothLanguages() throws {
    XCTAssertThrowsError(try Invocation.parse(["validate", "x.json", "--rate", "--fuzz", "--split"])) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message, "validate does not take --rate; see 'practice validate --help'")
    }
    XCTAssertThrowsError(
      try Invocation.parse(["validate", "x.json", "--rate"], messages: Localizer(language: .chinese))
    ) { error in
      XCTAssertEqual(
        (error as? UsageError)?.message, "validate 不能用 --rate；输入 'practice validate --help' 查看它的选项")
    }
    let run = try PracticeBinary.run(
      ["validate", "Data/courses/sampler", "--rate"],
      environment: PracticeBinary.environment(dataDirectory: TemporaryFolder().path))
    XCTAssertEqual(run.status, 2)
    XCTAssertEqual(run.stdout, "")
    XCTAssertTrue(run.stderr.hasPrefix("practice: validate does not take --rate;"), run.stderr)
  }

  func testReportHelpListsOnlyReportsOptions() throws {
    XCTAssertEqual(try Invocation.parse(["report", "--help"]).mode, .commandHelp("report"))
    XCTAssertEqual(try Invocation.parse(["help", "report"]).mode, .commandHelp("report"))
    let help = Invocation.usage(of: "report")
    for option in Commands.Report.options where option.summary != nil {
      XCTAssertTrue(help.contains("\n  " + option.label), option.label)
    }
    for option in ["--rate", "--seed", "--skip-broken", "--teachers", "--split", "--apply", "-c 'CMD; CMD'"] {
      XCTAssertFalse(help.contains("  " + option), option)
    }
    XCTAssertFalse(help.contains("practice validate"))
  }

  /// The REPL's `report` takes the same options as `practice report` (their definitions), and names them
  /// when it does not know one.
  func testTheREPLsReportReadsTheSameDefinitions() throws {
    let request = try ReportRequest.parse("2.3 --format=md -o notes.md")
    XCTAssertEqual(request.address, "2.3")
    XCTAssertEqual(request.format, .md)
    XCTAssertEqual(request.output, "notes.md")
    XCTAssertTrue(try ReportRequest.parse("--items --attempts all").isClass)
    XCTAssertThrowsError(try ReportRequest.parse("--course x")) { error in
      let message = (error as? CommandFailure)?.message ?? ""
      for option in Commands.Report.reportOptions.options {
        XCTAssertTrue(message.contains(option.name), message)
      }
    }
    for text in ["--format pdf", "--attempts all", "--attempts most --items", "--output"] {
      XCTAssertThrowsError(try ReportRequest.parse(text), text) { error in
        XCTAssertTrue((error as? CommandFailure)?.message.hasPrefix("report: ") ?? false, "\(error)")
      }
    }
  }

  /// `practice COMMAND --help` for every command word, in English and in Chinese.
  func testEachCommandsHelpInBothLanguages() throws {
    var seen = Set<String>()
    let words = Commands.all.compactMap { $0.word }.filter { seen.insert($0).inserted }
    for (language, environment) in [("en", [:]), ("zh", ["LC_MESSAGES": "zh_CN.UTF-8"])] {
      let folder = TemporaryFolder()
      let transcript = try MessageTranscriptTests.transcript(
        of: words.map { MessageTranscriptTests.Run(arguments: [$0, "--help"]) }, in: folder,
        environment: environment, extraArguments: [])
      assertSnapshot(transcript, named: "command-help-\(language)")
    }
  }
}
