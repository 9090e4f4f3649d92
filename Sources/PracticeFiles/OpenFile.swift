/// A descriptor the ``FileSystem`` seam opened, closed through the same file system when the value
/// goes. Not copyable: it has one owner, so no call site closes it by hand, or twice.
///
/// ```swift
/// let folder = try fs.openFile(path, [.readOnly, .directory], mode: 0)
/// try fs.fsync(folder.fd)  // closed at the end of the scope
/// ```
package struct OpenFile: ~Copyable {
  package let fd: Int32
  private let fileSystem: any FileSystem

  /// Takes over `fd`, which `fileSystem` opened.
  package init(_ fd: Int32, in fileSystem: any FileSystem) {
    self.fd = fd
    self.fileSystem = fileSystem
  }

  deinit { fileSystem.close(fd) }
}

extension FileSystem {
  /// `open`, its descriptor owned: closed when the result goes.
  package func openFile(_ path: String, _ flags: OpenFlags, mode: UInt32) throws(FileSystemError) -> OpenFile {
    OpenFile(try open(path, flags, mode: mode), in: self)
  }
}
