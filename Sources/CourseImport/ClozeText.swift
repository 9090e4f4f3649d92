import Foundation
import TextLayout

/// A Cloze question's text as practice keeps it, each blank marked where it was (`(1)`, `(2)`, …
/// in a text several blanks share; `_____` in the prompt of a question of one blank), and the text
/// an export writes for Moodle, each marker replaced by the blank's token.
///
/// ```swift
/// ClozeText.filled("Ice (1) at 0 ℃, water (2).", markers: ClozeText.markers(2, shared: true),
///                  with: ["{1:SA:=melts}", "{1:SA:=boils}"])
/// // "Ice {1:SA:=melts} at 0 ℃, water {1:SA:=boils}."
/// ```
enum ClozeText {
  /// The markers of `count` blanks: `(1)` … `(count)` in a shared text, else `_____`.
  static func markers(_ count: Int, shared: Bool) -> [String] {
    shared ? (1...max(count, 1)).map { "(\($0))" } : ["_____"]
  }

  /// The marker of the blank after the last, which a whole text does not have after its last
  /// blank (unless written there): nil for a prompt of one blank.
  static func next(_ count: Int, shared: Bool) -> String? { shared ? "(\(count + 1))" : nil }

  /// Moodle's own placeholders for the blanks of a Cloze text (`{#1}`), which a text keeps where
  /// its markers would be ambiguous.
  static func placeholders(_ count: Int) -> [String] { (1...max(count, 1)).map { "{#\($0)}" } }

  /// `text` with each of `markers`, searched in order (each after the one before), replaced by the
  /// `fill` of the same index, and the text between them passed through `between`; nil when a
  /// marker is missing, or when `next` follows the last (the text had a blank more: one was taken
  /// out of the course).
  static func filled(
    _ text: String, markers: [String], next: String? = nil, with fill: [String],
    between: (Substring) -> String = { String($0) }
  ) -> String? {
    guard markers.count == fill.count else { return nil }
    var out = ""
    var rest = text[...]
    for (marker, replacement) in zip(markers, fill) {
      guard let range = rest.range(of: marker) else { return nil }
      out += between(rest[..<range.lowerBound]) + replacement
      rest = rest[range.upperBound...]
    }
    if let next, rest.range(of: next) != nil { return nil }
    return out + between(rest)
  }

  /// The text between blanks for practice's reader of Moodle Cloze text (GIFT's escapes): a brace
  /// as `\{` `\}`, a backslash doubled where the reader would take it for an escape; Moodle shows
  /// the rest as written.
  static func text(_ s: Substring) -> String {
    var out = String.UnicodeScalarView()
    let scalars = Array(s.unicodeScalars)
    for (i, scalar) in scalars.enumerated() {
      switch scalar {
      case "{", "}": out.append("\\")
      case "\\":
        if i + 1 < scalars.count, "\\{}~=#:n".unicodeScalars.contains(scalars[i + 1]) { out.append("\\") }
      default: break
      }
      out.append(scalar)
    }
    return String(out)
  }

  /// An answer or feedback inside a token, as Moodle's Cloze reader ends them: `}` and `#` escaped
  /// (Moodle undoes `\}` and `\#`), `~` escaped too (Moodle keeps that backslash; an entity `&#126;`
  /// would read as the start of feedback to practice).
  static func answer(_ s: String) -> String {
    s.replacingScalars { scalar in
      switch scalar {
      case "}", "#", "~": "\\\(scalar)"
      default: nil
      }
    }
  }
}
