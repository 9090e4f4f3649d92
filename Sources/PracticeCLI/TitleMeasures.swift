import CourseOutline
import TextLayout

/// Each node's title width in columns and whether it prints as it is, measured the first time a
/// listing shows the node and kept: a course's titles do not change while it is open.
///
/// `expand all` followed by `ls` lists a million rows twice; the second listing looks each title
/// up instead of decoding it again. A listing's loop works on the kept values through
/// `withMeasures`, by pointer: no copy-on-write check per row.
///
/// ```swift
/// var titles = TitleMeasures()
/// course.nodes.withUnsafeBufferPointer { nodes in
///   titles.withMeasures(of: nodes) { $0.measure(0) }  // (width: 7, isClean: true) for "熔化 ab"
/// }
/// ```
struct TitleMeasures {
  /// Per node: 0 while not measured, else its width + 1, with the top bit set when the title
  /// holds something `OutputSanitizer` shows visibly.
  private var measures: [UInt32] = []

  /// Calls `body` with the measures of `nodes`' titles.
  mutating func withMeasures<Result>(
    of nodes: UnsafeBufferPointer<CourseNode>, _ body: (Measures) -> Result
  ) -> Result {
    if measures.count != nodes.count { measures = [UInt32](repeating: 0, count: nodes.count) }
    return measures.withUnsafeMutableBufferPointer { body(Measures(nodes: nodes, kept: $0)) }
  }

  /// The kept measures of one course's titles, for the length of one listing.
  struct Measures {
    let nodes: UnsafeBufferPointer<CourseNode>
    let kept: UnsafeMutableBufferPointer<UInt32>
    private static let needsCleaning: UInt32 = 1 << 31

    /// The display width of `node`'s title and whether `OutputSanitizer` leaves it as it is.
    @inline(__always)
    func measure(_ node: Int) -> (width: Int, isClean: Bool) {
      var measure = kept[node]
      if measure == 0 { measure = measureFirst(node) }
      return (Int(measure & ~Self.needsCleaning) - 1, measure & Self.needsCleaning == 0)
    }

    @inline(never)
    private func measureFirst(_ node: Int) -> UInt32 {
      // Read in place (no copy of the title to retain and release): this runs once per node.
      let (width, mayNeedCleaning) =
        nodes[node].title.utf8.withContiguousStorageIfAvailable { DisplayWidth.measure(utf8: $0) }
        ?? (DisplayWidth.of(nodes[node].title), true)
      var measure = UInt32(min(width, Int(Self.needsCleaning) - 2) + 1)
      // The byte scan alone clears nearly every title; the few it cannot are decoded.
      if mayNeedCleaning && OutputSanitizer.needsCleaning(nodes[node].title) { measure |= Self.needsCleaning }
      kept[node] = measure
      return measure
    }
  }
}
