import Foundation
import PracticeFiles
import PracticeTestSupport
import XCTest

@testable import ProgressStorage

/// A fresh store folder per test (not yet created, as on first use), removed afterwards.
class StoreTestCase: XCTestCase {
  var folder: TemporaryFolder!
  var dir = ""

  override func setUpWithError() throws {
    folder = TemporaryFolder(prefix: "progress")
    dir = folder.path("store")
  }

  override func tearDownWithError() throws {
    folder = nil
  }

  func options(threshold: Int = 1_000_000, timeout: Double = 5, writer: String? = nil)
    -> ProgressStoreOptions
  {
    var options = ProgressStoreOptions()
    options.compactionThreshold = threshold
    options.lockTimeout = timeout
    options.writerID = writer
    options.now = { Date(timeIntervalSince1970: 1_717_752_615) }  // 2024-06-07 09:30:15 UTC
    return options
  }

  func open(
    _ fs: any FileSystem = JournalTap.fileSystem(), threshold: Int = 1_000_000, timeout: Double = 5,
    writer: String? = nil
  ) throws -> ProgressStore {
    try ProgressStore(
      directory: dir, options: options(threshold: threshold, timeout: timeout, writer: writer),
      fileSystem: fs)
  }

  var journalPath: String { dir + "/journal.jsonl" }
  var snapshotPath: String { dir + "/snapshot.json" }

  /// The names in `dir`, sorted.
  func files() -> [String] { files(in: dir) }

  /// Freshly loaded state, through a new store with its own descriptors.
  func reloaded() throws -> ProgressState {
    let store = try open()
    defer { store.close() }
    return store.state
  }
}

func at(_ seconds: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000 + Double(seconds)) }

func answer(_ n: Int, session: String = "s1", correct: Bool = true) -> ProgressEvent {
  .answered(
    session: session, question: "q\(n)", node: "n1", given: "answer \(n)", correct: correct,
    at: at(n))
}

/// A counter several threads can bump.
final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
