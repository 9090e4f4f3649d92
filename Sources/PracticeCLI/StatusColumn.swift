/// The status column of a listing: each row's text, kept as an index into the few distinct texts
/// the column holds.
///
/// A million rows show a handful of different statuses (`✓`, `3/10 read`), so the column stores
/// one small number per row instead of a million strings.
///
/// ```swift
/// var column = StatusColumn()
/// column.append("✓")
/// column.append(nil)
/// column.append("✓")
/// column.texts       // ["✓"]
/// column[2]          // "✓"
/// column.showsAny    // true: some row shows a status
/// ```
package struct StatusColumn: Equatable, Sendable {
  /// The distinct texts, in the order rows first show them.
  package private(set) var texts: [String] = []
  /// Per row, its text's index in `texts`, or `StatusColumn.none`.
  package private(set) var indices: [Int32] = []
  private var indexOfText: [String: Int32] = [:]
  /// True once a row shows a status: a listing without has no status column.
  package private(set) var showsAny = false

  /// The index of a row without a status.
  package static let none: Int32 = -1

  package init() {}

  /// The column of these statuses, one per row.
  package init(_ statuses: [String?]) {
    indices.reserveCapacity(statuses.count)
    for status in statuses { append(status) }
  }

  /// The index `text` has in `texts`, added when new.
  package mutating func index(of text: String) -> Int32 {
    if let index = indexOfText[text] { return index }
    let index = Int32(texts.count)
    texts.append(text)
    indexOfText[text] = index
    return index
  }

  /// Adds a row showing `status` (nothing when nil).
  package mutating func append(_ status: String?) {
    append(index: status.map { index(of: $0) } ?? Self.none)
  }

  /// Adds a row by its text's index (from `index(of:)`, or `StatusColumn.none`).
  package mutating func append(index: Int32) {
    precondition(index == Self.none || (index >= 0 && Int(index) < texts.count), "no status text \(index)")
    indices.append(index)
    if index != Self.none { showsAny = true }
  }

  package mutating func reserveCapacity(_ rows: Int) { indices.reserveCapacity(rows) }

  /// The number of rows.
  package var count: Int { indices.count }

  /// Row `row`'s status, nil when it shows none.
  package subscript(row: Int) -> String? {
    let index = indices[row]
    return index == Self.none ? nil : texts[Int(index)]
  }

  /// Every row's status, as `NodeStatusProvider.status(of:in:)` gives them one by one.
  package var statuses: [String?] { indices.indices.map { self[$0] } }

  package static func == (lhs: StatusColumn, rhs: StatusColumn) -> Bool { lhs.statuses == rhs.statuses }
}
