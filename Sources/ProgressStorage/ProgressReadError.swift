/// Why a user's progress folder could not be read; each reads as one line.
///
/// ```swift
/// do { _ = try ReadOnlyProgress.load(directory: dir) } catch { print("\(name): \(error)") }
/// ```
public enum ProgressReadError: Error, Sendable, Hashable {
  /// The folder or a file in it could not be read (`reason` is the system's message).
  case unreadable(path: String, reason: String)
  /// Another process held the lock for longer than the wait.
  case locked(lockFile: String, holder: Int32?, waited: Double)
  /// `snapshot.json` is not valid JSON or not a valid snapshot.
  case corruptSnapshot(path: String, line: Int, column: Int, message: String)
  /// The snapshot was written by a newer program.
  case unsupportedSnapshotVersion(path: String, version: Int)
}

extension ProgressReadError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "cannot read \(path) (\(reason))"
    case .locked(let lockFile, let holder, let waited):
      let who = holder.map { "process \($0)" } ?? "another process (its process id is unknown)"
      return "\(lockFile) is held by \(who) (waited \(waited) s)"
    case .corruptSnapshot(let path, let line, let column, let message):
      return "\(path):\(line):\(column): \(message); the progress snapshot is damaged"
    case .unsupportedSnapshotVersion(let path, let version):
      return "\(path) has format version \(version), newer than this program reads"
    }
  }
}
