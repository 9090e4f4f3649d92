import CourseOutline
import TextLayout

/// Writes outline rows as aligned columns: marker and address, title, status.
///
/// Built as bytes into one buffer handed on 256 KB at a time: `expand all; ls` of a million rows
/// is two million lines, and per-row strings would cost more than writing them. The parts of a
/// row are checked for escape codes once (each title when first listed, each distinct status
/// text per listing), so a clean listing is not scanned again on its way out.
///
/// ```swift
/// var titles = TitleMeasures()
/// RowListing(course: course, isExpanded: outline.isExpanded, style: style)
///   .write([0, 1], statuses: StatusColumn(), titles: &titles, to: output)
/// // ▾ 1    Heat
/// //     1.1  Melting
/// ```
struct RowListing {
  let course: Course
  let isExpanded: [Bool]
  let style: OutputStyle
  /// The terminal's width; nil for files and pipes, which get every row on one line.
  var width: Int? = nil

  /// Bytes gathered before they are handed to the output.
  static let chunkSize = 256 * 1024

  /// What a listing's first pass over its rows finds, before any row is written.
  struct Columns: Equatable {
    /// The widest indent, marker and address.
    var addressWidth = 0
    /// The widest title.
    var titleWidth = 0
    /// True when every title prints as it is (nothing in it for `OutputSanitizer` to show).
    var titlesAreClean = true
  }

  /// The columns `rows` need.
  func columns(of rows: [Int32], titles: inout TitleMeasures) -> Columns {
    var columns = Columns()
    var address = AddressCursor()
    course.nodes.withUnsafeBufferPointer { nodes in
      titles.withMeasures(of: nodes) { titles in
        for row in rows {
          let node = Int(row)
          address.move(to: node, in: nodes)
          columns.addressWidth = max(columns.addressWidth, nodes[node].depth * 2 + 2 + address.length)
          let title = titles.measure(node)
          columns.titleWidth = max(columns.titleWidth, title.width)
          if !title.isClean { columns.titlesAreClean = false }
        }
      }
    }
    return columns
  }

  /// Writes `rows`, measuring their columns first.
  func write(_ rows: [Int32], statuses: StatusColumn, titles: inout TitleMeasures, to output: any TextOutput) {
    write(rows, columns: columns(of: rows, titles: &titles), statuses: statuses, titles: &titles, to: output)
  }

  /// Writes `rows` in `columns` (which must be `columns(of: rows)`, kept from an earlier listing
  /// of the same rows or measured just now).
  func write(
    _ rows: [Int32], columns: Columns, statuses: StatusColumn, titles: inout TitleMeasures, to output: any TextOutput
  ) {
    let showStatus = statuses.showsAny
    let fixedTexts = [style.expandedMarker, style.collapsedMarker] + (showStatus ? statuses.texts : [])
    let isClean = columns.titlesAreClean && !fixedTexts.contains { OutputSanitizer.needsCleaning($0) }
    let firstWidth = columns.addressWidth
    let titleWidth = columns.titleWidth
    if let width {
      // The title starts 2 columns after the address column, a status 2 after the widest title.
      let statusWidth = showStatus ? (statuses.texts.map { DisplayWidth.of($0) }.max() ?? 0) + 2 : 0
      if firstWidth + 2 + titleWidth + statusWidth > width {
        writeNarrow(rows, columns: columns, statuses: statuses, width: width, to: output)
        return
      }
    }
    // The markers and status texts, one after another in one buffer: a row copies its pieces by
    // pointer, with no array to retain per row.
    var pieces = Pieces()
    let expanded = pieces.add(style.expandedMarker)
    let collapsed = pieces.add(style.collapsedMarker)
    let statusPieces = showStatus ? statuses.texts.map { pieces.add($0) } : []
    let markerLength = max(expanded.count, collapsed.count, 1)
    var address = AddressCursor()
    var out = ByteChunk(capacity: Self.chunkSize)
    course.nodes.withUnsafeBufferPointer { nodes in
      titles.withMeasures(of: nodes) { titles in
        pieces.bytes.withUnsafeBufferPointer { pieceBytes in
          isExpanded.withUnsafeBufferPointer { isExpanded in
            statuses.indices.withUnsafeBufferPointer { statusIndices in
              for (i, row) in rows.enumerated() {
                let node = Int(row)
                address.move(to: node, in: nodes)
                let depth = nodes[node].depth
                let status = showStatus ? statusIndices[i] : StatusColumn.none
                var length = firstWidth + markerLength + nodes[node].title.utf8.count + 1
                var statusPadding = 0
                if status != StatusColumn.none {
                  statusPadding = max(0, titleWidth - titles.measure(node).width) + 2
                  length += statusPadding + statusPieces[Int(status)].count
                }
                if !out.hasRoom(for: length) {
                  out.flush(to: output, isClean: isClean)
                  out.reserve(length)
                }
                out.appendSpaces(depth * 2)
                if nodes[node].subtreeEnd > node + 1 {
                  out.append(pieceBytes.extracting(isExpanded[node] ? expanded : collapsed))
                } else {
                  out.append(UInt8(ascii: " "))
                }
                out.append(UInt8(ascii: " "))
                out.append(address.currentBytes)
                out.appendSpaces(firstWidth - depth * 2 - address.length)
                out.append(nodes[node].title)
                if status != StatusColumn.none {
                  out.appendSpaces(statusPadding)
                  out.append(pieceBytes.extracting(statusPieces[Int(status)]))
                }
                out.append(UInt8(ascii: "\n"))
              }
            }
          }
        }
      }
    }
    out.flush(to: output, isClean: isClean)
  }

  /// Short texts kept end to end in one buffer, each known by its range.
  private struct Pieces {
    var bytes: [UInt8] = []

    mutating func add(_ text: String) -> Range<Int> {
      let start = bytes.count
      bytes += text.utf8
      return start..<bytes.count
    }
  }
}

extension RowListing {
  /// The rows for a terminal too narrow for them on one line each (40 columns): a title wraps
  /// under itself and a status goes on the lines below it, in the title's column, rather than
  /// the terminal breaking them at its edge and going on at column 0.
  ///
  /// ```text
  /// ▾ 1      第一章 物态及其变化
  ///          已读 1/4 · 掌握 1/66 · 2 题要重做
  ///          3 题到期
  ///     1.1  物态变化 温度
  /// ```
  func writeNarrow(
    _ rows: [Int32], columns: Columns, statuses: StatusColumn, width: Int, to output: any TextOutput
  ) {
    let column = columns.addressWidth + 2
    let hanging = String(repeating: " ", count: column)
    let room = max(width - column, 10)
    for (i, row) in rows.enumerated() {
      let node = Int(row)
      let depth = course.nodes[node].depth
      let marker =
        course.nodes[node].subtreeEnd > node + 1
        ? (isExpanded[node] ? style.expandedMarker : style.collapsedMarker) : " "
      let lead = String(repeating: " ", count: depth * 2) + marker + " " + course.address(of: node)
      var text = lead + String(repeating: " ", count: max(column - DisplayWidth.of(lead), 1))
      for (j, line) in TextWrapping.lines(OutputSanitizer.clean(course.nodes[node].title), width: room).enumerated() {
        text += (j == 0 ? "" : hanging) + line + "\n"
      }
      let status = statuses.showsAny ? statuses.indices[i] : StatusColumn.none
      if status != StatusColumn.none {
        // Broken between its figures, never inside one (`2 to retry` stays whole).
        for line in TextWrapping.lines(statuses.texts[Int(status)], width: room, breakingAt: [style.separator, "  "]) {
          text += hanging + line + "\n"
        }
      }
      output.write(text)
    }
  }
}

/// A run of bytes being gathered for an output, in memory of its own (no copy-on-write checks),
/// freed when the chunk goes: not copyable, so the memory has one owner.
///
/// Rows are a few short pieces each (an indent, an address, a title): they are copied a machine
/// word at a time here rather than by a `memcpy`/`memset` call per piece, which cost more than the
/// copying on a listing of a million rows. The memory has `slack` bytes past `capacity`, so that a
/// run of spaces may be written in whole words past its end.
private struct ByteChunk: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0
  private static let slack = 8

  init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity + Self.slack)
  }

  deinit { base.deallocate() }

  func hasRoom(for length: Int) -> Bool { count + length <= capacity }

  /// Makes room for `length` bytes in an empty chunk (a title longer than a chunk).
  mutating func reserve(_ length: Int) {
    guard length > capacity else { return }
    base.deallocate()
    capacity = length
    base = .allocate(capacity: capacity + Self.slack)
  }

  /// Hands the bytes gathered so far to `output` and starts again; `isClean` when no part of them
  /// needs the sanitizer.
  mutating func flush(to output: any TextOutput, isClean: Bool) {
    let bytes = UnsafeBufferPointer(start: base, count: count)
    if isClean { output.write(cleanUTF8: bytes) } else { output.write(utf8: bytes) }
    count = 0
  }

  @inline(__always)
  mutating func append(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  @inline(__always)
  mutating func appendSpaces(_ n: Int) {
    guard n > 0 else { return }
    let to = UnsafeMutableRawPointer(base + count)
    var written = 0
    repeat {
      to.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: written, as: UInt64.self)
      written += 8
    } while written < n
    count += n
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return }
    let n = bytes.count
    let from = UnsafeRawPointer(start)
    let to = UnsafeMutableRawPointer(base + count)
    if n >= 8 {
      var copied = 0
      while copied + 8 < n {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: copied, as: UInt64.self), toByteOffset: copied, as: UInt64.self)
        copied += 8
      }
      // The last word overlaps the one before it: no byte-by-byte tail.
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
    } else {
      var copied = 0
      if n & 4 != 0 {
        to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
        copied = 4
      }
      if n & 2 != 0 {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: copied, as: UInt16.self), toByteOffset: copied, as: UInt16.self)
        copied += 2
      }
      if n & 1 != 0 {
        to.storeBytes(of: from.load(fromByteOffset: copied, as: UInt8.self), toByteOffset: copied, as: UInt8.self)
      }
    }
    count += n
  }

  @inline(__always)
  mutating func append(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ append($0) }) == nil {
      for byte in text.utf8 { append(byte) }
    }
  }
}
