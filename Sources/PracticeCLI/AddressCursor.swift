import CourseOutline

/// The address (`1.2.3`) of each row of a listing in turn, as UTF-8 bytes.
///
/// Consecutive rows in outline order extend an address above them, so a long listing builds each
/// address from the previous row's instead of walking up the tree, and a million rows make no
/// million strings. A row that does not follow the one above (a search result) is found from
/// the tree, and the rows after it follow it again.
///
/// A value with memory of its own, so that a listing's loop keeps it in registers rather than
/// reloading an object's fields after every byte it writes; not copyable, so that the memory has
/// one owner, which frees it when it goes (no call site frees anything).
///
/// ```swift
/// var cursor = AddressCursor()
/// course.nodes.withUnsafeBufferPointer { nodes in
///   cursor.move(to: 0, in: nodes)  // "1"
///   cursor.move(to: 2, in: nodes)  // "1.2", when node 2 is chapter 1's second part
/// }
/// cursor.length  // 3
/// ```
struct AddressCursor: ~Copyable {
  /// The current address is `bytes[..<length]`.
  private var bytes: UnsafeMutablePointer<UInt8>
  private var byteCapacity = 64
  /// Its length in bytes, which is also its width in columns (digits and dots).
  private(set) var length = 0
  /// Per level of the current address (`levels` of them): where it ends in `bytes`, and its node.
  private var levelEnds: UnsafeMutablePointer<Int>
  private var nodeByDepth: UnsafeMutablePointer<Int>
  private var levelCapacity = 16
  private var levels = 0

  init() {
    bytes = .allocate(capacity: byteCapacity)
    levelEnds = .allocate(capacity: levelCapacity)
    nodeByDepth = .allocate(capacity: levelCapacity)
  }

  deinit {
    bytes.deallocate()
    levelEnds.deallocate()
    nodeByDepth.deallocate()
  }

  /// Makes the current address `node`'s.
  @inline(__always)
  mutating func move(to node: Int, in nodes: UnsafeBufferPointer<CourseNode>) {
    let depth = nodes[node].depth
    if depth == 0 {
      length = 0
      levels = 0
    } else if depth <= levels, nodeByDepth[depth - 1] == nodes[node].parent {
      length = levelEnds[depth - 1]
      levels = depth
      put(UInt8(ascii: "."))
    } else {
      // Not below the rows before it: its ancestors' part is found from the tree.
      var ancestors: [Int] = []
      var current = nodes[node].parent
      while let ancestor = current {
        ancestors.append(ancestor)
        current = nodes[ancestor].parent
      }
      length = 0
      levels = 0
      for ancestor in ancestors.reversed() {
        putDecimal(nodes[ancestor].ordinal)
        pushLevel(ancestor)
        put(UInt8(ascii: "."))
      }
    }
    putDecimal(nodes[node].ordinal)
    pushLevel(node)
  }

  /// The current address's bytes, valid until the next move.
  var currentBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: length) }

  @inline(__always)
  private mutating func pushLevel(_ node: Int) {
    if levels == levelCapacity {
      levelEnds = Self.grown(levelEnds, count: levels, to: 2 * levelCapacity)
      nodeByDepth = Self.grown(nodeByDepth, count: levels, to: 2 * levelCapacity)
      levelCapacity *= 2
    }
    levelEnds[levels] = length
    nodeByDepth[levels] = node
    levels += 1
  }

  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    if length == byteCapacity {
      bytes = Self.grown(bytes, count: length, to: 2 * byteCapacity)
      byteCapacity *= 2
    }
    bytes[length] = byte
    length += 1
  }

  @inline(__always)
  private mutating func putDecimal(_ value: Int) {
    if value >= 0 && value < 10 {
      put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value))
      return
    }
    // Counted first, then written from the last digit back: divisions by the constant 10 only.
    var rest = max(value, 0)
    var digits = 1
    var power = 10
    while power <= rest {
      digits += 1
      power &*= 10
    }
    for _ in 0..<digits { put(UInt8(ascii: "0")) }
    var at = length
    repeat {
      at -= 1
      bytes[at] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    } while rest > 0
  }

  private static func grown<Element>(
    _ old: UnsafeMutablePointer<Element>, count: Int, to capacity: Int
  ) -> UnsafeMutablePointer<Element> {
    let new = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    new.moveInitialize(from: old, count: count)
    old.deallocate()
    return new
  }
}
