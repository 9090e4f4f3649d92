import Foundation
import Localization
package import PracticeFiles
import PracticeJSON
import PracticeTime
import Synchronization

/// The progress of one user in one course, kept durably in a folder.
///
/// Events are appended to `journal.jsonl` (one `write` + `fsync` each, under an
/// exclusive `flock` on `lock`), and folded now and then into `snapshot.json`.
/// Two processes may record into the same folder at once; nothing is lost.
///
/// ```swift
/// let store = try ProgressStore(directory: "/home/ann/.local/share/practice/ann/go-basics")
/// for warning in store.takeWarnings() { print(warning) }
/// try store.record(.nodeOpened(node: "ch1", at: Date()))
/// print(store.state.nodes["ch1"]?.browseCount ?? 0)
/// ```
package final class ProgressStore: @unchecked Sendable {
  package static let journalName = "journal.jsonl"
  package static let snapshotName = "snapshot.json"
  package static let lockName = "lock"
  package static let viewStateName = "view-state.json"

  /// The folder holding this user's progress for this course.
  package let directory: String
  /// The id stamped on every record this store writes.
  package let writerID: String
  let options: ProgressStoreOptions
  let fs: any FileSystem
  /// Permissions of files this store creates: `options.fileMode`, or group-readable in a class folder.
  private var fileMode: UInt32 = 0o600

  // Every field below is guarded by `mutex`; that is what makes the class Sendable.
  private let mutex = Mutex<Void>(())
  private var lockFD: Int32 = -1
  private var journalFD: Int32 = -1
  private var nextSequence = 1
  private var folded = ProgressState()
  private var warnings: [ProgressWarning] = []
  private var recordsInJournal = 0
  /// Records of a type from a newer version in the journal: while there are any, it is not compacted.
  private var unknownRecordsInJournal = 0
  /// The unknown records are reported once per store, not at every reload.
  private var warnedAboutUnknownRecords = false
  /// The journal was just replaced by a new file and the folder's `fsync` failed: redone before the next append.
  private var journalNameUnsynced = false

  var journalPath: String { directory + "/" + Self.journalName }
  var snapshotPath: String { directory + "/" + Self.snapshotName }
  var lockPath: String { directory + "/" + Self.lockName }
  var viewStatePath: String { directory + "/" + Self.viewStateName }

  /// Opens (creating if needed) the store in `directory`, repairing and folding what is there.
  ///
  /// Holds the lock while it reads, so it waits up to `options.lockTimeout` for another process.
  package init(
    directory: String, options: ProgressStoreOptions = ProgressStoreOptions(),
    fileSystem: any FileSystem = POSIXFileSystem()
  ) throws(ProgressError) {
    self.directory =
      directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    self.options = options
    self.fs = fileSystem
    self.writerID = options.writerID ?? UUID().uuidString.lowercased()
    try run(ProgressError.opening) {
      try makeDirectories(self.directory)
      fileMode = SharedClassFolder.fileMode(creatingIn: try fs.stat(self.directory), privateMode: options.fileMode)
      // The lock is the learner's alone, in a class folder too: anyone who could open it could hold
      // it and stall them (readers there read without it; see `ReadOnlyProgress`).
      lockFD = try fs.open(lockPath, [.readWrite, .create], mode: options.fileMode)
      if fileMode != options.fileMode { _ = try? fs.fchmod(lockFD, mode: options.fileMode) }
      try withFileLock(action: ProgressError.opening) {
        let existed = try fs.stat(journalPath) != nil
        journalFD = try fs.open(
          journalPath, [.readWrite, .append, .create], mode: fileMode)
        shareInClassFolder(journalFD)
        // A new journal's name must be durable before the first answer counts as saved.
        if !existed { try syncDirectory() }
        try removeStrayTemporaryFiles()
        try loadLocked(action: ProgressError.opening)
        if recordsInJournal >= options.compactionThreshold && unknownRecordsInJournal == 0 {
          do {
            try compactLocked()
          } catch {
            // Closed only when the journal was moved and could not be put back: nothing can be saved.
            if journalFD < 0 { throw error }
            warnings.append(.compactionFailed(Self.progressError(error, action: ProgressError.compacting)))
          }
        }
      }
      nextSequence = (folded.appliedSequence[writerID] ?? 0) + 1
    }
  }

  deinit {
    if journalFD >= 0 { fs.close(journalFD) }
    if lockFD >= 0 { fs.close(lockFD) }
  }

  /// The folded progress as this store knows it: what was on disk at open or the last `reload()`,
  /// plus everything recorded through this store since.
  package var state: ProgressState { mutex.withLock { _ in folded } }

  /// Returns and forgets the warnings gathered so far (repairs at open, torn tails found before an append).
  package func takeWarnings() -> [ProgressWarning] {
    mutex.withLock { _ in
      defer { warnings = [] }
      return warnings
    }
  }

  /// Appends one event and returns once it is on disk (written in one `write` and `fsync`ed).
  ///
  /// On error nothing was saved: the journal is cut back to where it was.
  package func record(_ event: ProgressEvent) throws(ProgressError) {
    try run(ProgressError.saving) {
      try checkOpen(ProgressError.saving)
      // A sequence number is never reused, even after a failure: the failed line may
      // survive on disk if cutting it back failed too, and reuse would then drop the next one.
      let record = JournalRecord(writer: writerID, sequence: nextSequence, event: event)
      nextSequence += 1
      let bytes = record.line
      try withFileLock(action: ProgressError.saving) {
        if journalNameUnsynced {
          try syncDirectory()
          journalNameUnsynced = false
        }
        let start = try cutTornTail()
        do {
          let written = try io(journalPath) { () throws(FileSystemError) in
            try fs.write(journalFD, bytes)
          }
          if written != bytes.count {
            throw FileSystemError(
              operation: "write", path: journalPath, code: FileSystemError.noSpaceCode,
              reason: .tr("only {written} of {total} bytes were written", ["written": written, "total": bytes.count]))
          }
          try io(journalPath) { () throws(FileSystemError) in try fs.fsync(journalFD) }
        } catch {
          // Leave the journal as it was, so a later append does not land on a fragment.
          try? fs.ftruncate(journalFD, length: start)
          throw error
        }
      }
      folded.apply(record)
      recordsInJournal += 1
    }
  }

  /// Re-reads the snapshot and journal (under the lock), picking up what other processes recorded.
  package func reload() throws(ProgressError) {
    try run(ProgressError.reading) {
      try checkOpen(ProgressError.reading)
      try withFileLock(action: ProgressError.reading) { try loadLocked(action: ProgressError.reading) }
    }
  }

  /// Keeps the journal as the next segment, folds it into `snapshot.json` and empties it.
  ///
  /// Also done at open when the journal is long; never on the per-answer path. Not done while the
  /// journal holds records of a newer version (`ProgressWarning.unknownRecords`): they would be lost.
  package func compact() throws(ProgressError) {
    try run(ProgressError.compacting) {
      try checkOpen(ProgressError.compacting)
      try withFileLock(action: ProgressError.compacting) {
        try loadLocked(action: ProgressError.compacting)
        try compactLocked()
      }
    }
  }

  /// Reads the outline's view state; an empty one when none was saved yet.
  ///
  /// A file that does not parse is never overwritten: it is renamed (under the lock) to
  /// `view-state.json.corrupt-<time>`, an empty state is returned, and a `.damagedViewState`
  /// warning says where the copy is.
  package func loadViewState() throws(ProgressError) -> ViewState {
    var result = ViewState()
    try run(ProgressError.readingViewState) {
      try checkOpen(ProgressError.readingViewState)
      try withFileLock(action: ProgressError.readingViewState) {
        guard try fs.stat(viewStatePath) != nil else { return }
        let bytes = try fs.readWholeFile(viewStatePath, limit: ProgressFileLimits.viewStateBytes)
        guard !bytes.isEmpty else { return }
        do {
          result = try ViewState(fileBytes: bytes)
        } catch {
          let (line, column, message) = ViewState.locate(error, in: bytes)
          // Set aside, as a damaged journal is copied aside: the next save must not replace it.
          let copy = try uniqueCorruptCopyName(for: Self.viewStateName)
          try fs.rename(viewStatePath, to: directory + "/" + copy)
          try syncDirectory()
          warnings.append(
            .damagedViewState(
              path: viewStatePath, line: line, column: column, message: message, copy: directory + "/" + copy))
        }
      }
    }
    return result
  }

  /// Saves the outline's view state atomically (temp file, `fsync`, `rename`, folder `fsync`).
  package func saveViewState(_ viewState: ViewState) throws(ProgressError) {
    let bytes = ViewState.fileJSON(viewState)
    try run(ProgressError.savingViewState) {
      try checkOpen(ProgressError.savingViewState)
      // Under the lock, so that any temp file found at open belongs to a dead writer.
      try withFileLock(action: ProgressError.savingViewState) {
        try writeAtomically(Self.viewStateName, bytes, keepBackup: false)
      }
    }
  }

  /// Closes the files; the store cannot be used afterwards.
  package func close() {
    mutex.withLock { _ in
      if journalFD >= 0 { fs.close(journalFD) }
      if lockFD >= 0 { fs.close(lockFD) }
      journalFD = -1
      lockFD = -1
    }
  }

  // MARK: - Under the mutex

  /// Runs `body` under the mutex, turning any failure into a `ProgressError`.
  private func run(_ action: String, _ body: () throws -> Void) throws(ProgressError) {
    try mutex.withLock { _ throws(ProgressError) in
      do {
        try body()
      } catch {
        throw Self.progressError(error, action: action)
      }
    }
  }

  static func progressError(_ error: any Error, action: String) -> ProgressError {
    switch error {
    case let error as ProgressError: return error
    case let error as FileSystemError: return .fileSystem(error, action: action)
    default:
      return .fileSystem(
        FileSystemError(operation: "use", path: "", code: 0, reason: .verbatim("\(error)")), action: action)
    }
  }

  /// Throws `.closed` once `close()` was called.
  private func checkOpen(_ action: String) throws(ProgressError) {
    guard journalFD >= 0 else { throw ProgressError(.closed, path: directory, action: action) }
  }

  /// Fills in the path of errors from calls on a descriptor.
  private func io<T>(_ path: String, _ body: () throws(FileSystemError) -> T) throws(FileSystemError) -> T {
    try FileSystemError.attributing(to: path, body)
  }

  /// In a class folder, makes the file group-readable whatever the umask (best effort: only its owner can).
  private func shareInClassFolder(_ fd: Int32) {
    guard fileMode != options.fileMode else { return }
    _ = try? fs.fchmod(fd, mode: fileMode)
  }

  /// `mkdir -p`, each folder private, or group-readable inside a class folder (exactly, whatever the umask).
  private func makeDirectories(_ path: String) throws(FileSystemError) {
    try fs.makeDirectories(path) { parent in
      let mode = SharedClassFolder.folderMode(creatingIn: parent)
      return mode == 0o700 ? .masked(mode) : .exact(mode)
    }
  }

  /// Takes the exclusive lock (waiting up to the timeout), runs `body`, releases it.
  private func withFileLock(action: String, _ body: () throws -> Void) throws {
    let wait = try fs.waitForLock(lockFD, .exclusive, path: lockPath, timeout: options.lockTimeout)
    if case .timedOut(let holder) = wait {
      throw ProgressError(.locked(holder: holder, waited: options.lockTimeout), path: lockPath, action: action)
    }
    defer { _ = try? fs.flock(lockFD, .unlock) }
    try body()
  }

  // MARK: - Under the file lock

  /// Cuts a half-written last line off the journal and returns the journal's length.
  private func cutTornTail() throws -> Int64 {
    let size = try io(journalPath) { () throws(FileSystemError) in try fs.fstat(journalFD).size }
    guard size > 0 else { return 0 }
    let last = try io(journalPath) { () throws(FileSystemError) in
      try fs.pread(journalFD, count: 1, at: size - 1)
    }
    if last == [UInt8(ascii: "\n")] { return size }
    // Rare (only after a crash), so scanning back in chunks is fine.
    var end = size - 1
    var keep: Int64 = 0
    search: while end > 0 {
      let start = max(0, end - 4096)
      let chunk = try io(journalPath) { () throws(FileSystemError) in
        try fs.pread(journalFD, count: Int(end - start), at: start)
      }
      for i in stride(from: chunk.count - 1, through: 0, by: -1)
      where chunk[i] == UInt8(ascii: "\n") {
        keep = start + Int64(i) + 1
        break search
      }
      end = start
    }
    try io(journalPath) { () throws(FileSystemError) in try fs.ftruncate(journalFD, length: keep) }
    try io(journalPath) { () throws(FileSystemError) in try fs.fsync(journalFD) }
    warnings.append(.tornTail(path: journalPath, removedBytes: Int(size - keep)))
    return keep
  }

  /// Reads the snapshot and the journal into `folded`, repairing the journal if needed.
  private func loadLocked(action: String) throws {
    let snapshot = try loadSnapshot(action: action)
    // A piece at a time: a journal never compacted may hold a million answers. Only a journal with
    // a damaged line is read whole, to be set aside and rewritten.
    var state = snapshot
    var count = 0
    var unknownTypes: [String] = []
    var unknownCount = 0
    var damaged = false
    let tornBytes = try JournalSegments.forEachLine(in: journalFD, path: journalPath, fs, stop: { damaged }) {
      _, parsed in
      guard !damaged else { return }
      switch parsed {
      case .success(let record):
        state.apply(record)
        count += 1
      case .failure(let unknown as JournalRecord.UnknownType):
        unknownCount += 1
        if !unknownTypes.contains(unknown.type) { unknownTypes.append(unknown.type) }
      case .failure:
        damaged = true
      }
    }
    if damaged { return try repairLocked(from: snapshot) }
    if tornBytes > 0 {
      let size = try io(journalPath) { () throws(FileSystemError) in try fs.fstat(journalFD).size }
      try io(journalPath) { () throws(FileSystemError) in
        try fs.ftruncate(journalFD, length: size - Int64(tornBytes))
      }
      try io(journalPath) { () throws(FileSystemError) in try fs.fsync(journalFD) }
      warnings.append(.tornTail(path: journalPath, removedBytes: tornBytes))
    }
    adopt(state, records: count, unknownCount: unknownCount, unknownTypes: unknownTypes)
  }

  /// Folds the whole journal into `snapshot`, sets it aside as `journal.jsonl.corrupt-<time>` and
  /// rewrites it with its good lines only (in place, as other programs have it open).
  private func repairLocked(from snapshot: ProgressState) throws {
    var state = snapshot
    let bytes = try fs.readToEnd(journalFD, path: journalPath, limit: ProgressFileLimits.journalBytes)
    var good: [UInt8] = []
    var badLines: [Int] = []
    var firstProblem: Message?
    var count = 0
    var goodEnd = 0
    var unknownTypes: [String] = []
    var unknownCount = 0
    let end = JournalRecord.forEachLine(in: bytes) { lineNumber, range, parsed in
      switch parsed {
      case .success(let record):
        state.apply(record)
        count += 1
        if !badLines.isEmpty { good += bytes[range] } else { goodEnd = range.upperBound }
      case .failure(let unknown as JournalRecord.UnknownType):
        // A newer version's record: kept as it is (a repair keeps it too), but not applied.
        unknownCount += 1
        if !unknownTypes.contains(unknown.type) { unknownTypes.append(unknown.type) }
        if !badLines.isEmpty { good += bytes[range] } else { goodEnd = range.upperBound }
      case .failure(let error):
        if badLines.isEmpty { good = Array(bytes[0..<goodEnd]) }
        badLines.append(lineNumber)
        if firstProblem == nil { firstProblem = Self.describe(error, line: lineNumber, in: Array(bytes[range])) }
      }
    }
    let tornBytes = bytes.count - end
    if !badLines.isEmpty {
      let copyName = try uniqueCorruptCopyName()
      try writeAtomically(copyName, bytes, keepBackup: false, modeOf: journalPath)
      // In place, never by rename: other processes hold the journal open with O_APPEND.
      try io(journalPath) { () throws(FileSystemError) in try fs.ftruncate(journalFD, length: 0) }
      var offset = 0
      while offset < good.count {
        let n = try io(journalPath) { () throws(FileSystemError) in
          try fs.write(journalFD, Array(good[offset...]))
        }
        guard n > 0 else {
          throw FileSystemError(
            operation: "write", path: journalPath, code: FileSystemError.noSpaceCode,
            reason: .tr("nothing was written"))
        }
        offset += n
      }
      try io(journalPath) { () throws(FileSystemError) in try fs.fsync(journalFD) }
      warnings.append(
        .corruptRecords(
          path: journalPath, lines: badLines, firstProblem: firstProblem ?? .verbatim(""),
          copy: directory + "/" + copyName))
    } else if tornBytes > 0 {
      try io(journalPath) { () throws(FileSystemError) in
        try fs.ftruncate(journalFD, length: Int64(end))
      }
      try io(journalPath) { () throws(FileSystemError) in try fs.fsync(journalFD) }
    }
    if tornBytes > 0 { warnings.append(.tornTail(path: journalPath, removedBytes: tornBytes)) }
    adopt(state, records: count, unknownCount: unknownCount, unknownTypes: unknownTypes)
  }

  /// Makes `state` the store's fold of what is on disk.
  private func adopt(_ state: ProgressState, records count: Int, unknownCount: Int, unknownTypes: [String]) {
    if unknownCount > 0 && !warnedAboutUnknownRecords {
      warnedAboutUnknownRecords = true
      warnings.append(.unknownRecords(path: journalPath, count: unknownCount, types: unknownTypes))
    }
    // Our own records are in the journal, so the fresh fold includes them.
    folded = state
    recordsInJournal = count
    unknownRecordsInJournal = unknownCount
  }

  /// What is wrong with journal line `number`, and where in it: `line 2, column 9: …`.
  private static func describe(_ error: any Error, line number: Int, in line: [UInt8]) -> Message {
    let column: Int
    let problem: Message
    switch error {
    case let error as JSONParseError: (column, problem) = (error.column, error.text)
    case let error as JSONProblem:
      guard let offset = error.offset else {
        return .tr("line {line}: {problem}", ["line": number, "problem": error.text])
      }
      (column, problem) = (SourceLocation(offset: offset, in: line).column, error.text)
    default: return .tr("line {line}: {problem}", ["line": number, "problem": Message.verbatim("\(error)")])
    }
    return .tr("line {line}, column {column}: {problem}", ["line": number, "column": column, "problem": problem])
  }

  /// Parses (and if older, upgrades) the snapshot; refuses, without touching it, when it is damaged.
  private func loadSnapshot(action: String) throws -> ProgressState {
    let path = snapshotPath
    guard let snapshot = try SnapshotFile.read(path, fs, action: action) else { return ProgressState() }
    var state = snapshot.state
    let (version, bytes) = (snapshot.version, snapshot.bytes)
    if version < SnapshotCodec.currentVersion {
      // The backup is written and synced before the original is replaced.
      let backupName = "\(Self.snapshotName).v\(version).bak"
      try writeAtomically(backupName, bytes, keepBackup: false, modeOf: path)
      // Every session of a format-1 snapshot stays readable, as the history's base; the new
      // snapshot may sum old ones up. Written first: a crash before the snapshot repeats this.
      try writeAtomically(
        JournalSegments.baseName, Array(JSONWriter.pretty(SnapshotCodec.encode(state, version: 1)).utf8),
        keepBackup: false, modeOf: path)
      state.retireOldSessions()
      try writeAtomically(
        Self.snapshotName, Array(JSONWriter.pretty(SnapshotCodec.encode(state)).utf8),
        keepBackup: false)
      warnings.append(
        .snapshotMigrated(
          path: path, from: version, to: SnapshotCodec.currentVersion,
          backup: directory + "/" + backupName))
    }
    return state
  }

  /// Folds the journal into the snapshot, then keeps it as the next segment and starts an empty one.
  ///
  /// Each step is atomic and the order makes any crash between them harmless: the snapshot written
  /// but the journal not yet kept leaves its records in two places, and every reader skips a record
  /// whose writer's `seq` it has already applied. When no other program has the journal open, the
  /// journal's file itself becomes the segment (a rename: nothing is copied or read again);
  /// otherwise it is copied (temp file, `fsync`, `rename`) and emptied in place, as other programs
  /// keep appending through their open descriptors. Does nothing while the journal holds records of
  /// a newer version: the snapshot cannot hold them.
  private func compactLocked() throws {
    guard unknownRecordsInJournal == 0 else { return }
    var compacted = folded
    compacted.retireOldSessions()
    let bytes = Array(JSONWriter.pretty(SnapshotCodec.encode(compacted)).utf8)
    let size = try io(journalPath) { () throws(FileSystemError) in try fs.fstat(journalFD).size }
    // Named before anything is written: when no segment number is left, nothing changes.
    let segment = size > 0 ? try JournalSegments.nextName(in: directory, fs) : nil
    try writeAtomically(Self.snapshotName, bytes, keepBackup: true)
    folded = compacted
    if let segment {
      // Every program opens the journal under the lock we hold, so none can open it before the rename.
      if fs.isOpenOnlyThrough(journalFD) {
        try moveJournal(toSegment: segment)
      } else {
        let journal = try io(journalPath) { () throws(FileSystemError) in
          try fs.pread(journalFD, count: Int(size), at: 0)
        }
        try writeAtomically(segment, journal, keepBackup: false, modeOf: journalPath)
        // A crash here leaves records in both files; replay skips them by writer sequence number.
        try io(journalPath) { () throws(FileSystemError) in try fs.ftruncate(journalFD, length: 0) }
        try io(journalPath) { () throws(FileSystemError) in try fs.fsync(journalFD) }
      }
    }
    recordsInJournal = 0
  }

  /// Renames the journal to `segment` and an empty file, made beforehand, to the journal.
  ///
  /// A crash between the renames leaves no journal (the next start makes one) and a temp file
  /// (removed at the next start). If the second rename fails, the first is undone; if that fails
  /// too, the store closes rather than append to the segment.
  private func moveJournal(toSegment segment: String) throws {
    let permissions = try io(journalPath) { () throws(FileSystemError) in try fs.fstat(journalFD).permissions }
    let temp = AtomicFileWriter.temporaryPath(for: journalPath, processID: fs.processID())
    let fresh = try fs.open(temp, [.readWrite, .append, .create, .exclusive], mode: permissions)
    let segmentPath = directory + "/" + segment
    var moved = false
    do {
      try io(temp) { () throws(FileSystemError) in try fs.fchmod(fresh, mode: permissions) }
      try fs.rename(journalPath, to: segmentPath)
      moved = true
      try fs.rename(temp, to: journalPath)
    } catch {
      fs.close(fresh)
      try? fs.unlink(temp)
      if moved {
        do {
          try fs.rename(segmentPath, to: journalPath)
        } catch {
          fs.close(journalFD)
          journalFD = -1
        }
      }
      throw error
    }
    fs.close(journalFD)
    journalFD = fresh
    // Until the folder is synced, the new journal's name may not survive a power cut: no answer
    // counts as saved before it is (`record` syncs first when this failed).
    journalNameUnsynced = true
    try syncDirectory()
    journalNameUnsynced = false
  }

  /// Replaces `name` with `bytes` through `AtomicFileWriter`, keeping the old file's permissions
  /// (or those of `modeSource`). With `keepBackup`, the replaced file stays reachable as `<name>.bak`.
  private func writeAtomically(
    _ name: String, _ bytes: [UInt8], keepBackup: Bool, modeOf modeSource: String? = nil
  )
    throws
  {
    let path = directory + "/" + name
    let existing = try fs.stat(path)
    let mode: UInt32
    if let modeSource, let source = try fs.stat(modeSource) {
      mode = source.permissions
    } else {
      mode = existing?.permissions ?? fileMode
    }
    let fs = self.fs
    try AtomicFileWriter(fileSystem: fs).replace(path, with: bytes, mode: mode) { () throws(FileSystemError) in
      guard keepBackup, existing != nil else { return }
      // A hard link renamed into place: `<name>.bak` is never missing or half-written.
      let backupTemp = AtomicFileWriter.temporaryPath(for: path + ".bak", processID: fs.processID())
      try fs.link(path, to: backupTemp)
      do throws(FileSystemError) {
        try fs.rename(backupTemp, to: path + ".bak")
      } catch {
        try? fs.unlink(backupTemp)
        throw error
      }
    }
  }

  private func syncDirectory() throws {
    let folder = try fs.openFile(directory, [.readOnly, .directory], mode: 0)
    try io(directory) { () throws(FileSystemError) in try fs.fsync(folder.fd) }
  }

  /// Temp files are only made under the lock, so any found while holding it are from a dead writer.
  private func removeStrayTemporaryFiles() throws {
    for name in try fs.readdir(directory) where name.contains(".tmp-") {
      try? fs.unlink(directory + "/" + name)
    }
  }

  /// `<name>.corrupt-<time>`, with `-2`, `-3`… when that is taken.
  private func uniqueCorruptCopyName(for name: String = ProgressStore.journalName) throws -> String {
    let base = "\(name).corrupt-\(UTCTime.compact(options.now()))"
    var name = base
    var n = 1
    while try fs.stat(directory + "/" + name) != nil {
      n += 1
      name = "\(base)-\(n)"
    }
    return name
  }
}
