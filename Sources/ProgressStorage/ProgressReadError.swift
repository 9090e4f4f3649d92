import Localization

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
  public var description: String { description(.english) }

  /// The error in the reader's language; paths, `file:line:column:` and the system's reason stay as they are.
  public func description(_ messages: Localizer) -> String {
    switch self {
    case .unreadable(let path, let reason):
      return messages.tr("cannot read {path} ({reason})", ["path": path, "reason": reason])
    case .locked(let lockFile, let holder, let waited):
      guard let holder else {
        return messages.tr(
          "{file} is held by another process (its process id is unknown) (waited {seconds} s)",
          ["file": lockFile, "seconds": waited])
      }
      return messages.tr(
        "{file} is held by process {pid} (waited {seconds} s)", ["file": lockFile, "pid": holder, "seconds": waited])
    case .corruptSnapshot(let path, let line, let column, let message):
      return "\(path):\(line):\(column): "
        + messages.tr("{problem}; the progress snapshot is damaged", ["problem": message])
    case .unsupportedSnapshotVersion(let path, let version):
      return messages.tr(
        "{path} has format version {version}, newer than this program reads", ["path": path, "version": version])
    }
  }
}
