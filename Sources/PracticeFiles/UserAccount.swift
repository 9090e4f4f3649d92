/// One line of the password database (`/etc/passwd`): a login, its user and primary group ids,
/// and its home folder.
///
/// ```swift
/// UserAccount(passwdLine: "ann:x:1001:100:Ann:/home/ann:/bin/sh")?.home  // "/home/ann"
/// ```
package struct UserAccount: Sendable, Hashable {
  package var login: String
  package var userID: UInt32
  package var groupID: UInt32
  package var home: String

  package init(login: String, userID: UInt32, groupID: UInt32, home: String) {
    self.login = login
    self.userID = userID
    self.groupID = groupID
    self.home = home
  }

  /// The entry a `passwd(5)` line holds, nil for a comment, a NIS `+`/`-` line or one that is
  /// malformed (as glibc's files module skips it).
  package init?(passwdLine line: Substring) {
    let fields = line.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count >= 7, let first = fields[0].first, first != "#", first != "+", first != "-",
      let user = UInt32(fields[2]), let group = UInt32(fields[3])
    else { return nil }
    self.init(login: String(fields[0]), userID: user, groupID: group, home: String(fields[5]))
  }
}
