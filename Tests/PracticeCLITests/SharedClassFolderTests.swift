import Foundation
import PracticeTestSupport
import XCTest

/// A class on one shared server (run as root: it makes real Unix users and a group, then removes them).
///
/// The data folder is set up as the README says (`install -d -m 3770 -g GROUP DIR`); two learners
/// study in it, one of them under umask 077, and a teacher reads the class.
final class SharedClassFolderTests: XCTestCase {
  let tag = "prt" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
  var group: String { tag + "g" }
  var learners: [String] { [tag + "a", tag + "b"] }
  var teacher: String { tag + "t" }
  var root = ""
  var classFolder: String { root + "/class" }
  var binary: String { root + "/bin/practice" }
  var madeUsers: [String] = []
  var madeGroup = false

  func sh(_ command: String, as user: String? = nil, stdin: String = "") throws -> PracticeBinary.Result {
    let arguments = user.map { ["-u", $0, "--", "/bin/sh", "-c", command] } ?? ["-c", command]
    return try PracticeBinary.run(
      arguments, stdin: stdin, environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"],
      currentDirectory: URL(fileURLWithPath: "/"),
      executable: URL(fileURLWithPath: user == nil ? "/bin/sh" : "/usr/sbin/runuser"))
  }

  override func setUpWithError() throws {
    guard getuid() == 0 else {
      throw XCTSkip("needs root to make Unix users and a group (make test runs as root in CI)")
    }
    guard FileManager.default.isExecutableFile(atPath: "/usr/sbin/useradd") else { throw XCTSkip("no useradd") }
    root = "/tmp/" + tag
    XCTAssertEqual(try sh("groupadd \(group)").status, 0)
    madeGroup = true
    for user in learners + [teacher] {
      let made = try sh("useradd -M -N -g users -G \(group) -s /bin/sh \(user)")
      XCTAssertEqual(made.status, 0, made.stderr)
      madeUsers.append(user)
    }
    // Everyone can run the program and read the course; each user has a home for their history.
    let setup = try sh(
      """
      set -e
      mkdir -p \(root)/bin \(root)/home && chmod 755 \(root) \(root)/bin \(root)/home
      cp '\(PracticeBinary.url.path)' \(binary) && chmod 755 \(binary)
      cp -r '\(Repository.root.path)/Data/courses/sampler' \(root)/sampler && chmod -R a+rX \(root)/sampler
      for u in \((learners + [teacher]).joined(separator: " ")); do install -d -m 700 -o $u \(root)/home/$u; done
      install -d -m 3770 -g \(group) \(classFolder)
      """)
    XCTAssertEqual(setup.status, 0, setup.stderr)
  }

  override func tearDownWithError() throws {
    for user in madeUsers { _ = try? sh("userdel \(user)") }
    if madeGroup { _ = try? sh("groupdel \(group)") }
    if !root.isEmpty { _ = try? sh("rm -rf \(root)") }
  }

  func practice(_ user: String, _ arguments: String, umask: String = "022", stdin: String = "") throws
    -> PracticeBinary.Result
  {
    try sh(
      "umask \(umask); HOME=\(root)/home/\(user) USER=\(user) NO_COLOR=1 PRACTICE_LOCK_TIMEOUT=1 exec \(binary) "
        + "--course \(root)/sampler --data-dir \(classFolder) --now 2026-12-01T08:00:00Z \(arguments)",
      as: user, stdin: stdin)
  }

  /// Every path under `folder` with its mode (octal text) and owner group name.
  func modes(_ folder: String) throws -> [String: String] {
    let listing = try sh("find \(folder) -printf '%P %m %g\\n'")
    var result: [String: String] = [:]
    for line in listing.stdout.split(separator: "\n") {
      let parts = line.split(separator: " ").map(String.init)
      result[parts.count == 3 ? parts[0] : ""] = parts.suffix(2).joined(separator: " ")
    }
    return result
  }

  func testLearnersFilesAreGroupReadableNeverWritableAndTheTeacherOnlyReads() throws {
    let (ann, bob) = (learners[0], learners[1])
    XCTAssertEqual(try practice(ann, "--seed 3", stdin: "start 1.1.1\nB\nquit\n").status, 0)
    // Under umask 077 the class folder's modes still hold.
    let second = try practice(bob, "--seed 3", umask: "077", stdin: "info 1.1\nstart 1.1.1\nA\nquit\n")
    XCTAssertEqual(second.status, 0, second.stderr)

    let found = try modes(classFolder)
    for learner in [ann, bob] {
      XCTAssertEqual(found[learner], "2750 \(group)", learner)
      XCTAssertEqual(found["\(learner)/sampler"], "2750 \(group)", learner)
      XCTAssertEqual(found["\(learner)/sampler/journal.jsonl"], "640 \(group)", learner)
      XCTAssertEqual(found["\(learner)/sampler/lock"], "640 \(group)", learner)
    }
    for (path, mode) in found where !path.isEmpty {
      let bits = Int(mode.split(separator: " ")[0], radix: 8) ?? 0o777
      XCTAssertEqual(bits & 0o027, 0, "\(path) is \(mode): group-writable or world-accessible")
    }

    // A learner cannot write into another's folder, by hand or through the program.
    let annJournal = "\(classFolder)/\(ann)/sampler/journal.jsonl"
    let before = try sh("sha256sum \(annJournal); ls -la --time-style=full-iso \(classFolder)/\(ann)/sampler")
    XCTAssertNotEqual(try sh("echo x >> \(annJournal)", as: bob).status, 0)
    XCTAssertNotEqual(try sh("touch \(classFolder)/\(ann)/sampler/x", as: bob).status, 0)
    XCTAssertNotEqual(try sh("mv \(classFolder)/\(ann) \(classFolder)/stolen", as: bob).status, 0)
    let intruder = try practice(bob, "--user \(ann)", stdin: "start 1.1.1\nA\nquit\n")
    XCTAssertNotEqual(intruder.status, 0, intruder.stdout)
    XCTAssertTrue(intruder.stderr.contains("ermission denied"), intruder.stderr)

    // The teacher reads every learner and writes nothing.
    let report = try practice(teacher, "report --class --format json")
    XCTAssertEqual(report.status, 0, report.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    let users = try XCTUnwrap(json["users"] as? [[String: Any]])
    XCTAssertEqual(users.compactMap { $0["name"] as? String }.sorted(), [ann, bob])
    for user in users { XCTAssertNotNil(user["total"] as? [String: Any], "\(user)") }
    let export = try practice(teacher, "export --events")
    XCTAssertEqual(export.status, 0, export.stderr)
    XCTAssertTrue(export.stdout.contains(#""user":"\#(bob)""#))
    XCTAssertEqual(try modes(classFolder), found, "reading the class changed its files")
    XCTAssertEqual(
      try sh("sha256sum \(annJournal); ls -la --time-style=full-iso \(classFolder)/\(ann)/sampler").stdout,
      before.stdout)
  }
}
