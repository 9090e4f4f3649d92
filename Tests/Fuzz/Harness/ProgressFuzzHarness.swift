import Foundation
import ProgressStorage

#if canImport(Glibc)
  import Glibc
#endif

/// The progress loader: the input is split at the first 0xFF 0xFE pair (or taken whole as the journal):
/// the part before is snapshot.json, the part after journal.jsonl, in a fresh folder per input. The
/// repaired store must take a new record and keep it across a reopening.
package enum ProgressFuzzHarness {
  nonisolated(unsafe) static var base: String = {
    var template = Array("/tmp/practice-fuzz-progress.XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }()
  nonisolated(unsafe) static var counter = 0

  static func put(_ path: String, _ bytes: ArraySlice<UInt8>) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
  }

  package static func run(_ bytes: [UInt8]) {
    counter += 1
    let dir = "\(base)/\(counter)"
    mkdir(dir, 0o700)
    defer { _ = try? FileManager.default.removeItem(atPath: dir) }
    var split: Int?
    if bytes.count >= 2 {
      for i in 0..<(bytes.count - 1) where bytes[i] == 0xFF && bytes[i + 1] == 0xFE {
        split = i
        break
      }
    }
    if let split {
      put(dir + "/snapshot.json", bytes[..<split])
      put(dir + "/journal.jsonl", bytes[(split + 2)...])
    } else {
      put(dir + "/journal.jsonl", bytes[...])
    }
    var options = ProgressStoreOptions()
    options.compactionThreshold = 3
    options.lockTimeout = 1
    if let store = try? ProgressStore(directory: dir, options: options) {
      _ = store.takeWarnings()
      _ = store.state.sessionsByStart
      try? store.record(.answered(session: "s", question: "q", node: "n", given: "A", correct: true, at: Date()))
      try? store.reload()
      try? store.compact()
      _ = try? store.loadViewState()
      store.close()
      if let again = try? ProgressStore(directory: dir, options: options) {
        precondition(again.state.questions["q"] != nil, "a recorded answer was lost on reopening")
        again.close()
      }
    }
  }
}
