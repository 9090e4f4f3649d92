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
enum SystemReason {
  /// The reasons by code, each named by its C constant.
  static let reasons: [Int32: String] = [
    EPERM: trMark("Operation not permitted"),
    ENOENT: trMark("No such file or directory"),
    EINTR: trMark("Interrupted system call"),
    EIO: trMark("Input/output error"),
    ENXIO: trMark("No such device or address"),
    EBADF: trMark("Bad file descriptor"),
    EAGAIN: trMark("Resource temporarily unavailable"),
    ENOMEM: trMark("Cannot allocate memory"),
    EACCES: trMark("Permission denied"),
    EBUSY: trMark("Device or resource busy"),
    EEXIST: trMark("File exists"),
    EXDEV: trMark("Invalid cross-device link"),
    ENODEV: trMark("No such device"),
    ENOTDIR: trMark("Not a directory"),
    EISDIR: trMark("Is a directory"),
    EINVAL: trMark("Invalid argument"),
    ENFILE: trMark("Too many open files in system"),
    EMFILE: trMark("Too many open files"),
    ETXTBSY: trMark("Text file busy"),
    EFBIG: trMark("File too large"),
    ENOSPC: trMark("No space left on device"),
    ESPIPE: trMark("Illegal seek"),
    EROFS: trMark("Read-only file system"),
    EMLINK: trMark("Too many links"),
    EDEADLK: trMark("Resource deadlock avoided"),
    ENOLCK: trMark("No locks available"),
    ENOSYS: trMark("Function not implemented"),
    ENOTEMPTY: trMark("Directory not empty"),
    EOVERFLOW: trMark("Value too large for defined data type"),
    EOPNOTSUPP: trMark("Operation not supported"),
    ETIMEDOUT: trMark("Connection timed out"),
    ESTALE: trMark("Stale file handle"),
    EDQUOT: trMark("Disk quota exceeded"),
    // The system's words for these are jargon ("Too many levels of symbolic links"): ours say what to do.
    ELOOP: trMark("symlink loop (a symbolic link on the way leads back to itself); fix the link or give the real path"),
    ENAMETOOLONG: trMark("name too long (a name over 255 bytes, or a path over 4,095); give a shorter path"),
  ]

  /// A progress file that is a symbolic link, refused (`O_NOFOLLOW`): said with what to do.
  static let symbolicLinkRefused = trMark(
    "it is a symbolic link, and progress files must be regular files; remove the link, then try again")

  /// The reasons that say what to do themselves: a caller adds no advice of its own.
  static let sayingWhatToDo: Set<String> = [reasons[ELOOP]!, reasons[ENAMETOOLONG]!, symbolicLinkRefused]

  /// The reason for `code`; a code no file operation here should meet is named by its number.
  static func message(for code: Int32) -> Message {
    guard let reason = reasons[code] else { return .tr("system error {code}", ["code": code]) }
    return .tr(reason)
  }
}
