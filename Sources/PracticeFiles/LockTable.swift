/// Reading the kernel's table of file locks (`/proc/locks`, and the `lock:` lines of
/// `/proc/<pid>/fdinfo/<fd>`): the one place that parses a lock holder's process id.
///
/// A lock line names a file as `major:minor:inode` (hex, hex, decimal) and the process that took
/// the lock, which may since have exited and left the lock to a child; so a holder named here is
/// checked against the open descriptors of that process before it is believed.
///
/// ```swift
/// let id = LockTable.fileID(device: 0xfe00, inode: 16_222_408)  // "fe:00:16222408"
/// LockTable.holders(in: "2: FLOCK  ADVISORY  WRITE 7443 fe:00:16222408 0 EOF\n", fileID: id, conflictingWith: .shared)
/// // [7443]
/// ```
package enum LockTable {
  /// `major:minor:inode` as the kernel prints it, from `st_dev` (glibc's encoding) and `st_ino`.
  package static func fileID(device: UInt64, inode: UInt64) -> String {
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & 0xffff_f000)
    let minor = (device & 0xff) | ((device >> 12) & 0xffff_ff00)
    return "\(hex(major)):\(hex(minor)):\(inode)"
  }

  /// The process ids of `flock` locks on the file `fileID` that conflict with taking `operation`
  /// (a shared lock conflicts only with exclusive ones), in the order listed. Lines of waiters
  /// (`->`), of other lock kinds and of other files are skipped; so is anything unparsable.
  package static func holders(in table: String, fileID: String, conflictingWith operation: LockOperation) -> [Int32] {
    var pids: [Int32] = []
    for line in table.split(separator: "\n") {
      var fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      if fields.first == "lock:" { fields.removeFirst() }
      // "1:", "FLOCK", "ADVISORY", "WRITE", "7443", "fe:00:16222408", "0", "EOF"
      guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == fileID else { continue }
      guard fields[3] == "WRITE" || (fields[3] == "READ" && operation == .exclusive) else { continue }
      if let pid = Int32(fields[4]), pid > 0 { pids.append(pid) }
    }
    return pids
  }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return digits.count < 2 ? "0" + digits : digits
  }
}
