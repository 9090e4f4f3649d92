import Foundation
import PracticeJSON
import ProgressStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A user's progress read without changing a byte of their folder.
///
/// `ProgressStore.init` creates missing files, writes its pid into `lock`,
/// cuts torn journal tails, rewrites damaged journals and upgrades old
/// snapshots, which a teacher's report must not do to a learner's files. This
/// reads `snapshot.json` and `journal.jsonl` under a shared lock and folds them
/// the way the store does, skipping what the store would repair.
///
/// ```swift
/// let progress = try ReadOnlyProgress.load(directory: dataDir + "/ann/physics-grade8")
/// let report = LearnerReport.build(course: course, state: progress.state, user: "ann", now: Date())
/// ```
public struct ReadOnlyProgress: Sendable {
  public var state: ProgressState
  /// Journal lines that did not parse (the store would set them aside), 1-based.
  public var damagedLines: [Int]
  /// Bytes of a half-written last journal line that were ignored.
  public var tornTailBytes: Int

  public init(state: ProgressState, damagedLines: [Int] = [], tornTailBytes: Int = 0) {
    self.state = state
    self.damagedLines = damagedLines
    self.tornTailBytes = tornTailBytes
  }

  /// Reads the folder, waiting up to `lockTimeout` seconds for a writer to finish.
  public static func load(directory: String, lockTimeout: Double = 2) throws(ProgressReadError)
    -> ReadOnlyProgress
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .unreadable(path: directory, reason: "no such folder")
    }
    let lockPath = directory + "/" + ProgressStore.lockName
    let lockFD = open(lockPath, O_RDONLY | O_CLOEXEC)
    if lockFD < 0 && errno != ENOENT {
      throw .unreadable(path: lockPath, reason: String(cString: strerror(errno)))
    }
    defer { if lockFD >= 0 { close(lockFD) } }
    if lockFD >= 0 {
      // A shared lock is enough: writers take it exclusively for each append or compaction.
      let deadline = Date().addingTimeInterval(lockTimeout)
      while flock(lockFD, LOCK_SH | LOCK_NB) != 0 {
        guard errno == EWOULDBLOCK || errno == EINTR else {
          throw .unreadable(path: lockPath, reason: String(cString: strerror(errno)))
        }
        if Date() >= deadline {
          var buffer = [UInt8](repeating: 0, count: 32)
          let n = pread(lockFD, &buffer, 32, 0)
          let text = n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
          throw .locked(
            lockFile: lockPath, holder: Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            waited: lockTimeout)
        }
        usleep(5_000)
      }
    }
    defer { if lockFD >= 0 { _ = flock(lockFD, LOCK_UN) } }
    let snapshotPath = directory + "/" + ProgressStore.snapshotName
    var state = ProgressState()
    if let bytes = try readFile(snapshotPath) {
      state = try decodeSnapshot(bytes, path: snapshotPath)
    }
    var result = ReadOnlyProgress(state: state)
    if let bytes = try readFile(directory + "/" + ProgressStore.journalName) {
      result.foldJournal(bytes)
    }
    return result
  }

  /// The whole file, or `nil` when it does not exist.
  static func readFile(_ path: String) throws(ProgressReadError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .unreadable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let n = read(fd, &chunk, chunk.count)
      if n < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if n == 0 { break }
      bytes += chunk[0..<n]
    }
    return bytes
  }

  mutating func foldJournal(_ bytes: [UInt8]) {
    var lineStart = 0
    var lineNumber = 0
    while let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
      lineNumber += 1
      let line = Array(bytes[lineStart..<newline])
      lineStart = newline + 1
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      guard let json = try? JSONParser.parse(line), let (writer, sequence, event) = Self.record(json) else {
        damagedLines.append(lineNumber)
        continue
      }
      // Replay skips what a writer already folded into the snapshot, as the store does.
      if let seen = state.appliedSequence[writer], sequence <= seen { continue }
      state.appliedSequence[writer] = sequence
      state.apply(event)
    }
    tornTailBytes = bytes.count - lineStart
  }

  /// One journal line's writer, sequence number and event, or `nil` when it is not a valid record.
  static func record(_ json: JSONValue) -> (String, Int, ProgressEvent)? {
    guard let writer = json["writer"]?.string, let sequence = json["seq"]?.int,
      let type = json["type"]?.string, let time = time(json["time"])
    else { return nil }
    switch type {
    case "open":
      guard let node = json["node"]?.string else { return nil }
      return (writer, sequence, .nodeOpened(node: node, at: time))
    case "start":
      guard let session = json["session"]?.string, let node = json["node"]?.string,
        let list = json["questions"]?.array
      else { return nil }
      let questions = list.compactMap(\.string)
      guard questions.count == list.count else { return nil }
      return (writer, sequence, .sessionStarted(session: session, node: node, questions: questions, at: time))
    case "answer":
      guard let session = json["session"]?.string, let question = json["question"]?.string,
        let node = json["node"]?.string, let given = json["given"]?.string, let correct = json["correct"]?.bool
      else { return nil }
      return (
        writer, sequence,
        .answered(session: session, question: question, node: node, given: given, correct: correct, at: time)
      )
    case "end":
      guard let session = json["session"]?.string, let score = json["score"]?.double,
        let early = json["early"]?.bool
      else { return nil }
      return (writer, sequence, .sessionEnded(session: session, at: time, score: score, endedEarly: early))
    default:
      return nil
    }
  }

  static func time(_ value: JSONValue?) -> Date? {
    guard let value, case .number(let n) = value.kind, let ms = n.integer else { return nil }
    return Date(timeIntervalSince1970: Double(ms) / 1000)
  }

  /// Reads snapshot versions 0 and 1, the ones `ProgressStore` knows.
  static func decodeSnapshot(_ bytes: [UInt8], path: String) throws(ProgressReadError) -> ProgressState {
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw .corruptSnapshot(path: path, line: error.line, column: error.column, message: error.message)
    }
    func damaged(_ value: JSONValue, _ message: String) -> ProgressReadError {
      let at = SourceLocation(offset: value.offset, in: bytes)
      return .corruptSnapshot(path: path, line: at.line, column: at.column, message: message)
    }
    guard json.members != nil else { throw damaged(json, "expected an object, found \(json.typeDescription)") }
    guard let version = json["version"]?.int, version >= 0 else {
      throw damaged(json["version"] ?? json, "\"version\" must be a whole number")
    }
    guard version <= 1 else { throw .unsupportedSnapshotVersion(path: path, version: version) }
    func list(_ object: JSONValue, _ key: String) throws(ProgressReadError) -> [JSONValue] {
      // Version 0 had no writers list.
      if key == "writers" && version == 0 && object["writers"] == nil { return [] }
      guard let array = object[key]?.array else { throw damaged(object[key] ?? object, "\"\(key)\" must be an array") }
      return array
    }
    func text(_ object: JSONValue, _ key: String) throws(ProgressReadError) -> String {
      guard let s = object[key]?.string else { throw damaged(object[key] ?? object, "\"\(key)\" must be a string") }
      return s
    }
    func int(_ object: JSONValue, _ key: String) throws(ProgressReadError) -> Int {
      guard let i = object[key]?.int else { throw damaged(object[key] ?? object, "\"\(key)\" must be a whole number") }
      return i
    }
    func bool(_ object: JSONValue, _ key: String) throws(ProgressReadError) -> Bool {
      guard let b = object[key]?.bool else { throw damaged(object[key] ?? object, "\"\(key)\" must be true or false") }
      return b
    }
    func date(_ object: JSONValue, _ key: String) throws(ProgressReadError) -> Date {
      guard let d = time(object[key]) else {
        throw damaged(object[key] ?? object, "\"\(key)\" must be whole milliseconds since 1970")
      }
      return d
    }
    func optionalDate(_ object: JSONValue, _ key: String) throws(ProgressReadError) -> Date? {
      guard let value = object[key], !value.isNull else { return nil }
      return try date(object, key)
    }
    var state = ProgressState()
    for item in try list(json, "writers") {
      state.appliedSequence[try text(item, "id")] = try int(item, "seq")
    }
    for item in try list(json, "nodes") {
      state.nodes[try text(item, "key")] = NodeProgress(
        hadRead: try bool(item, "hadRead"), browseCount: try int(item, "browseCount"),
        firstStudied: try optionalDate(item, "firstStudied"), lastStudied: try optionalDate(item, "lastStudied"))
    }
    for item in try list(json, "questions") {
      var recent: [Bool] = []
      for value in try list(item, "recent") {
        guard let b = value.bool else { throw damaged(value, "\"recent\" must hold true or false") }
        recent.append(b)
      }
      state.questions[try text(item, "id")] = QuestionProgress(
        attempts: try int(item, "attempts"), correct: try int(item, "correct"), lastCorrect: item["lastCorrect"]?.bool,
        lastAnsweredAt: try optionalDate(item, "lastAnsweredAt"), recentResults: recent)
    }
    for item in try list(json, "sessions") {
      var answers: [SessionAnswer] = []
      for answer in try list(item, "answers") {
        answers.append(
          SessionAnswer(
            questionID: try text(answer, "question"), given: try text(answer, "given"),
            correct: try bool(answer, "correct"), time: try date(answer, "time")))
      }
      let id = try text(item, "id")
      state.sessions[id] = SessionRecord(
        id: id, node: try text(item, "node"), start: try date(item, "start"), end: try optionalDate(item, "end"),
        questionIDs: try list(item, "questions").compactMap(\.string), answers: answers,
        score: item["score"]?.double, endedEarly: try bool(item, "endedEarly"))
    }
    return state
  }
}
