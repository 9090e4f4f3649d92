import PracticeFiles

#if canImport(Glibc)
  import Glibc
#endif

/// The user's home folder, for the default data and history folders.
///
/// ```swift
/// HomeFolder.path(environment: ["HOME": "/home/ann"])  // "/home/ann"
/// HomeFolder.path(environment: [:])                    // the password database's, e.g. "/root"
/// ```
package enum HomeFolder {
  /// `HOME` when set and not empty, else the password database's entry for the running user (read
  /// as `SystemUsers` reads it, never through glibc's name service in the static binary); nil when
  /// neither names one (never the current folder: progress would land wherever one stands).
  package static func path(environment: [String: String]) -> String? {
    if let home = environment["HOME"], !home.isEmpty { return home }
    guard let home = SystemUsers.user(withID: UInt32(getuid()))?.home, !home.isEmpty else { return nil }
    return home
  }
}
