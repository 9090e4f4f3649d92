import Localization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system's reason for a failed call, by the `errno` value's name, as a catalog message.
///
/// `strerror` answers in the C library's English whatever the learner reads, so a Chinese sentence
/// would end in "No such file or directory"; the catalog has every reason a file operation here can
/// meet, in the C library's own English words (the English output is as before).
///
/// ```swift
/// SystemReason.message(for: ENOENT).description  // "No such file or directory"
/// Localizer(language: .chinese).tr(SystemReason.message(for: ENOENT))  // "没有这个文件或文件夹"
/// ```
package enum SystemReason {
  /// The reason for `code`, in the C library's words, nil for a code no file operation here should meet.
  ///
  /// A switch, not a dictionary: the first use of a dictionary keyed by a new type costs a scan of
  /// every protocol conformance in the binary, paid at each start that meets a missing file.
  static func reason(for code: Int32) -> String? {
    switch code {
    case EPERM: trMark("Operation not permitted")
    case ENOENT: trMark("No such file or directory")
    case EINTR: trMark("Interrupted system call")
    case EIO: trMark("Input/output error")
    case ENXIO: trMark("No such device or address")
    case EBADF: trMark("Bad file descriptor")
    case EAGAIN: trMark("Resource temporarily unavailable")
    case ENOMEM: trMark("Cannot allocate memory")
    case EACCES: trMark("Permission denied")
    case EBUSY: trMark("Device or resource busy")
    case EEXIST: trMark("File exists")
    case EXDEV: trMark("Invalid cross-device link")
    case ENODEV: trMark("No such device")
    case ENOTDIR: trMark("Not a directory")
    case EISDIR: trMark("Is a directory")
    case EINVAL: trMark("Invalid argument")
    case ENFILE: trMark("Too many open files in system")
    case EMFILE: trMark("Too many open files")
    case ETXTBSY: trMark("Text file busy")
    case EFBIG: trMark("File too large")
    case ENOSPC: trMark("No space left on device")
    case ESPIPE: trMark("Illegal seek")
    case EROFS: trMark("Read-only file system")
    case EMLINK: trMark("Too many links")
    case EDEADLK: trMark("Resource deadlock avoided")
    case ENOLCK: trMark("No locks available")
    case ENOSYS: trMark("Function not implemented")
    case ENOTEMPTY: trMark("Directory not empty")
    case EOVERFLOW: trMark("Value too large for defined data type")
    case EOPNOTSUPP: trMark("Operation not supported")
    case ETIMEDOUT: trMark("Connection timed out")
    case ESTALE: trMark("Stale file handle")
    case EDQUOT: trMark("Disk quota exceeded")
    // The system's words for these are jargon ("Too many levels of symbolic links"): ours say what to do.
    case ELOOP:
      trMark("symlink loop (a symbolic link on the way leads back to itself); fix the link or give the real path")
    case ENAMETOOLONG: trMark("name too long (a name over 255 bytes, or a path over 4,095); give a shorter path")
    default: nil
    }
  }

  /// A progress file that is a symbolic link, refused (`O_NOFOLLOW`): said with what to do.
  static let symbolicLinkRefused = trMark(
    "it is a symbolic link, and progress files must be regular files; remove the link, then try again")

  /// An output that is a file being read (by device and inode, whatever its name), refused.
  static let outputIsAnInput = trMark(
    "it is the file being read (the same file, by this name or another), and would be destroyed; give --output another file"
  )

  /// A link, or a file, where a folder is to be written into (`export --events --split`).
  static let linkInsteadOfFolder = trMark(
    "it is a symbolic link, and only a real folder is written into; remove the link, or give --output another folder")
  static let notAFolderToWriteInto = trMark("it is not a folder; remove it, or give --output another folder")

  /// A learner's or course folder in a data folder that is a symbolic link: never read through.
  static let learnerFolderIsALink = trMark(
    "it is a symbolic link, and progress is read only from a real folder; not counted (remove the link: practice class check says how)"
  )

  /// A learner's folder in a class folder that is not its login's (`{owner}`, `{learner}`).
  package static let ownedByAnother = trMark(
    "it belongs to {owner}, not to the login {learner} it is named after; not counted (practice class check says how to mend it)"
  )
  package static let namedAfterNoLogin = trMark(
    "it is named after no login on this system (it belongs to {owner}); not counted (practice class check says how to mend it)"
  )

  /// The reasons that say what to do themselves: a caller adds no advice of its own.
  static let sayingWhatToDo: Set<String> = [
    reason(for: ELOOP)!, reason(for: ENAMETOOLONG)!, symbolicLinkRefused, outputIsAnInput,
    linkInsteadOfFolder, notAFolderToWriteInto, learnerFolderIsALink, ownedByAnother, namedAfterNoLogin,
  ]

  /// The reason for `code`; a code no file operation here should meet is named by its number.
  static func message(for code: Int32) -> Message {
    guard let reason = reason(for: code) else { return .tr("system error {code}", ["code": code]) }
    return .tr(reason)
  }
}
