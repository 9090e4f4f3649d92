/// Finds a node by the id its data gives it (`1295`, `ch1.1`).
///
/// Seed-002 courses number their chapters, so ids written as integers are kept as numbers in an
/// array sorted by id and found by binary search: 16 bytes a node, where a dictionary of strings
/// takes about 64 and hashes every id while a course loads. Other ids go in an `IDTable`.
///
/// ```swift
/// let index = NodeIDIndex(ids: ["1295", "ch1.1"])
/// index.node(withID: "ch1.1")  // 1
/// ```
struct NodeIDIndex: Sendable {
  /// A node whose id is the canonical decimal text of `id`.
  struct Number: Sendable {
    var id: Int64
    var node: Int32
  }

  /// Ids written as integers, sorted by id (then node), one entry per id.
  private var numbers: [Number]
  private var strings: IDTable

  /// The index of nodes' ids, `ids[i]` being node `i`'s; where ids repeat, the last node wins.
  init(ids: some Sequence<String?>) {
    var numbers: [Number] = []
    var texts: [(node: Int, id: String)] = []
    for (node, id) in ids.enumerated() {
      guard let id else { continue }
      if let number = Self.number(id) {
        numbers.append(Number(id: number, node: Int32(node)))
      } else {
        texts.append((node, id))
      }
    }
    // Sized first: grown an id at a time, the table rehashes every id at each doubling.
    var strings = IDTable(minimumCapacity: texts.count)
    for (node, id) in texts { strings.updateValue(node, forKey: id) }
    self.init(sortingNumbers: &numbers, strings: strings, keepingLast: true)!
  }

  /// An index of `numbers` (in any order) and `strings`; nil when two numbers share an id and
  /// `keepingLast` is false. `numbers` is sorted and compacted where it lies (a copy of a large
  /// course's would add to the peak of its load), and the index shares it.
  init?(sortingNumbers numbers: inout [Number], strings: IDTable, keepingLast: Bool) {
    if !Self.isSorted(numbers) {
      numbers.sort { ($0.id, $0.node) < ($1.id, $1.node) }
    }
    var unique = 0
    for i in numbers.indices {
      if unique > 0 && numbers[unique - 1].id == numbers[i].id {
        guard keepingLast else { return nil }
        numbers[unique - 1] = numbers[i]
      } else {
        numbers[unique] = numbers[i]
        unique += 1
      }
    }
    numbers.removeSubrange(unique...)
    self.numbers = numbers
    self.strings = strings
  }

  private static func isSorted(_ numbers: [Number]) -> Bool {
    var i = 1
    while i < numbers.count {
      if (numbers[i - 1].id, numbers[i - 1].node) > (numbers[i].id, numbers[i].node) { return false }
      i += 1
    }
    return true
  }

  /// The integer `id` is the decimal text of, written as `String(Int64)` writes it (no plus
  /// sign, no leading zeros); nil for any other text.
  static func number(_ id: String) -> Int64? {
    guard id.utf8.count <= 18, let number = Int64(id), String(number) == id else { return nil }
    return number
  }

  func node(withID id: String) -> Int? {
    guard let number = Self.number(id) else { return strings[id] }
    var low = 0
    var high = numbers.count
    while low < high {
      let mid = (low + high) / 2
      if numbers[mid].id < number { low = mid + 1 } else { high = mid }
    }
    return low < numbers.count && numbers[low].id == number ? Int(numbers[low].node) : nil
  }
}
