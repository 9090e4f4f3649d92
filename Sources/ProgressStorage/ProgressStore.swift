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
  /// The folder's files: the modes new ones get (group-readable in a class folder), atomic writes.
  private(set) var files: StoreFiles

  // Every field below is guarded by `mutex` (ProgressStore+Journal and +Compaction run under it
  // too); that is what makes the class Sendable.
  private let mutex = Mutex<Void>(())
  /// `lock`, held open for `flock`; nil once closed.
  private var lockFile: OpenFile?
  /// The journal, held open for appends; nil once closed (or lost in a failed compaction).
  var journalFile: OpenFile?
  private var nextSequence = 1
  var folded = ProgressState()
  var warnings: [ProgressWarning] = []
  var recordsInJournal = 0
  /// Records of a type from a newer version in the journal: while there are any, it is not compacted.
  var unknownRecordsInJournal = 0
  /// The unknown records are reported once per store, not at every reload.
  var warnedAboutUnknownRecords = false
  /// The journal was just replaced by a new file and the folder's `fsync` failed: redone before the next append.
  var journalNameUnsynced = false

  /// The journal's descriptor, for a call through the file system (-1 once closed, which every
  /// call refuses); it is owned, and closed, by `journalFile`.
  var journalFD: Int32 { journalFile?.fd ?? -1 }

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
    self.files = StoreFiles(directory: self.directory, fs: fileSystem, privateMode: options.fileMode)
    try run(ProgressError.opening) {
      try files.prepareFolder()
      // The lock is the learner's alone, in a class folder too: anyone who could open it could hold
      // it and stall them (readers there read without it; see `ReadOnlyProgress`).
      let lock = try fs.openFile(lockPath, [.readWrite, .create], mode: options.fileMode)
      if files.isShared { _ = try? fs.fchmod(lock.fd, mode: options.fileMode) }
      lockFile = consume lock
      try withFileLock(action: ProgressError.opening) {
        let existed = try fs.stat(journalPath) != nil
        let journal = try fs.openFile(journalPath, [.readWrite, .append, .create], mode: files.fileMode)
        files.shareInClassFolder(journal)
        journalFile = consume journal
        // A new journal's name must be durable before the first answer counts as saved.
        if !existed { try files.syncDirectory() }
        try files.removeStrayTemporaryFiles()
        try loadLocked(action: ProgressError.opening)
        if recordsInJournal >= options.compactionThreshold && unknownRecordsInJournal == 0 {
          do {
            try compactLocked()
          } catch {
            // Closed only when the journal was moved and could not be put back: nothing can be saved.
            if journalFile == nil { throw error }
            warnings.append(.compactionFailed(Self.progressError(error, action: ProgressError.compacting)))
          }
        }
      }
      nextSequence = (folded.appliedSequence[writerID] ?? 0) + 1
    }
  }

  deinit {
    // The journal first, then the lock, as `close()` does.
    journalFile = nil
    lockFile = nil
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
          try files.syncDirectory()
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
          let copy = try files.uniqueCorruptCopyName(for: Self.viewStateName, at: options.now())
          try fs.rename(viewStatePath, to: directory + "/" + copy)
          try files.syncDirectory()
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
        try files.writeAtomically(Self.viewStateName, bytes, keepBackup: false)
      }
    }
  }

  /// Closes the files; the store cannot be used afterwards.
  package func close() {
    mutex.withLock { _ in
      journalFile = nil
      lockFile = nil
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
    guard journalFile != nil else { throw ProgressError(.closed, path: directory, action: action) }
  }

  /// Fills in the path of errors from calls on a descriptor.
  func io<T>(_ path: String, _ body: () throws(FileSystemError) -> T) throws(FileSystemError) -> T {
    try FileSystemError.attributing(to: path, body)
  }

  /// Takes the exclusive lock (waiting up to the timeout), runs `body`, releases it.
  private func withFileLock(action: String, _ body: () throws -> Void) throws {
    let lockFD = lockFile?.fd ?? -1
    let wait = try fs.waitForLock(lockFD, .exclusive, path: lockPath, timeout: options.lockTimeout)
    if case .timedOut(let holder) = wait {
      throw ProgressError(.locked(holder: holder, waited: options.lockTimeout), path: lockPath, action: action)
    }
    defer { _ = try? fs.flock(lockFD, .unlock) }
    try body()
  }
}
