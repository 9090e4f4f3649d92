import Localization
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
  /// What the store was doing, as its `action`s name it: in the catalog, translated where shown.
  static let actions = [
    trMark("open progress"), trMark("read progress"), trMark("save progress"), trMark("compact progress"),
    trMark("save the outline view state"),
  ]

  public var description: String { description(.english) }

  /// The error in the learner's language; paths, `file:line:column:` and the system's reason stay as they are.
  public func description(_ messages: Localizer) -> String {
    switch self {
    case .fileSystem(let action, let error):
      return messages.tr(
        "Could not {action}: {operation} {path} failed ({reason}); {advice}.",
        [
          "action": messages.tr(action), "operation": error.operation, "path": error.path, "reason": error.reason,
          "advice": Self.advice(for: error, messages),
        ])
    case .locked(let action, let lockFile, let holder, let waited):
      let values: KeyValuePairs<String, Any> = [
        "action": messages.tr(action), "file": lockFile, "pid": holder.map(String.init) ?? "",
        "seconds": Self.seconds(waited),
      ]
      guard holder != nil else {
        return messages.tr(
          "Could not {action}: {file} is held by another process (its process id is unknown) (waited {seconds} s); close the other practice session using this course, or wait for it, then try again.",
          values)
      }
      return messages.tr(
        "Could not {action}: {file} is held by process {pid} (waited {seconds} s); close the other practice session using this course, or wait for it, then try again.",
        values)
    case .corruptSnapshot(let path, let line, let column, let message):
      return "\(path):\(line):\(column): "
        + messages.tr(
          "{problem}; the progress snapshot is damaged and was left untouched: restore it from {path}.bak or move it aside, then try again.",
          ["problem": message, "path": path])
    case .unsupportedSnapshotVersion(let path, let version, let newest):
      return messages.tr(
        "{path} has format version {version} but this program reads versions up to {newest}; update practice, then try again.",
        ["path": path, "version": version, "newest": newest])
    case .closed:
      return messages.tr("The progress store was already closed; open it again.")
    }
  }

  static func advice(for error: FileSystemError, _ messages: Localizer) -> String {
    let folder = error.path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/")
    switch error.code {
    case FileSystemError.noSpaceCode, FileSystemError.quotaExceededCode:
      return messages.tr("free some disk space and try again")
    case FileSystemError.readOnlyFileSystemCode, FileSystemError.permissionDeniedCode,
      FileSystemError.notPermittedCode:
      guard !folder.isEmpty else {
        return messages.tr("make the folder writable for you (or choose another folder) and try again")
      }
      return messages.tr(
        "make {folder} writable for you (or choose another folder) and try again", ["folder": folder])
    case FileSystemError.ioErrorCode:
      return messages.tr("the disk reported an error; check the disk, then try again")
    default:
      return messages.tr("check the folder and try again")
    }
  }

  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))" : "\(value)"
  }
}
