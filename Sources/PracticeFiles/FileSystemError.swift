package import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file operation: what was tried, on which file, and the system's reason.
///
/// ```swift
/// FileSystemError.system("write", "/p/journal.jsonl", code: ENOSPC).description
/// // write /p/journal.jsonl: No space left on device
/// ```
package struct FileSystemError: Error, Sendable, Hashable {
  /// The system call, e.g. `"write"` or `"rename"`.
  package var operation: String
  package var path: String
  /// The `errno` value; compare with the named ones below (`FileSystemError.noSpaceCode`).
  package var code: Int32
  /// Why it failed, as a catalog message: "No space left on device", in Chinese "磁盘空间不够了".
  package var reason: Message

  package init(operation: String, path: String, code: Int32, reason: Message) {
    self.operation = operation
    self.path = path
    self.code = code
    self.reason = reason
  }

  /// A reason given as English text: translated where the catalog has it (a fault injected in a test).
  package init(operation: String, path: String, code: Int32, reason: String) {
    self.init(operation: operation, path: path, code: code, reason: Message.tr(reason))
  }
}

extension FileSystemError {
  // The errno values callers test for, by name (from the C library, not as Linux numbers), so code
  // outside this module needs no Glibc.
  package static let permissionDeniedCode: Int32 = EACCES
  package static let notPermittedCode: Int32 = EPERM
  package static let noSuchFileCode: Int32 = ENOENT
  package static let ioErrorCode: Int32 = EIO
  package static let fileExistsCode: Int32 = EEXIST
  package static let noSpaceCode: Int32 = ENOSPC
  package static let readOnlyFileSystemCode: Int32 = EROFS
  package static let quotaExceededCode: Int32 = EDQUOT
  package static let fileTooLargeCode: Int32 = EFBIG
  package static let illegalSeekCode: Int32 = ESPIPE
  package static let notAFolderCode: Int32 = ENOTDIR
  package static let symlinkLoopCode: Int32 = ELOOP
  package static let nameTooLongCode: Int32 = ENAMETOOLONG
  package static let isAFolderCode: Int32 = EISDIR
  /// A write its caller stopped (what it was writing turned out wrong).
  package static let cancelledCode: Int32 = ECANCELED

  /// `operation` on `path` failed with the system's `code`: the reason from the catalog, by the
  /// code's name, so it reads in the learner's language (never the C library's English inside a
  /// Chinese sentence); where the system's words are jargon the catalog's say what to do.
  ///
  /// ```swift
  /// FileSystemError.system("stat", "a/b", code: ELOOP).description
  /// // stat a/b: symlink loop (a symbolic link on the way leads back to itself); fix the link or give the real path
  /// ```
  package static func system(_ operation: String, _ path: String, code: Int32) -> FileSystemError {
    FileSystemError(operation: operation, path: path, code: code, reason: SystemReason.message(for: code))
  }

  /// Whether the reason says what to do itself (a symlink loop, a name too long, a progress file
  /// that is a link), so a caller adds no advice.
  package var reasonSaysWhatToDo: Bool { reason.isTranslatable && SystemReason.sayingWhatToDo.contains(reason.text) }

  /// A file longer than a whole-file read allows: `read /p/course.json: it is 70000000 bytes, over the limit of 67108864`.
  package static func tooLarge(_ path: String, size: Int64, limit: Int) -> FileSystemError {
    FileSystemError(
      operation: "read", path: path, code: fileTooLargeCode,
      reason: .tr("it is {size} bytes, over the limit of {limit}", ["size": size, "limit": limit]))
  }
}

extension FileSystemError {
  /// Runs `body`, giving `path` to an error it throws without one (calls on descriptors know none).
  package static func attributing<T>(to path: String, _ body: () throws(FileSystemError) -> T) throws(FileSystemError)
    -> T
  {
    do {
      return try body()
    } catch {
      var error = error
      if error.path.isEmpty { error.path = path }
      throw error
    }
  }
}

extension FileSystemError {
  /// `error` with `path` where it named `temporary` (a file the caller made on the way to `path`).
  static func naming(_ path: String, insteadOf temporary: String, _ error: FileSystemError) -> FileSystemError {
    var error = error
    if error.path == temporary { error.path = path }
    return error
  }

  /// Runs `body`, naming `path` in its error where it named `temporary`.
  static func naming<T>(
    _ path: String, insteadOf temporary: String, _ body: () throws(FileSystemError) -> T
  ) throws(FileSystemError) -> T {
    do {
      return try body()
    } catch {
      throw naming(path, insteadOf: temporary, error)
    }
  }
}

extension FileSystemError: CustomStringConvertible {
  package var description: String { localized(by: .english) }

  /// `operation path: reason` in `localizer`'s language: `write /tmp: it is a folder, …`, in Chinese
  /// `写入 /tmp：它是一个文件夹，…` (the path stays as it is).
  package func localized(by localizer: Localizer) -> String {
    localizer.tr(
      "{operation} {path}: {reason}",
      ["operation": operationName(localizer), "path": path, "reason": localizer.tr(reason)])
  }

  /// The operation in `localizer`'s language: the system call's name in English (`opendir`), what it
  /// does in Chinese (`打开文件夹`).
  package func operationName(_ localizer: Localizer) -> String {
    let l = localizer
    let names = [
      "open": l.trc("file operation", "open"), "opendir": l.trc("file operation", "opendir"),
      "stat": l.trc("file operation", "stat"), "read": l.trc("file operation", "read"),
      "write": l.trc("file operation", "write"), "fsync": l.trc("file operation", "fsync"),
      "truncate": l.trc("file operation", "truncate"), "chmod": l.trc("file operation", "chmod"),
      "rename": l.trc("file operation", "rename"), "link": l.trc("file operation", "link"),
      "unlink": l.trc("file operation", "unlink"), "mkdir": l.trc("file operation", "mkdir"),
      "lock": l.trc("file operation", "lock"), "chown": l.trc("file operation", "chown"),
    ]
    return names[operation] ?? operation
  }
}
