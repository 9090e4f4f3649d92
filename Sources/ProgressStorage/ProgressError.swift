import PracticeFiles

/// Why the progress store could not do what was asked; each reads as one line for the learner.
///
/// Whenever one of these is thrown, nothing was reported as saved that was not,
/// and the last good state is still on disk.
///
/// ```swift
/// do { try store.record(event) } catch { print(error) }
/// // Could not save progress: write /home/ann/.local/share/practice/ann/go/journal.jsonl failed (No space left on device); free some disk space and try again.
/// ```
public enum ProgressError: Error, Sendable, Hashable {
  /// A file operation failed while doing `action` (e.g. "save progress").
  case fileSystem(action: String, error: FileSystemError)
  /// Another process held the lock file for longer than the timeout.
  case locked(action: String, lockFile: String, holder: Int32?, waited: Double)
  /// The snapshot is not valid JSON or not a valid snapshot; it is never overwritten.
  case corruptSnapshot(path: String, line: Int, column: Int, message: String)
  /// The snapshot was written by a newer program.
  case unsupportedSnapshotVersion(path: String, version: Int, newestSupported: Int)
  /// The store was used after `close()`.
  case closed
}

extension ProgressError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .fileSystem(let action, let error):
      return
        "Could not \(action): \(error.operation) \(error.path) failed (\(error.reason)); \(Self.advice(for: error))."
    case .locked(let action, let lockFile, let holder, let waited):
      let who = holder.map { "process \($0)" } ?? "another process (its process id is unknown)"
      return
        "Could not \(action): \(lockFile) is held by \(who) (waited \(Self.seconds(waited))); close the other practice session using this course, or wait for it, then try again."
    case .corruptSnapshot(let path, let line, let column, let message):
      return
        "\(path):\(line):\(column): \(message); the progress snapshot is damaged and was left untouched: restore it from \(path).bak or move it aside, then try again."
    case .unsupportedSnapshotVersion(let path, let version, let newest):
      return
        "\(path) has format version \(version) but this program reads versions up to \(newest); update practice, then try again."
    case .closed:
      return "The progress store was already closed; open it again."
    }
  }

  static func advice(for error: FileSystemError) -> String {
    let folder = error.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    switch error.code {
    case FileSystemError.noSpaceCode, FileSystemError.quotaExceededCode:
      return "free some disk space and try again"
    case FileSystemError.readOnlyFileSystemCode, FileSystemError.permissionDeniedCode,
      FileSystemError.notPermittedCode:
      return
        "make \(folder.isEmpty ? "the folder" : folder) writable for you (or choose another folder) and try again"
    case FileSystemError.ioErrorCode:
      return "the disk reported an error; check the disk, then try again"
    default:
      return "check the folder and try again"
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
