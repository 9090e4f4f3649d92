import PracticeFiles

/// A snapshot file (`snapshot.json`, or `history-base.json`) read from disk: the one place where
/// a snapshot that cannot be read becomes a `ProgressError`, for the store and the read-only readers alike.
///
/// ```swift
/// if let snapshot = try SnapshotFile.read(dir + "/snapshot.json", fs, action: "open progress") {
///   print(snapshot.version, snapshot.state.sessions.count)
/// }
/// ```
struct SnapshotFile {
  /// The state, upgraded in memory to the current version.
  var state: ProgressState
  /// The version the file declares (older ones are upgraded in `state` only).
  var version: Int
  /// The file as it is on disk.
  var bytes: [UInt8]

  /// The snapshot at `path`, or nil when there is none; a damaged one (its message naming the
  /// backup `<path>.bak` only when there is one) or a newer one is an error, and stays untouched.
  static func read(_ path: String, _ fs: any FileSystem, action: String) throws(ProgressError) -> SnapshotFile? {
    let bytes: [UInt8]
    do {
      guard let read = try fs.readWholeFileIfPresent(path, limit: ProgressFileLimits.snapshotBytes) else { return nil }
      bytes = read
    } catch {
      throw .fileSystem(error, action: action)
    }
    do {
      let (state, version) = try SnapshotCodec.read(bytes)
      return SnapshotFile(state: state, version: version, bytes: bytes)
    } catch {
      switch error {
      case .damaged(let line, let column, let message):
        let backup = path + ".bak"
        let hasBackup = (try? fs.stat(backup)).flatMap { $0 } != nil
        throw ProgressError(
          .damagedSnapshot(line: line, column: column, problem: message, backup: hasBackup ? backup : nil), path: path,
          action: action)
      case .newerVersion(let version):
        throw ProgressError(
          .newerSnapshot(version: version, newestSupported: SnapshotCodec.currentVersion), path: path, action: action)
      }
    }
  }
}
