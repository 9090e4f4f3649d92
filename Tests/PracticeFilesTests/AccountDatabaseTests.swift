import Foundation
import PracticeFiles
import XCTest

/// The account files read directly (the static binary crashed when glibc loaded libnss_systemd for
/// `getgrouplist`): the same answers as glibc's own lookups, with no name-service module loaded.
final class AccountDatabaseTests: XCTestCase {
  let passwd = """
    # a comment
    root:x:0:0:root:/root:/bin/bash
    ann:x:1001:100:Ann,,,:/home/ann:/bin/sh
    tom:x:1002:1500::/home/tom:/bin/sh
    broken:x:notanumber:100::/home/broken:/bin/sh
    short:x:1003
    +nisuser::::::
    -blocked::::::
    ann:x:2001:100:a second ann, never the one found:/elsewhere:/bin/sh

    1004:x:1004:100:a login made of digits:/home/1004:/bin/sh
    """
  let group = """
    root:x:0:
    users:x:100:
    teachers:x:1500:tina,ann
    club:x:1600:ann
    +:::
    odd:x:1700:ann,,ann
    """

  var accounts: AccountDatabase { AccountDatabase(passwd: passwd, group: group) }

  func testUsersAreFoundByNameAndIDAsGlibcsFilesModuleFindsThem() {
    XCTAssertEqual(
      accounts.user(named: "ann"), UserAccount(login: "ann", userID: 1001, groupID: 100, home: "/home/ann"))
    XCTAssertEqual(accounts.user(withID: 1002)?.login, "tom")
    XCTAssertEqual(accounts.user(withID: 0)?.home, "/root")
    XCTAssertEqual(accounts.user(named: "1004")?.userID, 1004)
    // Comments, NIS lines, short and malformed lines are no accounts; the first entry of a name wins.
    for missing in ["# a comment", "broken", "short", "+nisuser", "nisuser", "-blocked", "blocked", ""] {
      XCTAssertNil(accounts.user(named: missing), missing)
    }
    XCTAssertEqual(accounts.user(named: "ann")?.home, "/home/ann")
    XCTAssertEqual(accounts.user(withID: 2001)?.home, "/elsewhere")
    XCTAssertEqual(accounts.users.map(\.login), ["root", "ann", "tom", "ann", "1004"])
  }

  func testGroupsAndMembershipAsGetgrouplistGivesThem() {
    XCTAssertEqual(accounts.group(named: "teachers")?.groupID, 1500)
    XCTAssertEqual(accounts.group(withID: 1600)?.name, "club")
    XCTAssertEqual(accounts.group(named: "teachers")?.members, ["tina", "ann"])
    XCTAssertNil(accounts.group(named: "+"))
    // The primary group first, then the groups listing the login, each once.
    XCTAssertEqual(accounts.groupIDs(of: "ann"), [100, 1500, 1600, 1700])
    XCTAssertEqual(accounts.groupIDs(of: "tom"), [1500])
    // A member listed with no passwd entry (from LDAP, say) still has the groups that list it.
    XCTAssertEqual(accounts.groupIDs(of: "tina"), [1500])
    XCTAssertEqual(accounts.groupIDs(of: "nobody-here"), [])
  }

  func testTheSwitchFileSaysWhetherOtherSourcesHoldAccounts() {
    let text = """
      # passwd: ldap
      passwd:   files [NOTFOUND=return] sss   # a comment
      group:    files
      shadow:   files systemd
      """
    let switchFile = NameServiceSwitch(text: text)
    XCTAssertEqual(switchFile.sources["passwd"], ["files", "sss"])
    XCTAssertTrue(switchFile.hasOtherSources(for: "passwd"))
    XCTAssertFalse(switchFile.hasOtherSources(for: "group"))
    XCTAssertFalse(NameServiceSwitch(text: "").hasOtherSources(for: "passwd"), "glibc's default is the files")
    XCTAssertTrue(NameServiceSwitch(text: "passwd: compat\n").hasOtherSources(for: "passwd"))
  }

  /// This machine's accounts, read by `SystemUsers` without glibc's name service, equal glibc's
  /// answers (this test process is dynamically linked, so asking glibc is safe here).
  func testSystemUsersAgreeWithGlibcForEveryAccountOnThisMachine() throws {
    let text = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
    let logins = text.split(separator: "\n").compactMap { UserAccount(passwdLine: $0)?.login }
    XCTAssertFalse(logins.isEmpty)
    for login in logins {
      let entry = try XCTUnwrap(getpwnam(login), login)
      XCTAssertEqual(SystemUsers.userID(ofLogin: login), UInt32(entry.pointee.pw_uid), login)
      XCTAssertEqual(SystemUsers.user(named: login)?.home, String(cString: entry.pointee.pw_dir), login)
      let uid = UInt32(entry.pointee.pw_uid)
      XCTAssertEqual(SystemUsers.login(ofUserID: uid), String(cString: getpwuid(uid_t(uid)).pointee.pw_name), login)
      var count: Int32 = 256
      var groups = [gid_t](repeating: 0, count: 256)
      XCTAssertGreaterThanOrEqual(getgrouplist(login, entry.pointee.pw_gid, &groups, &count), 0)
      for id in groups.prefix(Int(count)) {
        XCTAssertTrue(SystemUsers.isMember(login, ofGroup: UInt32(id)), "\(login) in \(id)")
        XCTAssertEqual(SystemUsers.groupName(ofGroupID: UInt32(id)), String(cString: getgrgid(id).pointee.gr_name))
      }
    }
    XCTAssertEqual(SystemUsers.currentLogin(), String(cString: getpwuid(geteuid()).pointee.pw_name))
    XCTAssertNil(SystemUsers.userID(ofLogin: "no such login here"))
    XCTAssertNil(SystemUsers.userID(ofLogin: ""))
  }

  /// `getent` answers for sources beyond the files; it reads an all-digit key as an id, so a
  /// folder named `0` is not root's.
  func testGetentIsAskedByArgumentAndItsAnswerMustCarryTheName() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/getent") else { throw XCTSkip("no getent") }
    let root = try XCTUnwrap(NameServiceQuery.lines("passwd", "0")?.first)
    XCTAssertEqual(UserAccount(passwdLine: root)?.login, "root")
    XCTAssertNil(SystemUsers.userID(ofLogin: "0"))
    XCTAssertNil(NameServiceQuery.lines("passwd", "-s"), "a key is never an option")
    XCTAssertNil(NameServiceQuery.lines("passwd", "no such login here"))
    XCTAssertNil(NameServiceQuery.lines("passwd", "a:b"))
  }
}
