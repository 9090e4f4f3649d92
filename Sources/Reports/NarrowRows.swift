import TextLayout

/// A report table's rows for a terminal too narrow for the table: each row's title on lines of its
/// own, never cut but wrapped under itself, and its figures on the lines below it.
///
/// ```swift
/// NarrowRows.title("生活和技术中的物态变化", after: "  1.4 ", width: 20)
/// // ["  1.4 生活和技术中的", "      物态变化"]
/// NarrowRows.figures(["Read yes", "Best 72%", "Accuracy 76%"], lead: "      ", width: 30, unicode: true)
/// // ["      Read yes · Best 72%", "      Accuracy 76%"]
/// ```
enum NarrowRows {
  /// The narrowest room a title or its figures are wrapped to, however deep the indent.
  static let narrowestRoom = 8

  /// `head` (an indent and an address) and `title` after it, wrapped to `width` at word
  /// boundaries (Chinese between characters), its further lines under the title's first column.
  static func title(_ title: String, after head: String, width: Int) -> [String] {
    let hang = String(repeating: " ", count: DisplayWidth.of(head))
    let room = max(width - hang.count, narrowestRoom)
    return TextWrapping.lines(title, width: room).enumerated().map { ($0.offset == 0 ? head : hang) + $0.element }
  }

  /// `figures` (each a name and its value: `Best 72%`) after `lead`, joined by ` · ` (`, ` in
  /// ASCII) and broken only between figures, so a figure never leaves its name behind.
  static func figures(_ figures: [String], lead: String, width: Int, unicode: Bool) -> [String] {
    let dot = unicode ? " · " : ", "
    let room = max(width - DisplayWidth.of(lead), narrowestRoom)
    return TextWrapping.lines(figures.joined(separator: dot), width: room, breakingAt: [dot]).map { lead + $0 }
  }
}
