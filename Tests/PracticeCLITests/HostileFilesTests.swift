import Foundation
import PracticeTestSupport
import XCTest

/// Files that are not what they must be: symbolic links, FIFOs and devices in a progress folder or
/// under `--output` are refused with a message, never followed, waited on or replaced.
final class HostileFilesTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String]) throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      ["--course", "Data/courses/sampler"] + arguments + ["--data-dir", folder.path + "/data"],
      environment: PracticeBinary.environment(dataDirectory: folder.path))
  }

  var progress: String { folder.path + "/data/learner/sampler" }

  func prepareProgressFolder() throws {
    XCTAssertEqual(try run(["-c", "ls"]).status, 0)
  }

  func testASymlinkedJournalOrLockIsNeverFollowed() throws {
    for name in ["journal.jsonl", "lock"] {
      try prepareProgressFolder()
      let victim = try folder.write("victim-\(name)", "precious\n")
      try FileManager.default.removeItem(atPath: progress + "/" + name)
      try FileManager.default.createSymbolicLink(atPath: progress + "/" + name, withDestinationPath: victim)
      let result = try run(["-c", "start 1.1.1; 1"])
      XCTAssertEqual(result.status, 1, name)
      XCTAssertTrue(result.stderr.contains("symbolic link"), result.stderr)
      XCTAssertTrue(result.stderr.contains(name), result.stderr)
      XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n")
      let report = try run(["report"])
      XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n", report.stderr)
      try FileManager.default.removeItem(atPath: progress)
    }
  }

  /// `ln -s loop loop; practice --data-dir loop report`: was an empty report (and NSCocoaErrorDomain
  /// error 256, later a report of no learners, from `report --class`), all with status 0.
  func testASymbolicLinkLoopAsDataFolderIsAOneLineError() throws {
    let loop = folder.path + "/loop"
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
    for command in [["report"], ["report", "--class"], ["schedule"], ["report", "--format", "json"]] {
      let result = try PracticeBinary.run(
        ["--course", "Data/courses/sampler", "--data-dir", loop] + command,
        environment: PracticeBinary.environment(dataDirectory: folder.path))
      let text = "\(command): \(result.stderr)"
      XCTAssertEqual(result.status, 1, text)
      XCTAssertEqual(result.stdout, "", text)
      XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, text)
      XCTAssertTrue(result.stderr.contains(loop), text)
      XCTAssertTrue(result.stderr.contains("symlink loop"), text)
    }
    // In the REPL too: the learner's store cannot open there, and says why.
    let repl = try PracticeBinary.run(
      ["--course", "Data/courses/sampler", "--data-dir", loop, "-c", "report --class"],
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(repl.status, 1, repl.stderr)
    XCTAssertTrue(repl.stderr.contains("symlink loop"), repl.stderr)
  }

  /// A missing data folder is an empty learner report (nothing studied yet), but a class report
  /// of a folder that is not there fails: a report of no learners would read as an empty class.
  func testAMissingDataFolder() throws {
    let missing = folder.path + "/nowhere"
    let report = try PracticeBinary.run(
      ["--course", "Data/courses/sampler", "--data-dir", missing, "report"],
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertEqual(report.stderr, "")
    let classReport = try PracticeBinary.run(
      ["--course", "Data/courses/sampler", "--data-dir", missing, "report", "--class"],
      environment: PracticeBinary.environment(dataDirectory: folder.path))
    XCTAssertEqual(classReport.status, 1, classReport.stderr)
    XCTAssertEqual(
      classReport.stderr,
      "practice: report --class: cannot list \(missing) (No such file or directory); check the data folder (--data-dir)\n"
    )
    XCTAssertFalse(FileManager.default.fileExists(atPath: missing), "a report creates nothing")
  }

  func testAFIFOInTheProgressFolderIsAnErrorNotAHang() throws {
    for name in ["journal.jsonl", "snapshot.json"] {
      try prepareProgressFolder()
      try? FileManager.default.removeItem(atPath: progress + "/" + name)
      XCTAssertEqual(mkfifo(progress + "/" + name, 0o600), 0)
      let started = Date()
      let result = try run(["-c", "ls"])
      XCTAssertEqual(result.status, 1, name)
      XCTAssertTrue(result.stderr.contains("FIFO"), result.stderr)
      let report = try run(["report", "--class"])
      XCTAssertTrue(report.stdout.contains("FIFO"), report.stdout + report.stderr)
      XCTAssertLessThan(Date().timeIntervalSince(started), 20)
      try FileManager.default.removeItem(atPath: progress)
    }
  }

  func testAReportThatCannotBeWrittenSaysWhereToWriteIt() throws {
    let target = folder.path + "/missing/r.txt"
    let result = try run(["report", "--output", target])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "practice: report: open \(target): No such file or directory; give --output a file in a folder you can write to\n"
    )
  }

  func testOutputNeverReplacesALinkADeviceOrAFIFO() throws {
    let target = try folder.write("target.txt", "keep\n")
    let link = folder.path + "/link.txt"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let fifo = folder.path + "/fifo"
    XCTAssertEqual(mkfifo(fifo, 0o600), 0)
    // A device node of our own (1,3 as /dev/null is), never the real /dev/null: a build without the
    // fix would replace it.
    let device = folder.path + "/null-device"
    let targets =
      [link, fifo, folder.path] + (mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 ? [device] : [])
    for path in targets {
      let result = try run(["report", "--output", path])
      XCTAssertEqual(result.status, 1, path)
      XCTAssertTrue(result.stderr.contains(path) && result.stderr.contains("only a regular file"), result.stderr)
    }
    var status = stat()
    XCTAssertEqual(lstat(link, &status), 0)
    XCTAssertEqual(status.st_mode & S_IFMT, S_IFLNK)
    if targets.contains(device) {
      XCTAssertEqual(lstat(device, &status), 0)
      XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR)
    }
    XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "keep\n")
  }

  func testOutputDashIsStandardOutput() throws {
    let result = try PracticeBinary.run(
      [
        "--course", Repository.path("Data/courses/sampler"), "report", "--output", "-", "--data-dir",
        folder.path + "/data",
      ],
      environment: PracticeBinary.environment(dataDirectory: folder.path), currentDirectory: folder.url)
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertFalse(result.stdout.isEmpty)
    XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/-"))
  }
}
