import Foundation
import Localization
import PracticeFiles

/// The journal's kept segments: what `journal.jsonl` held at each compaction, never deleted.
///
/// A compaction copies the journal to the next `journal-NNNNNN.jsonl` (six digits, more once
/// past 999,999) before folding it into `snapshot.json` and emptying it, so every record ever
/// acknowledged stays on disk. Whoever needs every attempt (reports, `export --events`) reads
/// `history-base.json` (when an upgrade left one), then the segments in number order, then the
/// journal, skipping a record whose `seq` is at or below the highest already read for its writer.
///
/// ```swift
/// for name in try JournalSegments.names(in: dir, fs) {
///   try JournalSegments.forEachLine(inFile: dir + "/" + name, fs) { number, record in print(number, record) }
/// }
/// ```
enum JournalSegments {
  /// The history folded before segments were kept: a format-1 snapshot, kept when it was upgraded.
  static let baseName = "history-base.json"

  /// `journal-000042.jsonl`.
  static func name(_ number: Int) -> String {
    let digits = String(number)
    return "journal-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".jsonl"
  }

  /// The highest segment number: a compaction a second for 30,000 years stays below it, and one
  /// more is still an `Int`. A file with a larger number (`journal-9223372036854775807.jsonl`, put
  /// there by hand) is no segment: counting on from it would overflow.
  static let highestNumber = 999_999_999_999

  /// The number of a segment's file name; nil for any other name (temp files included) and for a
  /// number no compaction writes (0, or above `highestNumber`).
  static func number(of name: String) -> Int? {
    guard name.hasPrefix("journal-"), name.hasSuffix(".jsonl") else { return nil }
    let digits = name.dropFirst("journal-".count).dropLast(".jsonl".count)
    guard (6...12).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), (1...highestNumber).contains(number)
    else { return nil }
    return number
  }

  /// The segments in `directory`, in number order.
  static func names(in directory: String, _ fs: any FileSystem) throws(FileSystemError) -> [String] {
    try fs.readdir(directory).compactMap { name in number(of: name).map { ($0, name) } }.sorted { $0.0 < $1.0 }.map(
      \.1)
  }

  /// The name the next compaction writes: one past the highest there is (still at most
  /// `highestNumber`; past it the compaction is refused, and the journal simply keeps growing).
  static func nextName(in directory: String, _ fs: any FileSystem) throws(FileSystemError) -> String {
    let highest = try names(in: directory, fs).last.flatMap(number(of:)) ?? 0
    guard highest < highestNumber else {
      throw FileSystemError(
        operation: "rename", path: directory + "/" + name(highest), code: FileSystemError.fileExistsCode,
        reason: .tr("it is the last journal segment number there can be; move the segments elsewhere"))
    }
    return name(highest + 1)
  }

  /// Reads a journal-format file a piece at a time (so a large segment is never in memory whole),
  /// handing each complete line's record to `body`; returns the bytes of a torn last line, ignored.
  static func forEachLine(
    inFile path: String, _ fs: any FileSystem, chunkSize: Int = 4 << 20,
    _ body: (_ number: Int, _ record: Result<JournalRecord, any Error>) -> Void
  ) throws(FileSystemError) -> Int {
    let file = try fs.openFile(path, .readOnly, mode: 0)
    return try forEachLine(in: file.fd, path: path, fs, chunkSize: chunkSize, body)
  }

  /// The same over a descriptor already open (the journal, under the lock), from the file's start;
  /// stops reading further pieces once `stop` says so.
  static func forEachLine(
    in fd: Int32, path: String, _ fs: any FileSystem, chunkSize: Int = 4 << 20, stop: () -> Bool = { false },
    _ body: (_ number: Int, _ record: Result<JournalRecord, any Error>) -> Void
  ) throws(FileSystemError) -> Int {
    let status = try FileSystemError.attributing(to: path) { () throws(FileSystemError) in try fs.fstat(fd) }
    let size = status.size
    // Read a piece at a time, but never a file over the cap, however sparse: its holes read as
    // zeros, one line that never ends.
    let limit = ProgressFileLimits.journalBytes
    guard status.isWithin(limit) else { throw FileSystemError.tooLarge(path, size: status.measuredSize, limit: limit) }
    var offset: Int64 = 0
    var carry: [UInt8] = []
    var linesBefore = 0
    while offset < size, !stop() {
      let count = Int(min(Int64(chunkSize), size - offset))
      let chunk = try FileSystemError.attributing(to: path) { () throws(FileSystemError) in
        try fs.pread(fd, count: count, at: offset)
      }
      if chunk.isEmpty { break }
      offset += Int64(chunk.count)
      carry += chunk
      let end = JournalRecord.forEachLine(in: carry) { number, _, record in body(linesBefore + number, record) }
      // Blank lines are not handed over but still count: number lines as the file has them.
      linesBefore += carry[..<end].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
      carry.removeFirst(end)
    }
    return carry.count
  }
}
