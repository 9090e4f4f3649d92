import PracticeJSON

/// Gathers problems with `file:line:column`, turning byte offsets into positions.
///
/// A minified course is one long line, and a broken one may have a problem per node, so
/// positions come from per-block counts (never a scan from the line's start), and only the
/// first `limit` problems are kept: the rest are counted.
struct ProblemCollector {
  static let limit = 1_000
  static let blockSize = 256

  let file: String
  let bytes: [UInt8]
  /// Added to every offset: a seed fragment is parsed wrapped in braces.
  var offsetShift = 0
  private(set) var problems: [CourseProblem] = []
  private(set) var omitted = 0
  private var index: PositionIndex?

  init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }

  mutating func add(_ message: String, at offset: Int) {
    guard problems.count < Self.limit else {
      omitted += 1
      return
    }
    let location = self.location(of: offset + offsetShift)
    problems.append(CourseProblem(file: file, line: location.line, column: location.column, message: message))
  }

  /// All problems in file order, with a last line counting those left out.
  var reported: [CourseProblem] {
    let sorted = CourseLoader.inFileOrder(problems)
    guard omitted > 0, let last = sorted.last else { return sorted }
    return sorted + [
      CourseProblem(
        file: file, line: last.line, column: last.column,
        message: "and \(omitted) more problems like these, not listed; fix these first")
    ]
  }

  mutating func location(of offset: Int) -> SourceLocation {
    if index == nil { index = PositionIndex(bytes, blockSize: Self.blockSize) }
    return index!.location(of: min(max(offset, 0), bytes.count), in: bytes)
  }

  /// A readable `line:column` of an offset, for "first at" notes.
  mutating func position(of offset: Int) -> String { location(of: offset + offsetShift).description }
}

/// Line starts, and characters counted per block, so any offset's column costs one block's scan.
private struct PositionIndex {
  var lineStarts: [Int] = [0]
  /// Characters (UTF-8 lead bytes) before each block.
  var charactersBefore: [Int] = []
  let blockSize: Int

  init(_ bytes: [UInt8], blockSize: Int) {
    self.blockSize = blockSize
    var characters = 0
    charactersBefore.reserveCapacity(bytes.count / blockSize + 1)
    for (i, b) in bytes.enumerated() {
      if i % blockSize == 0 { charactersBefore.append(characters) }
      if b & 0xC0 != 0x80 { characters += 1 }
      if b == UInt8(ascii: "\n") { lineStarts.append(i + 1) }
    }
    charactersBefore.append(characters)
  }

  func characters(before offset: Int, in bytes: [UInt8]) -> Int {
    let block = offset / blockSize
    var count = charactersBefore[block]
    for b in bytes[(block * blockSize)..<offset] where b & 0xC0 != 0x80 { count += 1 }
    return count
  }

  func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    let column = characters(before: offset, in: bytes) - characters(before: lineStarts[low], in: bytes) + 1
    return SourceLocation(line: low + 1, column: column)
  }
}
