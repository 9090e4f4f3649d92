import Foundation
import PracticeJSON

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

  /// `1h 05m`, `12m 30s`, `45s`.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    if total >= 3600 { return "\(total / 3600)h \(two(total % 3600 / 60))m" }
    if total >= 60 { return "\(total / 60)m \(two(total % 60))s" }
    return "\(total)s"
  }

  static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

  /// Days since 1970-01-01 of the UTC day holding `date`.
  static func dayNumber(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// `2026-03-31` for a day number.
  static func day(number days: Int) -> String {
    let (y, m, d) = civil(days)
    return "\(y)-\(two(m))-\(two(d))"
  }

  static func day(_ date: Date) -> String { day(number: dayNumber(date)) }

  /// `2026-03-31T08:05:09Z`, whole seconds, UTC.
  static func iso(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let s = seconds - days * 86_400
    return "\(day(number: days))T\(two(s / 3600)):\(two(s % 3600 / 60)):\(two(s % 60))Z"
  }

  static func iso(_ date: Date?) -> JSONValue { date.map { .string(iso($0)) } ?? .null }

  /// Civil date from days since 1970 (Howard Hinnant's algorithm), so no calendar or locale is involved.
  static func civil(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
  }

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
        // Controls other than tab and newline are not allowed in HTML text.
        if c.value < 0x20 && c != "\t" && c != "\n" || c.value == 0x7F {
          out += " "
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
    for c in text {
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
