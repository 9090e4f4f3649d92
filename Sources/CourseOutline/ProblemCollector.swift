import PracticeJSON

/// Gathers problems with `file:line:column`, turning byte offsets into positions once.
struct ProblemCollector {
  let file: String
  let bytes: [UInt8]
  /// Added to every offset: a seed fragment is parsed wrapped in braces.
  var offsetShift = 0
  private(set) var problems: [CourseProblem] = []
  private var lineStarts: [Int]?

  init(file: String, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }

  mutating func add(_ message: String, at offset: Int) {
    let location = self.location(of: offset + offsetShift)
    problems.append(CourseProblem(file: file, line: location.line, column: location.column, message: message))
  }

  mutating func location(of offset: Int) -> SourceLocation {
    if lineStarts == nil {
      var starts = [0]
      for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
      lineStarts = starts
    }
    let starts = lineStarts!
    var low = 0
    var high = starts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if starts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    let clamped = min(max(offset, 0), bytes.count)
    let column = bytes[starts[low]..<clamped].reduce(1) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    return SourceLocation(line: low + 1, column: column)
  }

  /// A readable `line:column` of an offset, for "first at" notes.
  mutating func position(of offset: Int) -> String { location(of: offset + offsetShift).description }
}
