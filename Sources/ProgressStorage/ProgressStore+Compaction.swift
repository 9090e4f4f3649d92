import PracticeFiles
import PracticeJSON

/// The snapshot: read (and upgraded) at open, and written when the journal is folded into it and
/// kept as the next segment.
extension ProgressStore {
  /// Parses (and if older, upgrades) the snapshot; refuses, without touching it, when it is damaged.
  func loadSnapshot(action: String) throws -> ProgressState {
    let path = snapshotPath
    guard let snapshot = try SnapshotFile.read(path, fs, action: action) else { return ProgressState() }
    var state = snapshot.state
    let (version, bytes) = (snapshot.version, snapshot.bytes)
    if version < SnapshotCodec.currentVersion {
      // The backup is written and synced before the original is replaced.
      let backupName = "\(Self.snapshotName).v\(version).bak"
      try files.writeAtomically(backupName, bytes, keepBackup: false, modeOf: path)
      // Every session of a format-1 snapshot stays readable, as the history's base; the new
      // snapshot may sum old ones up. Written first: a crash before the snapshot repeats this.
      try files.writeAtomically(
        JournalSegments.baseName, Array(JSONWriter.pretty(SnapshotCodec.encode(state, version: 1)).utf8),
        keepBackup: false, modeOf: path)
      state.retireOldSessions()
      try files.writeAtomically(
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
  func compactLocked() throws {
    guard unknownRecordsInJournal == 0 else { return }
    var compacted = folded
    compacted.retireOldSessions()
    let bytes = Array(JSONWriter.pretty(SnapshotCodec.encode(compacted)).utf8)
    let size = try io(journalPath) { () throws(FileSystemError) in try fs.fstat(journalFD).size }
    // Named before anything is written: when no segment number is left, nothing changes.
    let segment = size > 0 ? try JournalSegments.nextName(in: directory, fs) : nil
    try files.writeAtomically(Self.snapshotName, bytes, keepBackup: true)
    folded = compacted
    if let segment {
      // Every program opens the journal under the lock we hold, so none can open it before the rename.
      if fs.isOpenOnlyThrough(journalFD) {
        try moveJournal(toSegment: segment)
      } else {
        let journal = try io(journalPath) { () throws(FileSystemError) in
          try fs.pread(journalFD, count: Int(size), at: 0)
        }
        try files.writeAtomically(segment, journal, keepBackup: false, modeOf: journalPath)
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
    let fresh = try fs.openFile(temp, [.readWrite, .append, .create, .exclusive], mode: permissions)
    let freshFD = fresh.fd
    let segmentPath = directory + "/" + segment
    var moved = false
    do {
      try io(temp) { () throws(FileSystemError) in try fs.fchmod(freshFD, mode: permissions) }
      try fs.rename(journalPath, to: segmentPath)
      moved = true
      try fs.rename(temp, to: journalPath)
    } catch {
      // Closed before its name is removed.
      _ = consume fresh
      try? fs.unlink(temp)
      if moved {
        do {
          try fs.rename(segmentPath, to: journalPath)
        } catch {
          journalFile = nil
        }
      }
      throw error
    }
    // The old journal (now the segment) is closed as the new one takes its place.
    journalFile = consume fresh
    // Until the folder is synced, the new journal's name may not survive a power cut: no answer
    // counts as saved before it is (`record` syncs first when this failed).
    journalNameUnsynced = true
    try files.syncDirectory()
    journalNameUnsynced = false
  }
}
