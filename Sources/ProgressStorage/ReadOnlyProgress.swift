import Foundation
import Localization
package import PracticeFiles

/// A user's whole history read without changing a byte of their folder.
///
/// `ProgressStore.init` creates missing files, writes its pid into `lock`,
/// cuts torn journal tails, rewrites damaged journals and upgrades old
/// snapshots, which a teacher's report must not do to a learner's files. This
/// reads the history (`history-base.json`, the kept segments `journal-NNNNNN.jsonl`
/// and `journal.jsonl`) under a shared lock with the store's own decoders, every
/// session whole, and skips what the store would repair.
///
/// ```swift
/// let progress = try ReadOnlyProgress.load(directory: dataDir + "/ann/physics-grade8")
/// if !progress.damagedLines.isEmpty { print("damaged journal lines were skipped") }
/// print(progress.state.sessions.count)
/// ```
package struct ReadOnlyProgress: Sendable {
  package var state: ProgressState
  /// Journal lines that did not parse (the store would set them aside), 1-based.
  package var damagedLines: [Int]
  /// Bytes of a half-written last journal line that were ignored.
  package var tornTailBytes: Int
  /// Records of a type from a newer version, in the journal or its kept segments: skipped, not damaged.
  package var unknownRecords = UnknownRecords()

  package init(state: ProgressState, damagedLines: [Int] = [], tornTailBytes: Int = 0) {
    self.state = state
    self.damagedLines = damagedLines
    self.tornTailBytes = tornTailBytes
  }

  /// Reads the folder, waiting up to `lockTimeout` seconds for a writer to finish.
  ///
  /// Only opens files read-only, takes a shared `flock` and reads; it never creates,
  /// truncates, renames or writes anything, not even the lock file when it is missing.
  package static func load(
    directory: String, lockTimeout: Double = 2, fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(ProgressError) -> ReadOnlyProgress {
    try load(directory: directory, until: LockDeadline(seconds: lockTimeout), fileSystem: fs)
  }

  /// The same, waiting for a writer only until `deadline`, shared by every learner of a class report.
  package static func load(
    directory: String, until deadline: LockDeadline, fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(ProgressError) -> ReadOnlyProgress {
    try underSharedLock(directory: directory, until: deadline, fs) { () throws(ProgressError) in
      try whileNoSegmentAppears(directory: directory, fs) { () throws(ProgressError) in
        try read(directory: directory, fs)
      }
    }
  }

  /// Runs `body` (a read of the whole history) again when a compaction added a segment while it
  /// read, at most a few times. Under the shared lock none can; without it (a class folder's lock
  /// is the learner's alone, `0600`) a compaction may move the journal's records into a new
  /// segment after the segments were listed and before the journal was read, and only a read
  /// that saw no new segment appear has them all.
  static func whileNoSegmentAppears<T>(
    directory: String, _ fs: any FileSystem, _ body: () throws(ProgressError) -> T
  ) throws(ProgressError) -> T {
    var attempt = 0
    while true {
      let before = try reading { () throws(FileSystemError) in try JournalSegments.names(in: directory, fs) }
      let result = try body()
      let after = try reading { () throws(FileSystemError) in try JournalSegments.names(in: directory, fs) }
      attempt += 1
      if before == after || attempt >= 5 { return result }
    }
  }

  /// `load`, or nil when `directory` does not exist (a learner who has not started yet); any other
  /// reason it cannot be read (not a folder, a loop of symbolic links, no permission) is an error.
  package static func loadIfPresent(
    directory: String, lockTimeout: Double = 2, fileSystem fs: any FileSystem = POSIXFileSystem()
  ) throws(ProgressError) -> ReadOnlyProgress? {
    do {
      return try load(directory: directory, lockTimeout: lockTimeout, fileSystem: fs)
    } catch {
      if error.path == directory, error.cause?.code == FileSystemError.noSuchFileCode { return nil }
      throw error
    }
  }

  /// Runs `body` holding a shared `flock` on the folder's lock file (when there is one), waiting up to
  /// `lockTimeout` seconds for a writer; the one way read-only readers (reports, exports) take the lock.
  static func underSharedLock<T>(
    directory: String, until deadline: LockDeadline, _ fs: any FileSystem, _ body: () throws(ProgressError) -> T
  ) throws(ProgressError) -> T {
    let status = try reading { () throws(FileSystemError) in try fs.stat(directory) }
    guard let status, status.isDirectory else {
      let missing = status == nil
      throw .fileSystem(
        FileSystemError(
          operation: "open", path: directory,
          code: missing ? FileSystemError.noSuchFileCode : FileSystemError.notAFolderCode,
          reason: missing ? Message.tr("no such folder") : Message.tr("not a folder")), action: ProgressError.reading)
    }
    let lockPath = directory + "/" + ProgressStore.lockName
    // A folder the store never opened has no lock file, and nobody to wait for; in a class folder
    // the lock is the learner's alone (`0600`: a classmate or a teacher holding it would stall
    // them), and the history is read without it (see `whileNoSegmentAppears`).
    guard let lock = try openIfPresent(lockPath, fs) else { return try body() }
    let lockFD = lock.fd
    // A shared lock is enough: writers take it exclusively for each append or compaction.
    let wait = try reading { () throws(FileSystemError) in
      try fs.waitForLock(lockFD, .shared, path: lockPath, until: deadline)
    }
    if case .timedOut(let holder) = wait {
      throw ProgressError(
        .locked(holder: holder, waited: deadline.seconds), path: lockPath, action: ProgressError.reading)
    }
    defer { _ = try? fs.flock(lockFD, .unlock) }
    return try body()
  }

  /// Folds the whole history, every session whole: the base, the kept segments, then the journal
  /// (the reading rule of `JournalSegments`), leaving every file untouched.
  private static func read(directory: String, _ fs: any FileSystem) throws(ProgressError)
    -> ReadOnlyProgress
  {
    var result = ReadOnlyProgress(state: try readBase(directory: directory, fs) ?? ProgressState())
    // `apply` skips what an earlier file already held, as the store does.
    try forEachSegmentRecord(directory: directory, fs) {
      result.state.apply($0)
    } unknown: {
      result.unknownRecords.note($0, journalLine: nil)
    }
    if let bytes = try readFile(directory + "/" + ProgressStore.journalName, fs) {
      let end = JournalRecord.forEachLine(in: bytes) { lineNumber, _, parsed in
        switch parsed {
        // `apply` skips what a writer already folded into the snapshot, as the store does.
        case .success(let record): result.state.apply(record)
        case .failure(let unknown as JournalRecord.UnknownType):
          result.unknownRecords.note(unknown.type, journalLine: lineNumber)
        case .failure: result.damagedLines.append(lineNumber)
        }
      }
      result.tornTailBytes = bytes.count - end
    }
    return result
  }

  /// The history before the journal's kept segments: `history-base.json`, or a `snapshot.json` of
  /// format 1 or older (which kept every session; its upgrade makes it the base); nil when there is
  /// neither. A newer snapshot sums old sessions up, so the whole history never starts from it, but
  /// it is still read: a damaged one makes the folder unreadable, as for the learner's program.
  static func readBase(directory: String, _ fs: any FileSystem) throws(ProgressError) -> ProgressState? {
    let snapshot = try SnapshotFile.read(
      directory + "/" + ProgressStore.snapshotName, fs, action: ProgressError.reading)
    if let base = try SnapshotFile.read(directory + "/" + JournalSegments.baseName, fs, action: ProgressError.reading) {
      return base.state
    }
    guard let snapshot, snapshot.version <= 1 else { return nil }
    return snapshot.state
  }

  /// Every record of the journal's kept segments, in order (each file read a piece at a time).
  /// A damaged line there is skipped: segments are copies of journals already repaired. A record of
  /// a newer version's type (compacted there by that version) goes to `unknown` by its type.
  static func forEachSegmentRecord(
    directory: String, _ fs: any FileSystem, _ body: (JournalRecord) -> Void, unknown: (String) -> Void
  ) throws(ProgressError) {
    let names = try reading { () throws(FileSystemError) in try JournalSegments.names(in: directory, fs) }
    for name in names {
      let path = directory + "/" + name
      _ = try reading { () throws(FileSystemError) in
        try JournalSegments.forEachLine(inFile: path, fs) { _, parsed in
          switch parsed {
          case .success(let record): body(record)
          case .failure(let newer as JournalRecord.UnknownType): unknown(newer.type)
          case .failure: break
          }
        }
      }
    }
  }

  /// The whole file, or `nil` when it does not exist.
  static func readFile(_ path: String, _ fs: any FileSystem) throws(ProgressError) -> [UInt8]? {
    try reading { () throws(FileSystemError) in
      try fs.readWholeFileIfPresent(path, limit: ProgressFileLimits.journalBytes)
    }
  }

  /// Opens `path` read-only, or returns `nil` when it does not exist.
  private static func openIfPresent(_ path: String, _ fs: any FileSystem) throws(ProgressError)
    -> OpenFile?
  {
    do {
      return try fs.openFile(path, .readOnly, mode: 0)
    } catch {
      // A file the store has not made yet is an empty history, not an error; a lock only its
      // learner may open (a class folder's) is read past.
      if error.code == FileSystemError.noSuchFileCode || error.code == FileSystemError.permissionDeniedCode {
        return nil
      }
      throw .fileSystem(error, action: ProgressError.reading)
    }
  }

  /// Runs a file operation, reporting its failure as a `ProgressError` of reading.
  private static func reading<T>(_ body: () throws(FileSystemError) -> T) throws(ProgressError) -> T {
    do {
      return try body()
    } catch {
      throw .fileSystem(error, action: ProgressError.reading)
    }
  }
}
