import Localization

/// Replaces a whole file so that a reader sees the old bytes or the new, never a mix, and the new
/// ones survive a crash once `replace` returns.
///
/// A temp file beside the target (`O_EXCL`, the exact `mode`, or `0o666` less the umask when the
/// mode is nil), every byte written, `fsync`,
/// `rename` over the target, `fsync` of the folder. On any failure the temp file is removed and
/// the target is as it was. Temp names contain `.tmp-`, so a store can sweep up after a crash.
///
/// ```swift
/// try AtomicFileWriter().replace("report.html", with: Array(html.utf8), mode: 0o644)
/// ```
package struct AtomicFileWriter: Sendable {
  package var fileSystem: any FileSystem

  package init(fileSystem: any FileSystem = POSIXFileSystem()) {
    self.fileSystem = fileSystem
  }

  /// Replaces `path` with `bytes`, created with exactly `mode` (the umask does not apply), or, when
  /// `mode` is nil, with `0o666` less the umask (a new document, as any program makes one).
  ///
  /// `beforeRename` runs once the new bytes are durable and before they replace the old ones: a
  /// store keeps its backup of the old file there.
  package func replace(
    _ path: String, with bytes: [UInt8], mode: UInt32?,
    beforeRename: () throws(FileSystemError) -> Void = {}
  ) throws(FileSystemError) {
    try replace(
      path, mode: mode, writing: { (append) throws(FileSystemError) in try append(bytes) }, beforeRename: beforeRename)
  }

  /// Replaces `path` with what `body` appends, piece by piece, so a large file (an export) never
  /// has to be in memory whole; the same guarantees as `replace(_:with:mode:)`.
  ///
  /// ```swift
  /// try AtomicFileWriter().replace("events.jsonl", mode: 0o644) { append in try append(Array("{}\n".utf8)) }
  /// ```
  package func replace(
    _ path: String, mode: UInt32?,
    writing body: (_ append: ([UInt8]) throws(FileSystemError) -> Void) throws(FileSystemError) -> Void,
    beforeRename: () throws(FileSystemError) -> Void = {}
  ) throws(FileSystemError) {
    try replace(path, mode: mode, beforeRename: beforeRename) { (fd, temp) throws(FileSystemError) in
      try body { (bytes) throws(FileSystemError) in
        var offset = 0
        while offset < bytes.count {
          let n = try FileSystemError.attributing(to: temp) { () throws(FileSystemError) in
            try fileSystem.write(fd, Array(bytes[offset...]))
          }
          guard n > 0 else {
            throw FileSystemError(
              operation: "write", path: temp, code: FileSystemError.noSpaceCode, reason: .tr("nothing was written"))
          }
          offset += n
        }
      }
    }
  }

  /// Replaces `path` with the file another writer (a C library that takes a path: libedit's
  /// history) writes at the temporary path it is given; the same guarantees as `replace(_:with:mode:)`.
  ///
  /// ```swift
  /// try AtomicFileWriter().replace(historyFile, mode: 0o600) { (temp) throws(FileSystemError) in
  ///   guard practice_history_save(history, temp) >= 0 else { throw … }
  /// }
  /// ```
  package func replace(
    _ path: String, mode: UInt32?, writingAt body: (_ temporaryPath: String) throws(FileSystemError) -> Void
  ) throws(FileSystemError) {
    // The temp file exists (ours, `O_EXCL`) before the writer opens it by name; the writer truncates
    // and fills that same file, so `fsync` on our descriptor makes its bytes durable.
    try replace(path, mode: mode, beforeRename: {}) { (_, temp) throws(FileSystemError) in try body(temp) }
  }

  /// The steps every replacement shares: the temp file, `fill`, `fsync`, `beforeRename`, `rename`,
  /// the folder's `fsync`; on failure the temp file is removed.
  private func replace(
    _ path: String, mode: UInt32?, beforeRename: () throws(FileSystemError) -> Void,
    fill: (_ fd: Int32, _ temporaryPath: String) throws(FileSystemError) -> Void
  ) throws(FileSystemError) {
    let fs = fileSystem
    let temp = Self.temporaryPath(for: path, processID: fs.processID())
    // Errors name the file asked for: the temp file is ours, and gone once this returns.
    let file = OpenFile(
      try FileSystemError.naming(path, insteadOf: temp) { () throws(FileSystemError) in
        try fs.open(temp, [.writeOnly, .create, .exclusive], mode: mode ?? 0o666)
      }, in: fs)
    let fd = file.fd
    do throws(FileSystemError) {
      if let mode {
        try FileSystemError.attributing(to: temp) { () throws(FileSystemError) in try fs.fchmod(fd, mode: mode) }
      }
      try fill(fd, temp)
      try FileSystemError.attributing(to: temp) { () throws(FileSystemError) in try fs.fsync(fd) }
      try beforeRename()
      try fs.rename(temp, to: path)
    } catch {
      try? fs.unlink(temp)
      throw FileSystemError.naming(path, insteadOf: temp, error)
    }
    try syncFolder(of: path)
  }

  /// `<path>.tmp-<pid>-<random>`: unique across processes and calls.
  package static func temporaryPath(for path: String, processID: Int32) -> String {
    "\(path).tmp-\(processID)-\(UInt64.random(in: 0...UInt64.max))"
  }

  /// Makes a rename in the folder of `path` durable.
  func syncFolder(of path: String) throws(FileSystemError) {
    let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
    let opened = try fileSystem.openFile(folder.isEmpty ? "/" : folder, [.readOnly, .directory], mode: 0)
    try FileSystemError.attributing(to: folder) { () throws(FileSystemError) in try fileSystem.fsync(opened.fd) }
  }
}
