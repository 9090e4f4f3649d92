#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's users and groups (the password and group databases), for a class folder: whose
/// folder a learner's is, who is running, which group teaches.
///
/// ```swift
/// SystemUsers.userID(ofLogin: "root")      // 0
/// SystemUsers.login(ofUserID: 0)           // "root"
/// SystemUsers.currentLogin()               // the login of the effective user, e.g. "ann"
/// ```
public enum SystemUsers {
  /// The user id of `login`, nil when there is no such user.
  public static func userID(ofLogin login: String) -> UInt32? {
    guard !login.isEmpty, let entry = getpwnam(login) else { return nil }
    return UInt32(entry.pointee.pw_uid)
  }

  /// The login of the user `id`, nil when the database has none.
  public static func login(ofUserID id: UInt32) -> String? {
    guard let entry = getpwuid(uid_t(id)), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }

  /// The login of the effective user: who the program runs as, whatever `USER` says.
  public static func currentLogin() -> String? { login(ofUserID: currentUserID) }

  public static var currentUserID: UInt32 { UInt32(geteuid()) }

  /// The id of the group `name`, nil when there is none.
  public static func groupID(named name: String) -> UInt32? {
    guard !name.isEmpty, let entry = getgrnam(name) else { return nil }
    return UInt32(entry.pointee.gr_gid)
  }

  /// The name of the group `id`, nil when the database has none.
  public static func groupName(ofGroupID id: UInt32) -> String? {
    guard let entry = getgrgid(gid_t(id)), let name = entry.pointee.gr_name else { return nil }
    return String(cString: name)
  }

  /// Whether `login` is in the group `group`, as its primary group or a supplementary one.
  public static func isMember(_ login: String, ofGroup group: UInt32) -> Bool {
    guard let entry = getpwnam(login) else { return false }
    let primary = entry.pointee.pw_gid
    if UInt32(primary) == group { return true }
    var count: Int32 = 64
    while true {
      var groups = [gid_t](repeating: 0, count: Int(count))
      let wanted = count
      if getgrouplist(login, primary, &groups, &count) >= 0 {
        return groups.prefix(Int(count)).contains(gid_t(group))
      }
      if count <= wanted { return false }
    }
  }
}
