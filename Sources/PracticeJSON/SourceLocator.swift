/// Turns byte offsets in one text into `SourceLocation`s: the only offset-to-line:column converter.
///
/// Line starts, and characters counted per block, are gathered once, so each offset then costs one
/// block's scan, even on a minified file that is one long line with a problem per node.
///
/// ```swift
/// let locator = SourceLocator(Array("{\n  \"a\": tru\n}".utf8))
/// locator.location(of: 9)  // 2:8
/// ```
package struct SourceLocator: Sendable {
  private let bytes: [UInt8]
  private let blockSize: Int
  private var lineStarts: [Int] = [0]
  /// Characters (UTF-8 lead bytes) before each block.
  private var charactersBefore: [Int] = []

  package init(_ bytes: [UInt8], blockSize: Int = 256) {
    self.bytes = bytes
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

  /// The line and column of `offset`, clamped to the text.
  package func location(of offset: Int) -> SourceLocation {
    let offset = min(max(offset, 0), bytes.count)
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    let column = characters(before: offset) - characters(before: lineStarts[low]) + 1
    return SourceLocation(line: low + 1, column: column)
  }

  private func characters(before offset: Int) -> Int {
    let block = offset / blockSize
    var count = charactersBefore[block]
    for b in bytes[(block * blockSize)..<offset] where b & 0xC0 != 0x80 { count += 1 }
    return count
  }
}
