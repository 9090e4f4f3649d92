#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's users and groups, for a class folder: whose folder a learner's is, who is running,
/// which group teaches.
///
/// Read from `/etc/passwd` and `/etc/group` (see `AccountDatabase`: the static binary must not load
/// glibc's name-service modules); what they do not hold is asked of `getent` when `nsswitch.conf`
/// names other sources, so accounts from LDAP or SSSD are found too.
///
/// ```swift
/// SystemUsers.userID(ofLogin: "root")      // 0
/// SystemUsers.login(ofUserID: 0)           // "root"
/// SystemUsers.currentLogin()               // the login of the effective user, e.g. "ann"
/// ```
package enum SystemUsers {
  /// The account files as they were when first asked (a run is short; a user made meanwhile is
  /// found through `getent`).
  static let files: AccountDatabase = {
    let fs = POSIXFileSystem()
    func text(_ path: String) -> String {
      let bytes =
        (try? fs.readWholeFileIfPresent(path, flags: .readOnly.union(.followingLinks), limit: 64 << 20)) ?? nil
      return String(decoding: bytes ?? [], as: UTF8.self)
    }
    return AccountDatabase(passwd: text("/etc/passwd"), group: text("/etc/group"))
  }()

  static let nameService: NameServiceSwitch = {
    let bytes =
      (try? POSIXFileSystem().readWholeFileIfPresent(
        "/etc/nsswitch.conf", flags: .readOnly.union(.followingLinks), limit: 1 << 20)) ?? nil
    return NameServiceSwitch(text: String(decoding: bytes ?? [], as: UTF8.self))
  }()

  /// The account of `login`, nil when there is no such user.
  package static func user(named login: String) -> UserAccount? {
    if let found = files.user(named: login) { return found }
    guard nameService.hasOtherSources(for: "passwd") else { return nil }
    // The entry must carry the name asked for: getent reads an all-digit key as a user id.
    return NameServiceQuery.lines("passwd", login)?.lazy.compactMap(UserAccount.init(passwdLine:))
      .first { $0.login == login }
  }

  /// The account of the user `id`, nil when the databases have none.
  package static func user(withID id: UInt32) -> UserAccount? {
    if let found = files.user(withID: id) { return found }
    guard nameService.hasOtherSources(for: "passwd") else { return nil }
    return NameServiceQuery.lines("passwd", String(id))?.lazy.compactMap(UserAccount.init(passwdLine:))
      .first { $0.userID == id }
  }

  static func group(named name: String) -> GroupAccount? {
    if let found = files.group(named: name) { return found }
    guard nameService.hasOtherSources(for: "group") else { return nil }
    return NameServiceQuery.lines("group", name)?.lazy.compactMap(GroupAccount.init(groupLine:))
      .first { $0.name == name }
  }

  static func group(withID id: UInt32) -> GroupAccount? {
    if let found = files.group(withID: id) { return found }
    guard nameService.hasOtherSources(for: "group") else { return nil }
    return NameServiceQuery.lines("group", String(id))?.lazy.compactMap(GroupAccount.init(groupLine:))
      .first { $0.groupID == id }
  }

  /// The user id of `login`, nil when there is no such user.
  package static func userID(ofLogin login: String) -> UInt32? { user(named: login)?.userID }

  /// The login of the user `id`, nil when the database has none.
  package static func login(ofUserID id: UInt32) -> String? { user(withID: id)?.login }

  /// The login of the effective user: who the program runs as, whatever `USER` says.
  package static func currentLogin() -> String? { login(ofUserID: currentUserID) }

  package static var currentUserID: UInt32 { UInt32(geteuid()) }

  /// The id of the group `name`, nil when there is none.
  package static func groupID(named name: String) -> UInt32? { group(named: name)?.groupID }

  /// The name of the group `id`, nil when the database has none.
  package static func groupName(ofGroupID id: UInt32) -> String? { group(withID: id)?.name }

  /// Whether `login` is in the group `group`, as its primary group or a supplementary one.
  package static func isMember(_ login: String, ofGroup group: UInt32) -> Bool {
    if files.groupIDs(of: login).contains(group) { return true }
    guard let account = user(named: login) else { return false }
    if account.groupID == group { return true }
    guard nameService.hasOtherSources(for: "group") else { return false }
    // `getent initgroups LOGIN` prints the login, then the ids of its supplementary groups.
    return NameServiceQuery.lines("initgroups", login)?.contains { line in
      line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().contains { UInt32($0) == group }
    } ?? false
  }
}
