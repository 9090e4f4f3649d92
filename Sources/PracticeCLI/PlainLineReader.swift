#if canImport(Glibc)
  import Glibc
#endif

/// Reads lines from a file descriptor without any terminal handling: no prompt, no escape codes.
///
/// Used whenever stdin is not a terminal. Lines longer than `maximumLineBytes`
/// are skipped whole and reported, so a runaway input cannot exhaust memory;
/// lines that are not valid UTF-8 are reported rather than silently altered.
package final class PlainLineReader: LineReader {
  package static let defaultMaximumLineBytes = 1 << 20

  private let descriptor: Int32
  private let maximumLineBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false

  package init(descriptor: Int32 = 0, maximumLineBytes: Int = PlainLineReader.defaultMaximumLineBytes) {
    self.descriptor = descriptor
    self.maximumLineBytes = maximumLineBytes
  }

  package func readLine(prompt: String) -> LineInput {
    var tooLong = false
    // Where the search for a newline resumes: bytes already searched are not searched again.
    var searched = start
    while true {
      if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
        let lineBytes = buffer[start..<newline]
        start = newline + 1
        compact()
        // The last read can bring both the bytes that go over the limit and the newline.
        if tooLong || lineBytes.count > maximumLineBytes { return .rejected(.tooLong(maximumBytes: maximumLineBytes)) }
        return decode(lineBytes)
      }
      if buffer.count - start > maximumLineBytes {
        // Drop what we have of the overlong line and keep reading to its end.
        tooLong = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
      }
      searched = buffer.count
      if atEnd {
        // An overlong last line without a newline is dropped as it is read: it is still reported.
        if tooLong {
          buffer.removeAll()
          start = 0
          return .rejected(.tooLong(maximumBytes: maximumLineBytes))
        }
        guard start < buffer.count else { return .end }
        let lineBytes = buffer[start...]
        buffer.removeAll()
        start = 0
        return decode(lineBytes)
      }
      fill()
    }
  }

  private func decode(_ bytes: ArraySlice<UInt8>) -> LineInput {
    var bytes = bytes
    if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return .rejected(.notUTF8)
    }
    return .line(text)
  }

  private func compact() {
    if start > 65536 && start * 2 > buffer.count {
      buffer.removeSubrange(0..<start)
      start = 0
    }
  }

  private func fill() {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 65536) }
      if n > 0 {
        buffer.append(contentsOf: chunk[0..<n])
        return
      }
      if n < 0 && errno == EINTR { continue }
      atEnd = true
      return
    }
  }
}
