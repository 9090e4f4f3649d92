import Foundation
import PracticeTestSupport
import XCTest

/// A class on one shared server (run as root: it makes real Unix users and groups, then removes them).
///
/// The data folder is made as docs/progress-and-data.md says (`practice class create DIR --teachers GROUP`, run by
/// the teacher): a drop box, its group the teachers' alone. Two learners study in it, one under
/// umask 077; a third is an attacker (issue 31, items 1–4): squatting a name, linking to another's
/// answers, reaching for another's lock and answers. The teacher reads the class.
final class SharedClassFolderTests: XCTestCase {
  let tag = "prt" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
  var group: String { tag + "g" }
  var learners: [String] { [tag + "a", tag + "b"] }
  var attacker: String { tag + "x" }
  var teacher: String { tag + "t" }
  var root = ""
  var classFolder: String { root + "/srv/class" }
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
    // Learners are not in the teachers' group: they never read one another.
    for user in learners + [attacker] {
      let made = try sh("useradd -M -N -g users -s /bin/sh \(user)")
      XCTAssertEqual(made.status, 0, made.stderr)
      madeUsers.append(user)
    }
    let made = try sh("useradd -M -N -g users -G \(group) -s /bin/sh \(teacher)")
    XCTAssertEqual(made.status, 0, made.stderr)
    madeUsers.append(teacher)
    // Everyone can run the program and read the course; each user has a home for their history.
    let setup = try sh(
      """
      set -e
      mkdir -p \(root)/bin \(root)/home && chmod 755 \(root) \(root)/bin \(root)/home
      cp '\(PracticeBinary.url.path)' \(binary) && chmod 755 \(binary)
      cp -r '\(Repository.root.path)/Data/courses/sampler' \(root)/sampler && chmod -R a+rX \(root)/sampler
      for u in \((learners + [attacker, teacher]).joined(separator: " ")); do install -d -m 700 -o $u \(root)/home/$u; done
      install -d -m 755 -o \(teacher) \(root)/srv
      """)
    XCTAssertEqual(setup.status, 0, setup.stderr)
    let create = try sh("cd /; exec \(binary) class create \(classFolder) --teachers \(group)", as: teacher)
    XCTAssertEqual(create.status, 0, create.stderr)
    XCTAssertTrue(create.stdout.contains("Made the class folder"), create.stdout)
  }

  override func tearDownWithError() throws {
    for user in madeUsers { _ = try? sh("userdel \(user)") }
    if madeGroup { _ = try? sh("groupdel \(group)") }
    if !root.isEmpty { _ = try? sh("rm -rf \(root)") }
  }

  func practice(_ user: String, _ arguments: String, umask: String = "022", stdin: String = "") throws
    -> PracticeBinary.Result
  {
    // The export reads no clock: it does not take --now.
    let clock = arguments.hasPrefix("export") ? "" : "--now 2026-12-01T08:00:00Z "
    return try sh(
      "umask \(umask); HOME=\(root)/home/\(user) USER=\(user) NO_COLOR=1 PRACTICE_LOCK_TIMEOUT=1 exec \(binary) "
        + "--course \(root)/sampler --data-dir \(classFolder) \(clock)\(arguments)",
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

  func classReport() throws -> [[String: Any]] {
    let report = try practice(teacher, "report --class --format json")
    XCTAssertEqual(report.status, 0, report.stderr)
    let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
    return try XCTUnwrap(json["users"] as? [[String: Any]])
  }

  func testADropBoxClassFolderKeepsLearnersApartAndTheTeacherOnlyReads() throws {
    let (ann, bob) = (learners[0], learners[1])
    XCTAssertEqual(try practice(ann, "--seed 3", stdin: "start 1.1.1\nB\nquit\n").status, 0)
    // Under umask 077 the class folder's modes still hold.
    let second = try practice(bob, "--seed 3", umask: "077", stdin: "info 1.1\nstart 1.1.1\nA\nquit\n")
    XCTAssertEqual(second.status, 0, second.stderr)

    let found = try modes(classFolder)
    XCTAssertEqual(found[""], "3753 \(group)")
    for learner in [ann, bob] {
      XCTAssertEqual(found[learner], "2750 \(group)", learner)
      XCTAssertEqual(found["\(learner)/sampler"], "2750 \(group)", learner)
      XCTAssertEqual(found["\(learner)/sampler/journal.jsonl"], "640 \(group)", learner)
      // Item 3: the lock is the learner's alone.
      XCTAssertEqual(found["\(learner)/sampler/lock"], "600 \(group)", learner)
    }
    let clean = try sh("exec \(binary) class check \(classFolder)", as: teacher)
    XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)

    // Items 3 and 4: a classmate can neither list the class, nor read, lock or replace another's files.
    let annFolder = "\(classFolder)/\(ann)/sampler"
    let before = try sh("sha256sum \(annFolder)/journal.jsonl; ls -la --time-style=full-iso \(annFolder)")
    XCTAssertNotEqual(try sh("ls \(classFolder)", as: attacker).status, 0)
    // Nor does `class check` tell a classmate (who sees nothing) that nothing is wrong.
    let blind = try sh("exec \(binary) class check \(classFolder)", as: attacker)
    XCTAssertEqual(blind.status, 1, blind.stdout)
    XCTAssertTrue(blind.stdout.contains("cannot be listed"), blind.stdout)
    XCTAssertNotEqual(try sh("cat \(annFolder)/journal.jsonl", as: attacker).status, 0)
    XCTAssertNotEqual(try sh("exec 3<\(annFolder)/lock", as: attacker).status, 0)
    XCTAssertNotEqual(try sh("echo x >> \(annFolder)/journal.jsonl", as: attacker).status, 0)
    XCTAssertNotEqual(try sh("mv \(classFolder)/\(ann) \(classFolder)/stolen", as: attacker).status, 0)
    // Item 1: --user naming another is refused; a folder squatting another's name is refused to the
    // attacker's victim with a clear message, and not counted in the report.
    let intruder = try practice(attacker, "--user \(ann)", stdin: "start 1.1.1\nA\nquit\n")
    XCTAssertNotEqual(intruder.status, 0, intruder.stdout)
    XCTAssertTrue(intruder.stderr.contains("as your login \(attacker)"), intruder.stderr)
    let victim = tag + "v"
    let madeVictim = try sh(
      "useradd -M -N -g users -s /bin/sh \(victim) && install -d -m 700 -o \(victim) \(root)/home/\(victim)")
    XCTAssertEqual(madeVictim.status, 0, madeVictim.stderr)
    madeUsers.append(victim)
    XCTAssertEqual(try sh("mkdir -p -m 2750 \(classFolder)/\(victim)/sampler", as: attacker).status, 0)
    // A folder named after no login: looking it up misses the account files (the static binary
    // once crashed in glibc's name-service module there, and in `class check`'s group lookup).
    let ghost = tag + "n"
    XCTAssertEqual(try sh("mkdir -p -m 2750 \(classFolder)/\(ghost)/sampler", as: attacker).status, 0)
    let squatted = try practice(victim, "", stdin: "start 1.1.1\nA\nquit\n")
    XCTAssertNotEqual(squatted.status, 0)
    XCTAssertTrue(squatted.stderr.contains("not your folder"), squatted.stderr)
    // Item 2: a link to another's answers, in the attacker's own folder, is named, never followed.
    let attacked = try practice(attacker, "--seed 3", stdin: "start 1.1.1\nA\nquit\n")
    XCTAssertEqual(attacked.status, 0, attacked.stderr)
    XCTAssertEqual(
      try sh(
        "rm -rf \(classFolder)/\(attacker)/sampler && ln -s ../\(ann)/sampler \(classFolder)/\(attacker)/sampler",
        as: attacker
      ).status, 0)

    // The teacher reads every learner, counts neither the squatter nor the link, and writes nothing.
    let users = try classReport()
    let byName = Dictionary(
      uniqueKeysWithValues: users.compactMap { user in (user["name"] as? String).map { ($0, user) } })
    XCTAssertEqual(byName.keys.sorted(), [ann, bob, victim, attacker, ghost].sorted())
    XCTAssertTrue((byName[ghost]?["error"] as? String)?.contains("named after no login") ?? false, "\(users)")
    for learner in [ann, bob] { XCTAssertNotNil(byName[learner]?["total"] as? [String: Any], learner) }
    XCTAssertTrue((byName[victim]?["error"] as? String)?.contains("not to the login \(victim)") ?? false, "\(users)")
    XCTAssertTrue((byName[attacker]?["error"] as? String)?.contains("symbolic link") ?? false, "\(users)")
    let export = try practice(teacher, "export --events")
    XCTAssertEqual(export.status, 1, "the squatter and the link are left out")
    XCTAssertTrue(export.stdout.contains(#""user":"\#(bob)""#))
    XCTAssertFalse(export.stdout.contains(#""user":"\#(attacker)""#))
    XCTAssertEqual(
      try sh("sha256sum \(annFolder)/journal.jsonl; ls -la --time-style=full-iso \(annFolder)").stdout, before.stdout)
    // `class check` names both, with how to mend them.
    let check = try sh("exec \(binary) class check \(classFolder)", as: teacher)
    XCTAssertEqual(check.status, 1)
    XCTAssertTrue(check.stdout.contains("\(classFolder)/\(victim): it belongs to \(attacker)"), check.stdout)
    XCTAssertTrue(check.stdout.contains("\(classFolder)/\(attacker)/sampler is a link"), check.stdout)
    XCTAssertTrue(check.stdout.contains("\(classFolder)/\(ghost): it is named after no login"), check.stdout)
  }
}
