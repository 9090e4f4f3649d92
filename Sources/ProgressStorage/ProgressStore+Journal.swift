import Localization
import PracticeFiles
import PracticeJSON

/// The journal under the file lock: its torn tail cut before an append, read into the state, and
/// repaired when a line is damaged.
extension ProgressStore {
  /// Cuts a half-written last line off the journal and returns the journal's length.
  func cutTornTail() throws -> Int64 {
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
  func loadLocked(action: String) throws {
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
    let bytes = try fs.readToEnd(journalFD, path: journalPath, limit: ProgressFileLimits.journalBytes)
    let repair = JournalRepair.scan(bytes, from: snapshot)
    let good = repair.good
    let tornBytes = bytes.count - repair.end
    if !repair.badLines.isEmpty {
      let copyName = try files.uniqueCorruptCopyName(for: Self.journalName, at: options.now())
      try files.writeAtomically(copyName, bytes, keepBackup: false, modeOf: journalPath)
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
          path: journalPath, lines: repair.badLines, firstProblem: repair.firstProblem ?? .verbatim(""),
          copy: directory + "/" + copyName))
    } else if tornBytes > 0 {
      try io(journalPath) { () throws(FileSystemError) in
        try fs.ftruncate(journalFD, length: Int64(repair.end))
      }
      try io(journalPath) { () throws(FileSystemError) in try fs.fsync(journalFD) }
    }
    if tornBytes > 0 { warnings.append(.tornTail(path: journalPath, removedBytes: tornBytes)) }
    adopt(repair.state, records: repair.count, unknownCount: repair.unknownCount, unknownTypes: repair.unknownTypes)
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
}
