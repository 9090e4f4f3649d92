import CourseOutline
import Foundation
import PracticeCLI
import PracticeTestSupport
import PracticeTime
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// Files the program writes and reads as a hostile environment would set them up (issue 31, items
/// 16, 17, 19, 23, 26): the umask, set-id decoys, an output that is the input, links planted in an
/// export folder, a folder or a FIFO where a file is read, escape codes in Tab's list.
final class WrittenFilesTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  var environment: [String: String] { PracticeBinary.environment(dataDirectory: folder.path) }

  /// The built program run by `sh` after `prefix` (`umask 077`), with `stdin` as standard input.
  func shell(_ prefix: String, _ arguments: [String], stdin: String = "/dev/null") throws -> PracticeBinary.Result {
    let quoted = ([PracticeBinary.url.path] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    return try PracticeBinary.run(
      ["-c", "\(prefix); exec \(quoted.joined(separator: " ")) < '\(stdin)'"], environment: environment,
      currentDirectory: folder.url, executable: URL(fileURLWithPath: "/bin/sh"))
  }

  func mode(_ path: String) -> mode_t {
    var status = stat()
    XCTAssertEqual(lstat(path, &status), 0, path)
    return status.st_mode & 0o7777
  }

  var sampler: String { Repository.path("Data/courses/sampler") }

  /// Made with some answers, so exports have something to write.
  func makeClass() throws -> String {
    let data = folder.path + "/class"
    for user in ["ann", "bob"] {
      let result = try PracticeBinary.run(
        ["--course", sampler, "--data-dir", data, "--user", user, "--seed", "3"], stdin: "start 1.1.1\nB\nquit\n",
        environment: environment)
      XCTAssertEqual(result.status, 0, result.stderr)
    }
    return data
  }

  /// Item 16: under `umask 077` every new output is private; a file replaced keeps its permissions
  /// but never its setuid, setgid or sticky bits.
  func testNewOutputsHonourTheUmaskAndReplacedOnesLoseSetIDBits() throws {
    let data = try makeClass()
    let bank = try folder.write("bank.gift", "::q1:: 2+2 = {=4 ~5}\n")
    let outputs: [(String, [String])] = [
      ("events.jsonl", ["--course", sampler, "--data-dir", data, "export", "--events", "--output"]),
      ("report.txt", ["--course", sampler, "--data-dir", data, "--user", "ann", "report", "--output"]),
      ("class.json", ["--course", sampler, "--data-dir", data, "report", "--class", "--format", "json", "--output"]),
      ("course.gift", ["export", "--format", "gift", sampler, "--output"]),
      ("bank.json", ["import", bank, "--output"]),
    ]
    for (name, arguments) in outputs {
      let path = folder.path + "/" + name
      let result = try shell("umask 077", arguments + [path])
      XCTAssertEqual(result.status, 0, name + ": " + result.stderr)
      XCTAssertEqual(mode(path), 0o600, name)
      // A set-id decoy in its place: replaced, its permissions kept, the set-id bits dropped.
      XCTAssertEqual(chmod(path, 0o6777), 0)
      let again = try shell("umask 022", arguments + [path])
      XCTAssertEqual(again.status, 0, name + ": " + again.stderr)
      XCTAssertEqual(mode(path), 0o777, name)
    }
    let split = folder.path + "/split"
    let result = try shell(
      "umask 077", ["--course", sampler, "--data-dir", data, "export", "--events", "--split", "--output", split])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(mode(split + "/sampler"), 0o700)
    XCTAssertEqual(mode(split + "/sampler/ann.jsonl"), 0o600)
  }

  /// Item 17: an output that is the course being read, by another name or a hard link, is refused
  /// and the course is left as it was.
  func testAnOutputThatIsTheCourseReadIsRefused() throws {
    let course = folder.path + "/c.json"
    XCTAssertNoThrow(try FileManager.default.copyItem(atPath: sampler + "/course.json", toPath: course))
    let original = try String(contentsOfFile: course, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: folder.path + "/data", withIntermediateDirectories: true)
    let hardLink = folder.path + "/same.json"
    XCTAssertEqual(link(course, hardLink), 0)
    for target in ["./c.json", hardLink] {
      for arguments in [
        ["export", "--format", "gift", "c.json", "--output", target],
        ["--course", "c.json", "report", "--output", target],
        ["--course", "c.json", "report", "--class", "--output", target],
        ["--course", "c.json", "export", "--outline", "--output", target],
      ] {
        let result = try PracticeBinary.run(
          arguments + ["--data-dir", folder.path + "/data"], environment: environment, currentDirectory: folder.url)
        XCTAssertEqual(result.status, 1, "\(arguments)")
        XCTAssertTrue(result.stderr.contains("it is the file being read"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: course, encoding: .utf8), original, "\(arguments)")
      }
    }
    // A folder course: its course.json is what is read.
    try FileManager.default.createDirectory(atPath: folder.path + "/cf", withIntermediateDirectories: true)
    XCTAssertEqual(link(course, folder.path + "/cf/course.json"), 0)
    let inFolder = try PracticeBinary.run(
      ["export", "--format", "gift", "cf", "--output", "c.json"], environment: environment,
      currentDirectory: folder.url)
    XCTAssertEqual(inFolder.status, 1, inFolder.stderr)
    XCTAssertEqual(try String(contentsOfFile: course, encoding: .utf8), original)
    // Import: an input under another name.
    let bank = try folder.write("bank.gift", "::q1:: 2+2 = {=4 ~5}\n")
    let imported = try PracticeBinary.run(
      ["import", bank, "--output", folder.path + "/./bank.gift"], environment: environment)
    XCTAssertEqual(imported.status, 1, imported.stderr)
    XCTAssertEqual(try String(contentsOfFile: bank, encoding: .utf8), "::q1:: 2+2 = {=4 ~5}\n")
  }

  /// Item 19: links planted in the split export's folder are never written through.
  func testASplitExportNeverWritesThroughALinkBelowItsFolder() throws {
    let data = try makeClass()
    let split = folder.path + "/split"
    let elsewhere = folder.path + "/elsewhere"
    try FileManager.default.createDirectory(atPath: split, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    // A link for the course folder.
    XCTAssertEqual(symlink(elsewhere, split + "/sampler"), 0)
    let arguments = ["--course", sampler, "--data-dir", data, "export", "--events", "--split", "--output", split]
    let linked = try PracticeBinary.run(arguments, environment: environment)
    XCTAssertEqual(linked.status, 1, linked.stderr)
    XCTAssertTrue(linked.stderr.contains("symbolic link"), linked.stderr)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere), [])
    // A link for a learner's file inside a real course folder.
    XCTAssertEqual(unlink(split + "/sampler"), 0)
    XCTAssertEqual(mkdir(split + "/sampler", 0o755), 0)
    let victim = try folder.write("victim.txt", "precious\n")
    XCTAssertEqual(symlink(victim, split + "/sampler/ann.jsonl"), 0)
    let fileLinked = try PracticeBinary.run(arguments, environment: environment)
    XCTAssertEqual(fileLinked.status, 1, fileLinked.stderr)
    XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n")
    var status = stat()
    XCTAssertEqual(lstat(split + "/sampler/ann.jsonl", &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFLNK)
    // With the links gone, the export goes through.
    XCTAssertEqual(unlink(split + "/sampler/ann.jsonl"), 0)
    let clean = try PracticeBinary.run(arguments, environment: environment)
    XCTAssertEqual(clean.status, 0, clean.stderr)
    XCTAssertTrue(FileManager.default.fileExists(atPath: split + "/sampler/bob.jsonl"))
  }

  /// Item 23: a folder on standard input is an error, as `-f folder` is; a FIFO named as the course
  /// or to `validate` is read without waiting for a writer that never comes.
  func testAFolderOnStandardInputAndAFIFOCourseAreErrorsNotSilenceOrAHang() throws {
    let result = try shell("true", ["--course", sampler, "--data-dir", folder.path + "/data"], stdin: folder.path)
    XCTAssertEqual(result.status, 2, result.stdout)
    XCTAssertTrue(result.stderr.contains("standard input is a folder"), result.stderr)
    let fifo = folder.path + "/course.fifo"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    for arguments in [["--course", fifo, "-c", "ls"], ["validate", fifo]] {
      let started = Date()
      let run = try shell("true", arguments + ["--data-dir", folder.path + "/data"])
      XCTAssertEqual(run.status, 1, "\(arguments): " + run.stdout)
      XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }
  }

  /// Item 26: Tab's list shows titles through the one sanitiser, so a title's escape sequence
  /// (`ESC ] 52 ;` writes the clipboard) is shown, never sent.
  func testTabLabelsPassTheSanitiser() throws {
    let json = #"""
      {"format": "practice-course", "nodes": [
        {"id": "a", "title": "Sc\u001b]52;c;cm0gLXJmIH4=\u0007ience", "questions": []},
        {"id": "b", "title": "Science \u202e two", "questions": []}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let shell = Shell(course: course, output: StringOutput(), clock: FixedClock(Date(timeIntervalSince1970: 0)))
    let labels = shell.completions(for: "info Sc").map { shell.completionLabel($0) }
    XCTAssertEqual(labels, ["1 Sc\\u{1B}]52;c;cm0gLXJmIH4=\\u{7}ience", "2 Science <U+202E> two"])
  }
}
