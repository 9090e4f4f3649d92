/// A failed file operation: what was tried, on which file, and the system's reason.
///
/// ```swift
/// FileSystemError(operation: "write", path: "/p/journal.jsonl", code: 28, reason: "No space left on device")
/// ```
public struct FileSystemError: Error, Sendable, Hashable {
  /// The system call, e.g. `"write"` or `"rename"`.
  public var operation: String
  public var path: String
  /// The `errno` value (Linux numbering).
  public var code: Int32
  /// The system's text for `code`, e.g. "No space left on device".
  public var reason: String

  public init(operation: String, path: String, code: Int32, reason: String) {
    self.operation = operation
    self.path = path
    self.code = code
    self.reason = reason
  }
}

extension FileSystemError {
  // Linux errno values, named here so code outside the POSIX file system needs no Glibc.
  public static let permissionDeniedCode: Int32 = 13  // EACCES
  public static let notPermittedCode: Int32 = 1  // EPERM
  public static let noSuchFileCode: Int32 = 2  // ENOENT
  public static let ioErrorCode: Int32 = 5  // EIO
  public static let fileExistsCode: Int32 = 17  // EEXIST
  public static let noSpaceCode: Int32 = 28  // ENOSPC
  public static let readOnlyFileSystemCode: Int32 = 30  // EROFS
  public static let quotaExceededCode: Int32 = 122  // EDQUOT
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

extension FileSystemError: CustomStringConvertible {
  public var description: String { "\(operation) \(path): \(reason)" }
}
