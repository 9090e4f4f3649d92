#if canImport(Glibc)
  import Glibc
#endif

/// Writes a whole file so that a reader sees the old contents or the new, never a mix.
///
/// Write a temp file beside it, `fsync`, `rename` over the target, `fsync` the folder.
///
/// ```swift
/// try AtomicFile.write(Array(html.utf8), to: "report.html")
/// ```
enum AtomicFile {
  struct Failure: Error, CustomStringConvertible {
    var path: String
    var step: String
    var code: Int32
    var description: String {
      "\(path): \(step) failed (\(String(cString: strerror(code)))); nothing was written"
    }
  }

  static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let temp = "\(path).tmp-\(getpid())"
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw Failure(path: path, step: "create", code: errno) }
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
      if n < 0 {
        if errno == EINTR { continue }
        let code = errno
        close(fd)
        unlink(temp)
        throw Failure(path: path, step: "write", code: code)
      }
      written += n
    }
    guard fsync(fd) == 0 else {
      let code = errno
      close(fd)
      unlink(temp)
      throw Failure(path: path, step: "fsync", code: code)
    }
    close(fd)
    guard rename(temp, path) == 0 else {
      let code = errno
      unlink(temp)
      throw Failure(path: path, step: "rename", code: code)
    }
    let dir = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dir >= 0 {
      fsync(dir)
      close(dir)
    }
  }
}
