package import Foundation
package import PracticeFiles

/// Every journal record the test suite makes the program write, gathered in one folder so that
/// `JournalSchemaTests` can check each against `schemas/journal-v1.json` after the suite.
///
/// `make test` names the folder in `PRACTICE_JOURNAL_TAP`; unset, nothing is gathered. The shipped
/// program knows nothing of it: records written in this process are seen through the FileSystem
/// seam (``fileSystem(wrapping:)``), and those a run of the binary wrote are the journal lines its
/// data folders hold after the run and did not before (``collect(after:)``), so a line a test
/// planted before the run is not taken for one the program wrote.
///
/// ```swift
/// let store = try ProgressStore(directory: dir, fileSystem: JournalTap.fileSystem())
/// ```
package enum JournalTap {
  /// The folder gathering the records, or nil when the suite is not tapped.
  package static let folder: String? = ProcessInfo.processInfo.environment["PRACTICE_JOURNAL_TAP"].flatMap {
    $0.isEmpty ? nil : $0
  }

  /// `base`, its writes to a `journal.jsonl` also appended to the tap (when there is one).
  package static func fileSystem(wrapping base: any FileSystem = POSIXFileSystem()) -> any FileSystem {
    folder == nil ? base : TappedFileSystem(base)
  }

  /// The journal lines in the data folders a run of the binary can write to.
  package struct Before {
    let folders: [String]
    let lines: Set<Substring>
  }

  /// What the data folders of a run hold before it: its `HOME` and each `--data-dir`, when they
  /// are temporary folders (never the repository or a real home).
  package static func before(arguments: [String], environment: [String: String], currentDirectory: URL) -> Before? {
    guard folder != nil else { return nil }
    var folders: [String] = environment["HOME"].map { [$0] } ?? []
    for (i, argument) in arguments.enumerated() where argument == "--data-dir" && i + 1 < arguments.count {
      let value = arguments[i + 1]
      folders.append(value.hasPrefix("/") ? value : currentDirectory.appendingPathComponent(value).path)
    }
    let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path + "/"
    folders = folders.filter { URL(fileURLWithPath: $0).standardizedFileURL.path.hasPrefix(temporary) }
    return Before(folders: folders, lines: Set(journalText(under: folders).flatMap { $0.split(separator: "\n") }))
  }

  /// Appends the journal lines the run added (those not there `before`) to the tap.
  package static func collect(after before: Before?) {
    guard let before else { return }
    var added = ""
    for text in journalText(under: before.folders) {
      for line in text.split(separator: "\n") where !before.lines.contains(line) { added += line + "\n" }
    }
    append(Array(added.utf8))
  }

  /// The text of every `journal.jsonl` and kept segment `journal-N.jsonl` below `folders`.
  static func journalText(under folders: [String]) -> [String] {
    var texts: [String] = []
    for root in folders {
      guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
      while let relative = walker.nextObject() as? String {
        let name = (relative as NSString).lastPathComponent
        guard name.hasPrefix("journal"), name.hasSuffix(".jsonl"),
          let text = try? String(contentsOfFile: root + "/" + relative, encoding: .utf8)
        else { continue }
        texts.append(text)
      }
    }
    return texts
  }

  /// Appends `bytes` to this process's file in the tap; best effort, as a tap never fails a test.
  static func append(_ bytes: [UInt8]) {
    guard let folder, !bytes.isEmpty else { return }
    let fs = POSIXFileSystem()
    guard
      let fd = try? fs.open(folder + "/records-\(fs.processID()).jsonl", [.writeOnly, .append, .create], mode: 0o644)
    else { return }
    _ = try? fs.write(fd, bytes)
    fs.close(fd)
  }
}

/// A file system passing every call to another, that also copies the records appended to a
/// `journal.jsonl` into the ``JournalTap``.
///
/// Between a truncation and the next `fsync` the store is cutting back or rewriting what the
/// journal already held (a repair keeps a newer version's records as they are): not tapped, as
/// those lines are not records this program made.
final class TappedFileSystem: FileSystem, @unchecked Sendable {
  private let base: any FileSystem
  private let lock = NSLock()
  private var journals: Set<Int32> = []
  private var rewriting: Set<Int32> = []

  init(_ base: any FileSystem) { self.base = base }

  func open(_ path: String, _ flags: OpenFlags, mode: UInt32) throws(FileSystemError) -> Int32 {
    let fd = try base.open(path, flags, mode: mode)
    if path.hasSuffix("/journal.jsonl") { lock.withLock { _ = journals.insert(fd) } }
    return fd
  }

  func close(_ fd: Int32) {
    lock.withLock {
      journals.remove(fd)
      rewriting.remove(fd)
    }
    base.close(fd)
  }

  func write(_ fd: Int32, _ bytes: [UInt8]) throws(FileSystemError) -> Int {
    let written = try base.write(fd, bytes)
    if lock.withLock({ journals.contains(fd) && !rewriting.contains(fd) }) {
      JournalTap.append(Array(bytes.prefix(written)))
    }
    return written
  }

  func pwrite(_ fd: Int32, _ bytes: [UInt8], at offset: Int64) throws(FileSystemError) -> Int {
    try base.pwrite(fd, bytes, at: offset)
  }
  func read(_ fd: Int32, count: Int) throws(FileSystemError) -> [UInt8] { try base.read(fd, count: count) }
  func pread(_ fd: Int32, count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8] {
    try base.pread(fd, count: count, at: offset)
  }
  func fsync(_ fd: Int32) throws(FileSystemError) {
    try base.fsync(fd)
    lock.withLock { _ = rewriting.remove(fd) }
  }

  func ftruncate(_ fd: Int32, length: Int64) throws(FileSystemError) {
    lock.withLock { if journals.contains(fd) { rewriting.insert(fd) } }
    try base.ftruncate(fd, length: length)
  }

  func fchmod(_ fd: Int32, mode: UInt32) throws(FileSystemError) { try base.fchmod(fd, mode: mode) }
  func fstat(_ fd: Int32) throws(FileSystemError) -> FileStatus { try base.fstat(fd) }
  func stat(_ path: String) throws(FileSystemError) -> FileStatus? { try base.stat(path) }
  func linkStatus(_ path: String) throws(FileSystemError) -> FileStatus? { try base.linkStatus(path) }
  func rename(_ from: String, to: String) throws(FileSystemError) { try base.rename(from, to: to) }
  func link(_ from: String, to: String) throws(FileSystemError) { try base.link(from, to: to) }
  func unlink(_ path: String) throws(FileSystemError) { try base.unlink(path) }
  func mkdir(_ path: String, mode: UInt32) throws(FileSystemError) { try base.mkdir(path, mode: mode) }
  func mkdirExactly(_ path: String, mode: UInt32) throws(FileSystemError) { try base.mkdirExactly(path, mode: mode) }
  func readdir(_ path: String) throws(FileSystemError) -> [String] { try base.readdir(path) }
  func flock(_ fd: Int32, _ operation: LockOperation) throws(FileSystemError) -> Bool {
    try base.flock(fd, operation)
  }
  func lockHolder(_ fd: Int32, conflictingWith operation: LockOperation) -> Int32? {
    base.lockHolder(fd, conflictingWith: operation)
  }
  func processID() -> Int32 { base.processID() }
  func isOpenOnlyThrough(_ fd: Int32) -> Bool { base.isOpenOnlyThrough(fd) }
}
