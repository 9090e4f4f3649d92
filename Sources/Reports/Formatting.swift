import Foundation
import PracticeJSON
import PracticeTime
import TextLayout

/// Number, date and escaping helpers shared by the renderers; all locale-independent
/// so golden files match on every machine.
enum Formatting {
  /// `82%`, or `-` when there is nothing to measure.
  static func percent(_ value: Double?) -> String {
    guard let value else { return "-" }
    return "\(Int(value.rounded()))%"
  }

  /// A percentage rounded to two decimals, for machine formats.
  static func rounded(_ value: Double?) -> Double? {
    value.map { ($0 * 100).rounded() / 100 }
  }

  static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

  static func dayNumber(_ date: Date) -> Int { UTCTime.dayNumber(date) }
  static func day(number days: Int) -> String { UTCTime.day(number: days) }
  static func day(_ date: Date) -> String { UTCTime.day(date) }
  static func iso(_ date: Date) -> String { UTCTime.iso8601(date) }
  static func iso(_ date: Date?) -> JSONValue { date.map { .string(UTCTime.iso8601($0)) } ?? .null }

  /// Whole numbers without a fraction, others with at most two decimals.
  static func number(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "" }
    let r = (value * 100).rounded() / 100
    if r == r.rounded() { return String(Int(r)) }
    return String(r)
  }

  /// Escapes text for HTML element content and attribute values.
  static func html(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      default:
        // Controls and invisible direction changes are shown visibly, as on a terminal.
        if OutputSanitizer.kind(of: c) != nil {
          out += html(OutputSanitizer.visible(c))
        } else {
          out.unicodeScalars.append(c)
        }
      }
    }
    return out
  }

  /// Escapes text for a Markdown table cell: pipes, inline markup and line breaks.
  static func markdown(_ text: String) -> String {
    var out = ""
    for c in OutputSanitizer.clean(text) {
      switch c {
      case "\\", "|", "*", "_", "`", "[", "]", "<", ">", "#", "~": out += "\\" + String(c)
      case "&": out += "&amp;"
      case "\n", "\r", "\r\n", "\t": out += " "
      default: out.append(c)
      }
    }
    return out
  }

  /// Text on one terminal line: controls and line breaks become spaces.
  static func oneLine(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
  }

  /// Whether the text holds Han, kana or Hangul, so HTML can mark it for CJK fonts.
  static func isCJK(_ text: String) -> Bool {
    text.unicodeScalars.contains {
      (0x3040...0x30FF).contains($0.value) || (0x3400...0x9FFF).contains($0.value)
        || (0xAC00...0xD7A3).contains($0.value) || (0xF900...0xFAFF).contains($0.value)
    }
  }
}

extension Formatting {
  /// At most four decimals, trailing zeros left out: `70.4`, `-7.0651`.
  static func number4(_ value: Double) -> String {
    let r = (value * 10_000).rounded() / 10_000
    if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
    return String(r)
  }
}
