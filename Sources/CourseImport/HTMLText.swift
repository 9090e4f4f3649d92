import Foundation
package import Localization
import QuizEngine
import TextLayout

/// HTML helpers for banks: whether text has markup, its plain text, escaping for export.
///
/// ```swift
/// HTMLText.plain("<p>Water &amp; ice</p><ul><li>one</li><li>two</li></ul>")
/// // "Water & ice\n\n• one\n• two"
/// ```
package enum HTMLText {
  /// Whether `text` has markup worth rendering: a tag or an entity.
  package static func looksLikeHTML(_ text: String) -> Bool {
    var previous: Character = " "
    for c in text {
      if previous == "<", c.isLetter || c == "/" || c == "!" { return true }
      if previous == "&", c.isLetter || c == "#" { return text.contains(";") }
      previous = c
    }
    return false
  }

  // A hard line break, kept apart from source whitespace until the end.
  static let hardBreak: Character = "\u{2028}"

  /// HTML as plain text, by the one renderer (``MarkupRenderer``), an image named by its alt
  /// text, else its file.
  package static func plain(_ html: String, messages: Localizer = .english) -> String {
    MarkupRenderer.render(MarkedText(html, markup: .html), labels: .localized(messages), namingImagesByFile: true).plain
  }

  static func attribute(_ name: String, in tag: Substring) -> String? { HTMLEntities.attribute(name, in: tag) }

  static func entityValue(_ entity: String) -> String? { HTMLEntities.value(entity) }

  /// `&`, `<`, `>` and `"` written as entities, for text put inside HTML or XML.
  package static func escape(_ text: String) -> String {
    text.replacingScalars(entity(for:))
  }

  /// The entity `escape` writes for a scalar, or nil when the scalar stays as it is.
  static func entity(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    default: nil
    }
  }

  /// Entities decoded in text that is otherwise not HTML (OpenTDB-style).
  package static func decodeEntities(_ text: String) -> String { HTMLEntities.decoded(text) }
}

extension String {
  fileprivate func replacingNonBreakingSpaces() -> String {
    String(map { $0 == "\u{A0}" ? " " : $0 })
  }
}
