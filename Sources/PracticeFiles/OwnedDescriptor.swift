#if canImport(Glibc)
  import Glibc
#endif

/// A file descriptor opened with a raw system call (`open`, `openat`, `pipe`), closed when the
/// value goes. Not copyable: it has one owner, so nothing closes it by hand, or twice.
///
/// (Descriptors the `FileSystem` seam hands out stay plain numbers: a test double stands in for
/// every call on them.)
///
/// ```swift
/// guard let file = OwnedDescriptor(Glibc.open("/proc/self/status", O_RDONLY | O_CLOEXEC)) else { return nil }
/// Glibc.read(file.fd, &buffer, buffer.count)  // closed at the end of the scope
/// ```
package struct OwnedDescriptor: ~Copyable {
  package let fd: Int32

  /// Nil when `fd` is negative: the call failed, and `errno` says why.
  package init?(_ fd: Int32) {
    guard fd >= 0 else { return nil }
    self.fd = fd
  }

  deinit { _ = Glibc.close(fd) }

  /// Hands the descriptor on, open, to a caller that closes it (the `FileSystem` seam's callers).
  package consuming func release() -> Int32 {
    let fd = self.fd
    discard self
    return fd
  }

  /// Closes it before its owner goes (a pipe's write end, once a child holds its own copy).
  package consuming func close() {
    _ = Glibc.close(fd)
    discard self
  }
}
