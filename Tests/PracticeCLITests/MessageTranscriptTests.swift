import Foundation
import PracticeTestSupport
import XCTest

/// Golden transcripts, in English and in Chinese, of `--help`, the usage errors, the startup
/// errors and warnings, and every error of the scripted runner: `Snapshots/messages-en.txt` and
/// `messages-zh.txt` hold the same runs, so a message missing from the catalog shows as English in
/// the Chinese file.
final class MessageTranscriptTests: XCTestCase {
  /// One run of the binary: its arguments, stdin and extra environment.
  struct Run {
    var arguments: [String]
    var stdin = ""
    var environment: [String: String] = [:]
  }

  /// A script whose lines the reader refuses: bytes that are not UTF-8 and a line of 2 MB.
  static func rejectedLinesScript(in folder: TemporaryFolder) throws -> String {
    var bytes = Array("ls\n".utf8) + [0x66, 0xFF, 0xFE, 0x0A]
    bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 2 << 20) + [0x0A]
    bytes += Array("nope\n".utf8)
    let path = folder.path + "/rejected.txt"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func runs(in folder: TemporaryFolder) throws -> [Run] {
    let shell = ["--seed", "7", "--now", "2026-12-01T08:00:00Z"]
    let broken = try folder.write("broken.gift", "::Q1:: Water boils at 100 °C. {t}\n\n::Q2:: Ice is {=solid ~liquid\n")
    let good = try folder.write("good.gift", "::Q1:: Water boils at 100 °C. {T}\n\n::Q2:: Ice is {=solid ~liquid}\n")
    return [
      Run(arguments: ["import", broken]),
      Run(arguments: ["import", good, "--output", folder.path + "/good.json", "--id", "water"]),
      Run(arguments: ["import", good, "--id", "no spaces"]),
      Run(arguments: ["import", good, "--output", good]),
      Run(arguments: ["export", "--format", "gift", folder.path + "/good.json", "--output", folder.path + "/out.gift"]),
      // An output in a folder that is not there says what to do, whichever command writes it.
      Run(arguments: ["import", good, "--output", folder.path + "/no-folder/good.json"]),
      Run(arguments: [
        "export", "--format", "gift", folder.path + "/good.json", "--output", folder.path + "/no-folder/x",
      ]),
      Run(arguments: ["-c", "report --output " + folder.path + "/no-folder/report.txt"]),
      // A course nobody studied (a mistyped id) exports nothing, and says so.
      Run(arguments: ["export", "--events", "--course", "no-such-course"]),
      Run(arguments: ["--help"]),
      // What each figure means (issue 27 §4), and a bad --day-starts.
      Run(arguments: ["-c", "help report; help due"]),
      Run(arguments: ["--day-starts", "24"]),
      Run(arguments: ["--seed", "many"]),
      Run(arguments: ["--frobnicate"]),
      Run(arguments: ["frob"]),
      Run(arguments: ["--lang", "fr"]),
      Run(arguments: ["--limit", "-1"]),
      Run(arguments: ["--now", "yesterday"]),
      Run(arguments: ["--data-dir="]),
      Run(arguments: ["-c", "ls", "-f", "x"]),
      Run(arguments: ["validate"]),
      Run(arguments: ["import"]),
      Run(arguments: ["--title", "T", "-c", "ls"]),
      Run(arguments: ["export", "a", "b"]),
      Run(arguments: ["export", "Data/courses/sampler"]),
      Run(arguments: ["export", "--format", "pdf", "Data/courses/sampler"]),
      Run(arguments: ["export", "--format", "gift", folder.path + "/missing.json"]),
      Run(arguments: ["validate", folder.path + "/missing.json"]),
      Run(arguments: ["export", "--events", "--outline"]),
      Run(arguments: ["export", "--events", "--split"]),
      Run(arguments: ["report", "1", "2"]),
      Run(arguments: ["report", "--format", "pdf"]),
      Run(arguments: ["schedule", "--format", "pdf"]),
      Run(arguments: ["report", "--class", "2"]),
      Run(arguments: ["report", "9"]),
      Run(arguments: ["schedule", "9"]),
      Run(arguments: ["--course", "nowhere/course.json", "-c", "ls"]),
      Run(arguments: ["-f", folder.path + "/missing.txt"]),
      Run(arguments: ["-c", "ls"], environment: ["PRACTICE_LOCK_TIMEOUT": "soon"]),
      Run(arguments: ["--course", "Data/courses/seed-000-chapters.json", "-c", "start 1; resume; mistakes"]),
      Run(
        arguments: shell + [
          "-c",
          "nope; st; help nope; ls 1; info 9; info #999; info x; expand all x; toggle 2.3.1; 2.3.1; find; find 不存在; "
            + "resume; resume 1; mistakes; mistakes 1; report --format pdf; report --frob; report --output; "
            + "report --class 1; report 9",
        ]),
      Run(arguments: shell + ["-c", "start 2.3; !!; skip; quit; resume 2.3; quit; ls"]),
      Run(arguments: shell + ["--rate", "--course", "Data/courses/sampler", "-c", "start 1; 7; x; quit"]),
      // Under --rate a wrong answer is saved once rated: '!!' at the rating prompt says so, and works after it.
      Run(
        arguments: shell + [
          "--rate", "--course", "Data/courses/sampler", "-c", "start --in-order 1.1.2; 370; !!; 1; !!; quit",
        ]),
      Run(arguments: ["-f", try rejectedLinesScript(in: folder)]),
    ]
  }

  /// Each run's command line and what it printed (stderr merged), `folder` shown as `$TMP`.
  static func transcript(
    of runs: [Run], in folder: TemporaryFolder, environment: [String: String], extraArguments: [String]
  ) throws -> String {
    var transcript = ""
    for run in runs {
      let result = try PracticeBinary.run(
        run.arguments + extraArguments, stdin: run.stdin,
        environment: PracticeBinary.environment(
          dataDirectory: folder.path, extra: environment.merging(run.environment) { $1 }),
        mergingErrors: true)
      let variables = run.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value) " }.joined()
      let line = run.arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
      transcript += "$ \(variables)practice \(line)\n" + result.transcript + "\n"
    }
    return transcript.replacingOccurrences(of: folder.path, with: "$TMP")
  }

  func testMessagesInBothLanguages() throws {
    for (language, environment) in [("en", [:]), ("zh", ["LC_MESSAGES": "zh_CN.UTF-8"])] {
      let folder = TemporaryFolder()
      let transcript = try Self.transcript(
        of: try Self.runs(in: folder), in: folder, environment: environment,
        extraArguments: ["--data-dir", folder.path + "/progress", "--user", "learner"])
      assertSnapshot(transcript, named: "messages-\(language)")
    }
  }
}
