package import Localization
package import PracticeFiles

/// Why a learner's progress files could not be read or written: what went wrong (`kind`), on which
/// file (`path`), while doing what (`action`); each reads as one line saying what to do.
///
/// The one error of the progress store and of the read-only readers (reports, exports), as
/// swift-nio's `FileSystemError` is one error for every file operation. Whenever one is thrown,
/// nothing was reported as saved that was not, and the last good state is still on disk.
///
/// ```swift
/// do { try store.record(event) } catch { print(error) }
/// // Could not save progress: write /home/ann/.local/share/practice/ann/go/journal.jsonl failed (No space left on device); free some disk space and try again.
/// ```
package struct ProgressError: Error, Sendable, Hashable {
  /// What went wrong.
  package enum Kind: Sendable, Hashable {
    /// A file operation failed; the underlying error names the call, the file and the system's reason.
    case fileSystem(FileSystemError)
    /// Another process held the lock file for longer than the wait; `holder` is its process id
    /// when the kernel's lock table names it.
    case locked(holder: Int32?, waited: Double)
    /// The snapshot is not valid JSON or not a valid snapshot; it is never overwritten. `backup`
    /// is the snapshot's backup (`snapshot.json.bak`) when one exists.
    case damagedSnapshot(line: Int, column: Int, problem: Message, backup: String?)
    /// The snapshot was written by a newer program.
    case newerSnapshot(version: Int, newestSupported: Int)
    /// The store was used after `close()`.
    case closed
  }

  package var kind: Kind
  /// The file concerned: the one a call failed on, the lock file, the snapshot; empty for `.closed`.
  package var path: String
  /// What was being done, as `actions` name it (e.g. "save progress"); translated where shown.
  package var action: String

  package init(_ kind: Kind, path: String, action: String) {
    self.kind = kind
    self.path = path
    self.action = action
  }

  /// A failed file operation while doing `action`; the error names its own file.
  package static func fileSystem(_ error: FileSystemError, action: String) -> ProgressError {
    ProgressError(.fileSystem(error), path: error.path, action: action)
  }

  /// The failed file operation behind this error, if it is one.
  package var cause: FileSystemError? {
    guard case .fileSystem(let error) = kind else { return nil }
    return error
  }

  /// What a read-only reader (a report, an export) is doing when it fails, as the store's `read`.
  package static let reading = trMark("read progress")
  // What the store is doing when it fails: messages of the catalog, translated where shown.
  static let opening = trMark("open progress")
  static let saving = trMark("save progress")
  static let compacting = trMark("compact progress")
  static let savingViewState = trMark("save the outline view state")
  static let readingViewState = trMark("read the outline view state")
}

extension ProgressError: CustomStringConvertible {
  package var description: String { description(.english) }

  /// The error in the learner's language; paths, `file:line:column:` and the system's reason stay as they are.
  package func description(_ messages: Localizer) -> String {
    switch kind {
    case .fileSystem(let error):
      let values: KeyValuePairs<String, Any> = [
        "action": messages.tr(action), "operation": error.operationName(messages), "path": error.path,
        "reason": messages.tr(error.reason), "advice": advice(for: error, messages) ?? "",
      ]
      guard advice(for: error, messages) != nil else {
        // The file layer's reason says what to do itself (a symlink loop, a name too long).
        return messages.tr("Could not {action}: {operation} {path} failed: {reason}.", values)
      }
      return messages.tr("Could not {action}: {operation} {path} failed ({reason}); {advice}.", values)
    case .locked(let holder, let waited):
      let values: KeyValuePairs<String, Any> = [
        "action": messages.tr(action), "file": path, "pid": holder.map(String.init) ?? "",
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
    case .damagedSnapshot(let line, let column, let problem, let backup):
      // The backup is always `<snapshot>.bak`; it is named only when it exists.
      let advice =
        backup == nil
        ? messages.tr(
          "{problem}; the progress snapshot is damaged and was left untouched, and it has no backup: repair it, or move it aside to start again from the journal alone, then try again.",
          ["problem": messages.tr(problem)])
        : messages.tr(
          "{problem}; the progress snapshot is damaged and was left untouched: restore it from {path}.bak or move it aside, then try again.",
          ["problem": messages.tr(problem), "path": path])
      return "\(path):\(line):\(column): " + advice
    case .newerSnapshot(let version, let newest):
      return messages.tr(
        "{path} has format version {version} but this program reads versions up to {newest}; update practice, then try again.",
        ["path": path, "version": version, "newest": newest])
    case .closed:
      return messages.tr("The progress store was already closed; open it again.")
    }
  }

  /// What to do about a failed file operation; nil where its reason says so already.
  func advice(for error: FileSystemError, _ messages: Localizer) -> String? {
    // The file layer's own words say what to do for a symlink loop, a name too long, a link refused.
    if error.reasonSaysWhatToDo { return nil }
    let folder = PathText.deletingLastComponent(error.path)
    switch error.code {
    case FileSystemError.noSpaceCode, FileSystemError.quotaExceededCode:
      return messages.tr("free some disk space and try again")
    case FileSystemError.readOnlyFileSystemCode, FileSystemError.permissionDeniedCode,
      FileSystemError.notPermittedCode:
      if action == Self.reading {
        return messages.tr("make {path} readable for you and try again", ["path": error.path])
      }
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

extension ProgressError {
  /// This error with `from` (a path prefix: a held folder's `/proc/self/fd/N`) written as `to`,
  /// in its path and its cause's, so messages name the folder the user knows.
  func relocated(from: String, to: String) -> ProgressError {
    func moved(_ path: String) -> String { path.hasPrefix(from) ? to + path.dropFirst(from.count) : path }
    var error = self
    error.path = moved(path)
    if case .fileSystem(var cause) = kind {
      cause.path = moved(cause.path)
      error.kind = .fileSystem(cause)
    }
    return error
  }
}
