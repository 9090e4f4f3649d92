import CourseOutline

/// The addresses (`1.2.3`) of a listing's rows, as one run of UTF-8 bytes.
///
/// Consecutive rows in outline order extend their parent's address, so a long listing builds each
/// address from the one above it instead of walking up the tree, and a million rows make no
/// million strings.
///
/// ```swift
/// let addresses = RowAddresses(of: [0, 1, 2], in: course)
/// addresses.length(2)  // 3, for "1.2"
/// ```
struct RowAddresses {
  private var bytes: [UInt8] = []
  /// Where each row's address ends in `bytes`; row `i` starts where row `i - 1` ends.
  private var ends: [Int] = []

  init(of rows: [Int], in course: Course) {
    ends.reserveCapacity(rows.count)
    bytes.reserveCapacity(rows.count * 8)
    // The address of the row above (`current[..<length]`), where each of its levels ends, and its nodes.
    var current: [UInt8] = []
    var length = 0
    var levelEnds: [Int] = []
    var nodeByDepth: [Int] = []
    course.nodes.withUnsafeBufferPointer { nodes in
      for node in rows {
        let depth = nodes[node].depth
        if depth == 0 {
          length = 0
          levelEnds.removeAll(keepingCapacity: true)
          nodeByDepth.removeAll(keepingCapacity: true)
        } else if depth <= nodeByDepth.count, nodeByDepth[depth - 1] == nodes[node].parent {
          length = levelEnds[depth - 1]
          levelEnds.removeLast(levelEnds.count - depth)
          nodeByDepth.removeLast(nodeByDepth.count - depth)
          Self.put(UInt8(ascii: "."), at: &length, in: &current)
        } else {
          // Not below the previous rows (e.g. search results): compute it from the tree.
          bytes.append(contentsOf: course.address(of: node).utf8)
          ends.append(bytes.count)
          length = 0
          levelEnds.removeAll(keepingCapacity: true)
          nodeByDepth.removeAll(keepingCapacity: true)
          continue
        }
        Self.putDecimal(nodes[node].ordinal, at: &length, in: &current)
        levelEnds.append(length)
        nodeByDepth.append(node)
        bytes.append(contentsOf: current[..<length])
        ends.append(bytes.count)
      }
    }
  }

  /// The length in bytes (and columns: digits and dots) of row `i`'s address.
  func length(_ i: Int) -> Int { ends[i] - (i == 0 ? 0 : ends[i - 1]) }

  /// Appends row `i`'s address to `out`.
  func append(_ i: Int, to out: inout [UInt8]) {
    out.append(contentsOf: bytes[(i == 0 ? 0 : ends[i - 1])..<ends[i]])
  }

  private static func put(_ byte: UInt8, at length: inout Int, in buffer: inout [UInt8]) {
    if length < buffer.count { buffer[length] = byte } else { buffer.append(byte) }
    length += 1
  }

  private static func putDecimal(_ value: Int, at length: inout Int, in buffer: inout [UInt8]) {
    var divisor = 1
    while divisor <= value / 10 { divisor *= 10 }
    var rest = max(value, 0)
    while divisor > 0 {
      put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor), at: &length, in: &buffer)
      rest %= divisor
      divisor /= 10
    }
  }
}
