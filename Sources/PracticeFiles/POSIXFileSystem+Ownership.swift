#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIXFileSystem {
  /// Makes the folder `path` (its parent must exist), or takes an empty one of ours that is there,
  /// and gives it the group `group` and exactly `mode`, through its descriptor (never a link);
  /// returns its status as it then is, for the caller to check (a setgid bit the system dropped).
  ///
  /// ```swift
  /// try POSIXFileSystem().makeFolder("/srv/physics8", group: 1005, mode: 0o3753)
  /// ```
  package func makeFolder(_ path: String, group: UInt32, mode: UInt32) throws(FileSystemError) -> FileStatus {
    if Glibc.mkdir(path, 0o700) != 0 {
      let code = errno
      guard code == EEXIST, let existing = try linkStatus(path), existing.isDirectory,
        existing.owner == SystemUsers.currentUserID, try readdir(path).isEmpty
      else { throw .system("mkdir", path, code: code) }
    }
    guard let folder = OwnedDescriptor(Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) else {
      throw .system("open", path, code: errno)
    }
    let fd = folder.fd
    if fchown(fd, uid_t.max, gid_t(group)) != 0 { throw .system("chown", path, code: errno) }
    if Glibc.fchmod(fd, mode_t(mode)) != 0 { throw .system("chmod", path, code: errno) }
    return try FileSystemError.attributing(to: path) { () throws(FileSystemError) in try fstat(fd) }
  }
}
