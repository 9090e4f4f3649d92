import CourseOutline
import Foundation
import Localization
import PracticeTestSupport
import ProgressStorage
import XCTest

@testable import Reports

#if canImport(Glibc)
  import Glibc
#endif

/// How `report --class` reads a class folder a hostile classmate shares (issue 31, items 2, 5, 6, 7):
/// the logic, without other users; `make stress` runs the same with real users and groups as root.
final class ClassFolderReadingTests: XCTestCase {
  var folder: TemporaryFolder!
  var course: Course!

  override func setUpWithError() throws {
    folder = TemporaryFolder()
    course = try ReportFixtures.course()
  }

  /// A learner folder with one answer.
  func learner(_ name: String) throws -> String {
    let path = "\(folder.path)/\(name)/\(course.id)"
    let store = try ProgressStore(directory: path)
    try store.record(.nodeOpened(node: "#ch1.1", at: ReportFixtures.at(2, 8)))
    store.close()
    return path
  }

  /// Item 6: a sparse file of 200 GB apparent size (4 KB on disk) is refused by its size cap; the
  /// learner is listed as unreadable and the report comes out (it aborted allocating 200 GB).
  func testASparseSnapshotOrJournalIsRefusedByItsCapNotAllocated() throws {
    _ = try learner("ann")
    let bob = try learner("bob")
    let cat = try learner("cat")
    for (path, file) in [(bob, "snapshot.json"), (cat, "journal.jsonl")] {
      if !FileManager.default.fileExists(atPath: path + "/" + file) {
        XCTAssertTrue(FileManager.default.createFile(atPath: path + "/" + file, contents: Data()))
      }
      XCTAssertEqual(truncate(path + "/" + file, 200 << 30), 0)
    }
    let dan = try learner("dan")
    XCTAssertTrue(FileManager.default.createFile(atPath: dan + "/journal-000001.jsonl", contents: Data()))
    XCTAssertEqual(truncate(dan + "/journal-000001.jsonl", 200 << 30), 0)
    let report = ClassReport.build(course: course, dataDirectory: folder.path, now: ReportFixtures.now)
    XCTAssertEqual(report.users.map(\.name), ["ann", "bob", "cat", "dan"])
    XCTAssertEqual(report.unreadable.map(\.name), ["bob", "cat", "dan"])
    for line in report.unreadable {
      XCTAssertTrue(line.problem?.contains("over the limit") ?? false, line.problem ?? "")
    }
    XCTAssertNotNil(report.users[0].total)
  }

  /// Item 5: learners whose locks are held share one deadline: six of them cost the wait once,
  /// then each is listed as locked.
  func testLockedLearnersShareOneDeadline() throws {
    var locks: [Int32] = []
    for n in 0..<6 {
      let path = try learner("held\(n)")
      let fd = open(path + "/lock", O_RDWR)
      XCTAssertEqual(flock(fd, LOCK_EX | LOCK_NB), 0)
      locks.append(fd)
    }
    defer { for fd in locks { close(fd) } }
    _ = try learner("zoe")
    let started = Date()
    let report = ClassReport.build(
      course: course, dataDirectory: folder.path, now: ReportFixtures.now, lockTimeout: 0.6)
    let elapsed = Date().timeIntervalSince(started)
    XCTAssertEqual(report.unreadable.count, 6)
    for line in report.unreadable { XCTAssertTrue(line.problem?.contains("is held by") ?? false, line.problem ?? "") }
    XCTAssertNotNil(report.users.last?.total)
    // One learner at a time, each waiting 0.6 s, would take 3.6 s; on any core count more than 1.5.
    XCTAssertLessThan(elapsed, 1.5)
  }

  /// Item 7: names are shown after NFC with what could hide made visible, so look-alikes never make
  /// a second identical row.
  func testLookAlikeNamesAreShownApart() throws {
    XCTAssertEqual(LookAlikeText.shown("att1 "), "att1␠")
    XCTAssertEqual(LookAlikeText.shown(" att1"), "␠att1")
    XCTAssertEqual(LookAlikeText.shown("Ann Lee"), "Ann Lee")
    XCTAssertEqual(LookAlikeText.shown("Ann  Lee"), "Ann␠␠Lee")
    XCTAssertEqual(LookAlikeText.shown("att1\u{A0}"), "att1<U+00A0>")
    XCTAssertEqual(LookAlikeText.shown("att\u{2007}1"), "att<U+2007>1")
    XCTAssertEqual(LookAlikeText.shown("jose\u{301}"), "jose<U+0301>")
    XCTAssertEqual(LookAlikeText.shown("jos\u{E9}"), "josé")
    XCTAssertEqual(LookAlikeText.shown("王小明"), "王小明")
    XCTAssertEqual(LookAlikeText.shown("\u{430}lice"), "<U+0430>lice")
    // On disk: every one of them beside the real `att1` and `josé` is a row of its own.
    for name in ["att1", "att1 ", "att1\u{A0}", "att1\u{2007}", "jos\u{E9}", "jose\u{301}"] {
      let path = "\(folder.path)/\(name)/\(course.id)"
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    let report = ClassReport.build(course: course, dataDirectory: folder.path, now: ReportFixtures.now)
    let shown = report.users.map(\.name)
    XCTAssertEqual(shown.count, 6)
    XCTAssertEqual(Set(shown).count, 6, "\(shown)")
    XCTAssertEqual(Set(shown), ["att1", "att1␠", "att1<U+00A0>", "att1<U+2007>", "josé", "jose<U+0301>"])
  }

  /// Item 2: a learner's or course folder that is a link is never followed (`ln -s ../ann/physics
  /// bob/physics` credited bob with ann's answers); the link is named, not counted.
  func testLinkedLearnerAndCourseFoldersAreNamedNotFollowed() throws {
    let ann = try learner("ann")
    try FileManager.default.createDirectory(atPath: folder.path + "/bob", withIntermediateDirectories: true)
    XCTAssertEqual(symlink(ann, folder.path + "/bob/" + course.id), 0)
    XCTAssertEqual(symlink(folder.path + "/ann", folder.path + "/cat"), 0)
    let report = ClassReport.build(course: course, dataDirectory: folder.path, now: ReportFixtures.now)
    XCTAssertEqual(report.users.map(\.name), ["ann", "bob", "cat"])
    XCTAssertEqual(report.unreadable.map(\.name), ["bob", "cat"])
    for line in report.unreadable {
      XCTAssertTrue(line.problem?.contains("symbolic link") ?? false, line.problem ?? "")
      XCTAssertFalse(line.problem?.contains("/proc/self/fd") ?? true, line.problem ?? "")
    }
    let read = try XCTUnwrap(report.nodes.first { $0.node.address == "1.1" })
    XCTAssertEqual(read.usersRead, 1, "ann's answers count once, for ann")
  }

  /// Items 1 and 2: in a class folder a learner's folder must belong to the login it is named
  /// after; the rule, without other users (`make stress` runs it with real ones).
  func testALearnerFolderMustBelongToItsLogin() throws {
    let logins: [String: UInt32] = ["att1": 1001, "att2": 1002]
    XCTAssertNil(LearnerFolder.ownerProblem(owner: 1001, learner: "att1", userID: { logins[$0] }))
    let squatted = LearnerFolder.ownerProblem(owner: 1002, learner: "att1", userID: { logins[$0] })
    XCTAssertTrue(squatted?.description.contains("not to the login att1") ?? false, "\(String(describing: squatted))")
    let nobody = LearnerFolder.ownerProblem(owner: 1002, learner: "att1 ", userID: { logins[$0] })
    XCTAssertTrue(nobody?.description.contains("named after no login") ?? false, "\(String(describing: nobody))")
    // A class folder (setgid and sticky): the running user's own folder named after another login is refused.
    let me = getuid()
    let other = me == 0 ? "nobody" : "root"
    _ = try learner(other)
    _ = try learner(SystemUsersForTests.login(me))
    XCTAssertEqual(chmod(folder.path, 0o3753), 0)
    let report = ClassReport.build(course: course, dataDirectory: folder.path, now: ReportFixtures.now)
    XCTAssertEqual(report.unreadable.map(\.name), [other])
    XCTAssertTrue(report.unreadable.first?.problem?.contains("not to the login \(other)") ?? false, "\(report.users)")
    XCTAssertEqual(report.readableUsers, 1)
  }
}

/// The login of a user id, through the system's database (as the program looks it up).
enum SystemUsersForTests {
  static func login(_ id: uid_t) -> String { getpwuid(id).map { String(cString: $0.pointee.pw_name) } ?? "root" }
}
