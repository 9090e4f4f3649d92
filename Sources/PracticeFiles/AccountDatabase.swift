/// The password and group databases as files (`/etc/passwd`, `/etc/group`), read directly.
///
/// The static release binary cannot ask glibc's name service: `getgrouplist`, or any lookup that
/// misses in the files, loads a module such as `libnss_systemd.so` into a program that has its own
/// copy of the C library, and it crashed with SIGSEGV (the teacher's `class check`). So the files
/// are read here, as glibc's `files` module reads them; `SystemUsers` asks `getent` (a separate,
/// dynamically linked program) only for what the files do not hold and `nsswitch.conf` says other
/// sources might (LDAP, SSSD).
///
/// ```swift
/// let accounts = AccountDatabase(passwd: "ann:x:1001:100::/home/ann:/bin/sh\n", group: "teachers:x:1500:tom\n")
/// accounts.user(named: "ann")?.userID        // 1001
/// accounts.groupIDs(of: "ann")              // [100]
/// ```
package struct AccountDatabase: Sendable {
  package private(set) var users: [UserAccount] = []
  package private(set) var groups: [GroupAccount] = []
  private var userByName: [String: Int] = [:]
  private var userByID: [UInt32: Int] = [:]
  private var groupByName: [String: Int] = [:]
  private var groupByID: [UInt32: Int] = [:]
  /// For each login, the groups that list it as a member.
  private var listedGroups: [String: [UInt32]] = [:]

  /// The databases from the text of a `passwd(5)` and a `group(5)` file; lines that are not
  /// entries are skipped, and the first entry of a name or id wins, as glibc's lookups return it.
  package init(passwd: String, group: String) {
    for line in passwd.split(whereSeparator: \.isNewline) {
      if let user = UserAccount(passwdLine: line) { add(user) }
    }
    for line in group.split(whereSeparator: \.isNewline) {
      if let entry = GroupAccount(groupLine: line) { add(entry) }
    }
  }

  package init(users: [UserAccount] = [], groups: [GroupAccount] = []) {
    for user in users { add(user) }
    for group in groups { add(group) }
  }

  mutating func add(_ user: UserAccount) {
    users.append(user)
    if userByName[user.login] == nil { userByName[user.login] = users.count - 1 }
    if userByID[user.userID] == nil { userByID[user.userID] = users.count - 1 }
  }

  mutating func add(_ group: GroupAccount) {
    groups.append(group)
    if groupByName[group.name] == nil { groupByName[group.name] = groups.count - 1 }
    if groupByID[group.groupID] == nil { groupByID[group.groupID] = groups.count - 1 }
    for member in Set(group.members) { listedGroups[member, default: []].append(group.groupID) }
  }

  package func user(named login: String) -> UserAccount? { userByName[login].map { users[$0] } }

  package func user(withID id: UInt32) -> UserAccount? { userByID[id].map { users[$0] } }

  package func group(named name: String) -> GroupAccount? { groupByName[name].map { groups[$0] } }

  package func group(withID id: UInt32) -> GroupAccount? { groupByID[id].map { groups[$0] } }

  /// The groups `login` is in as these files say: its primary group first (when it has an entry),
  /// then every group listing it as a member, as `getgrouplist` gives them.
  package func groupIDs(of login: String) -> [UInt32] {
    var ids = user(named: login).map { [$0.groupID] } ?? []
    for id in listedGroups[login] ?? [] where !ids.contains(id) { ids.append(id) }
    return ids
  }
}
