import Glibc
import PracticeCLI
import XCTest

/// The reader for pipes and files: every line as it was written, and the ones it cannot use named.
final class PlainLineReaderTests: XCTestCase {
  /// Writes `bytes` into a pipe, closes it, and reads every input the reader makes of them.
  func inputs(_ bytes: [UInt8], maximumLineBytes: Int = 16) throws -> [LineInput] {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    // A pipe holds 64 KiB: the tests stay below it, so the whole input is written before reading.
    XCTAssertLessThan(bytes.count, 65536)
    XCTAssertEqual(bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }, bytes.count)
    close(ends[1])
    defer { close(ends[0]) }
    let reader = PlainLineReader(descriptor: ends[0], maximumLineBytes: maximumLineBytes)
    var result: [LineInput] = []
    while true {
      let input = reader.readLine(prompt: "ignored> ")
      if input == .end { return result }
      result.append(input)
    }
  }

  func testLinesCarriageReturnsAndALastLineWithoutNewline() throws {
    XCTAssertEqual(
      try inputs(Array("start 1.1\r\n\n凝固\nquit".utf8)),
      [.line("start 1.1"), .line(""), .line("凝固"), .line("quit")])
  }

  func testALineOfExactlyTheLimitIsKept() throws {
    let line = String(repeating: "a", count: 16)
    XCTAssertEqual(try inputs(Array((line + "\nb\n").utf8)), [.line(line), .line("b")])
  }

  /// One byte over is refused even when that byte and the newline arrive in the same read.
  func testALineOneByteOverTheLimitIsRefusedAndReadingGoesOn() throws {
    let line = String(repeating: "a", count: 17)
    XCTAssertEqual(
      try inputs(Array((line + "\nnext\n" + line).utf8)),
      [.rejected(.tooLong(maximumBytes: 16)), .line("next"), .rejected(.tooLong(maximumBytes: 16))])
  }

  func testALineLongerThanManyReadsIsSkippedWhole() throws {
    let line = String(repeating: "x", count: 40_000)
    XCTAssertEqual(
      try inputs(Array((line + "\nquit\n").utf8), maximumLineBytes: 1000),
      [.rejected(.tooLong(maximumBytes: 1000)), .line("quit")])
  }

  func testInvalidUTF8IsRefusedNotAltered() throws {
    XCTAssertEqual(try inputs([0x61, 0xFF, 0x62, 0x0A, 0x63, 0x0A]), [.rejected(.notUTF8), .line("c")])
  }
}
