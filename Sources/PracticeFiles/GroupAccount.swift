/// One line of the group database (`/etc/group`): a group's name, id and the logins it lists as
/// members (those whose primary group it is are not listed there).
///
/// ```swift
/// GroupAccount(groupLine: "teachers:x:1500:tom,tina")?.members  // ["tom", "tina"]
/// ```
package struct GroupAccount: Sendable, Hashable {
  package var name: String
  package var groupID: UInt32
  package var members: [String]

  package init(name: String, groupID: UInt32, members: [String]) {
    self.name = name
    self.groupID = groupID
    self.members = members
  }

  /// The entry a `group(5)` line holds, nil for a comment, a NIS `+`/`-` line or a malformed one.
  package init?(groupLine line: Substring) {
    let fields = line.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count >= 4, let first = fields[0].first, first != "#", first != "+", first != "-",
      let id = UInt32(fields[2])
    else { return nil }
    let members = fields[3].split(separator: ",").map(String.init)
    self.init(name: String(fields[0]), groupID: id, members: members)
  }
}
