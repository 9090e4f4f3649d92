/// The outline's visible rows: node indices in a gap buffer.
///
/// A toggle inserts or removes one run of rows next to the node toggled. Kept in a plain
/// array, every row after that point would move on each toggle, so a toggle near the top of a
/// million rows would cost a million moves. The gap (free space) sits where the last change
/// happened; changes there cost only the rows inserted or removed, and moving the gap costs
/// only the rows between the old place and the new.
///
/// ```swift
/// var rows: VisibleRows = [0, 5, 7]
/// rows.insert(contentsOf: [1, 4], at: 1)  // [0, 1, 4, 5, 7]
/// rows.removeSubrange(1..<3)              // [0, 5, 7]
/// ```
package struct VisibleRows: Sendable {
  private var storage: [Int32]
  private var gapStart: Int
  private var gapEnd: Int

  package init(_ rows: [Int32]) {
    storage = rows
    gapStart = rows.count
    gapEnd = rows.count
  }

  private var gapSize: Int { gapEnd - gapStart }

  /// Moves the gap so it starts at `position` (a row index).
  private mutating func moveGap(to position: Int) {
    if position < gapStart {
      let count = gapStart - position
      storage.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        (base + gapEnd - count).update(from: base + position, count: count)
      }
      gapStart -= count
      gapEnd -= count
    } else if position > gapStart {
      let count = position - gapStart
      storage.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        (base + gapStart).update(from: base + gapEnd, count: count)
      }
      gapStart += count
      gapEnd += count
    }
  }

  /// Makes the gap at least `needed` long, growing the storage geometrically.
  private mutating func reserveGap(_ needed: Int) {
    guard gapSize < needed else { return }
    let extra = Swift.max(needed - gapSize, storage.count / 2, 64)
    let tail = Array(storage[gapEnd...])
    storage.removeSubrange(gapStart...)
    storage.append(contentsOf: repeatElement(0, count: gapSize + extra))
    storage.append(contentsOf: tail)
    gapEnd += extra
  }

  package mutating func insert(contentsOf rows: [Int32], at position: Int) {
    precondition(position >= 0 && position <= count, "row \(position) is outside 0...\(count)")
    moveGap(to: position)
    reserveGap(rows.count)
    storage.withUnsafeMutableBufferPointer { buffer in
      for (i, row) in rows.enumerated() { buffer[gapStart + i] = row }
    }
    gapStart += rows.count
  }

  package mutating func removeSubrange(_ range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "rows \(range) are outside 0..<\(count)")
    moveGap(to: range.upperBound)
    gapStart -= range.count
  }
}

extension VisibleRows {
  /// The rows in one array: the storage itself (shared, no copy) when no gap is left in it, as
  /// after `expand all` or a restored outline; else copied run by run from either side of the gap.
  package var array: [Int32] {
    if gapStart == storage.count { return storage }
    var rows: [Int32] = []
    rows.reserveCapacity(count)
    rows += storage[..<gapStart]
    rows += storage[gapEnd...]
    return rows
  }
}

extension VisibleRows: RandomAccessCollection {
  package var startIndex: Int { 0 }
  package var endIndex: Int { storage.count - gapSize }

  package subscript(position: Int) -> Int32 {
    position < gapStart ? storage[position] : storage[position + gapSize]
  }
}

extension VisibleRows: Equatable {
  package static func == (lhs: VisibleRows, rhs: VisibleRows) -> Bool { lhs.elementsEqual(rhs) }
}

extension VisibleRows: ExpressibleByArrayLiteral {
  package init(arrayLiteral elements: Int32...) { self.init(elements) }
}

extension VisibleRows: CustomStringConvertible {
  package var description: String { Array(self).description }
}
