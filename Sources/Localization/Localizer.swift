package import Foundation
package import PracticeTime

/// The catalog function: a message in English, with named placeholders, in the chosen language.
///
/// Every message a person reads goes through ``tr(_:_:)`` or ``trn(_:_:count:_:)`` with a string
/// literal, so `make pot` finds it (messages written once, in a table, are marked with ``trMark(_:)``).
/// Messages are whole sentences; `{name}` placeholders are filled after translation, so a
/// translation can put them in any order. A message without a translation stays English.
///
/// ```swift
/// let l = Localizer(language: .chinese)
/// l.tr("Score: {right} of {total} right", ["right": 3, "total": 7])  // "得分：7 题答对 3 题"
/// l.trn("{count} question", "{count} questions", count: 2)            // "2 题"
/// ```
package struct Localizer: Sendable, Hashable {
  package var language: Language
  package var catalog: Catalog
  /// The zone the dates and times a person reads are written in (the learner's: `TZ`, else
  /// `/etc/localtime`); machine formats stay UTC whatever it is.
  package var timeZone: TimeZoneRules = .utc

  /// `language` with its catalog compiled into the program (none for English).
  package init(language: Language) {
    self.init(language: language, catalog: Catalog.embedded(language) ?? .source)
  }

  package init(language: Language, catalog: Catalog) {
    self.language = language
    self.catalog = catalog
  }

  /// English: every message as written in the sources.
  package static let english = Localizer(language: .english, catalog: .source)

  /// Two localizers are the same when they speak the same language.
  package static func == (a: Localizer, b: Localizer) -> Bool { a.language == b.language }

  package func hash(into hasher: inout Hasher) { hasher.combine(language) }

  /// Whether this is the source language (English), where every message is shown as written.
  package var isEnglish: Bool { catalog.isEmpty }

  /// The translation of `message` with its `{name}` placeholders filled from `values`.
  package func tr(_ message: String, _ values: KeyValuePairs<String, Any> = [:]) -> String {
    Self.fill(catalog.translation(of: message)?.first ?? message, values)
  }

  /// The translation of `message` in `context` (gettext's msgctxt), for a word that is translated
  /// differently in different places: `trc("node was read", "yes")` is `是`, a known flashcard `记得`.
  package func trc(_ context: String, _ message: String, _ values: KeyValuePairs<String, Any> = [:]) -> String {
    Self.fill(catalog.translation(of: context + "\u{4}" + message)?.first ?? message, values)
  }

  /// The plural form of `singular`/`plural` for `count` (`{count}` is filled with it), filled from `values`.
  package func trn(
    _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, Any> = [:]
  ) -> String {
    Self.fill(form(singular, plural, count: count), values, count: count)
  }

  /// The translated form of `singular`/`plural` for `count`, placeholders not filled.
  func form(_ singular: String, _ plural: String, count: Int) -> String {
    if let forms = catalog.translation(of: singular) {
      let form = catalog.pluralRule.form(for: count)
      return form < forms.count && !forms[form].isEmpty ? forms[form] : forms[0]
    }
    return count == 1 ? singular : plural
  }

  /// Items joined as the language lists them: `a, b, c`; `a，b，c` in Chinese.
  package func list(_ items: [String]) -> String {
    // TRANSLATORS: the separator between the items of a list, e.g. "2 due, 1 new".
    items.joined(separator: tr(", "))
  }

  /// Items that may hold commas themselves (the options of an answer, corrections), joined as the
  /// language separates them: `A. 0 ℃; C. 100 ℃`, in Chinese `A. 0 ℃；C. 100 ℃`.
  package func separatedList(_ items: [String]) -> String {
    // TRANSLATORS: the separator between items that may hold commas, e.g. the options of an answer "A. 1, 2; C. 3".
    items.joined(separator: tr("; "))
  }

  /// A calendar date as the language writes it: `2026-12-01`, `2026年12月1日`.
  ///
  /// The pattern is itself a message, in strftime's terms: `%Y` the year, `%m`/`%d` the month and
  /// day in two digits, `%-m`/`%-d` without a leading zero.
  package func date(year: Int, month: Int, day: Int) -> String {
    // TRANSLATORS: a date, as strftime writes it: %Y year, %m month, %d day, %-m and %-d without a leading zero.
    Self.format(tr("%Y-%m-%d"), [year, month, day, 0, 0, 0])
  }

  /// A moment in the learner's zone as the language writes it, with the offset where the language
  /// shows it: `2026-12-06 19:00 (+08:00)`, `2026年12月6日 19:00`.
  package func dateTime(_ date: Date) -> String {
    let t = LocalTime(date, in: timeZone)
    // TRANSLATORS: a local time, as strftime writes it: %Y-%m-%d as in dates, %H hour, %M minute, %z the offset from UTC (+08:00).
    return Self.format(
      tr("%Y-%m-%d %H:%M (%z)"), [t.year, t.month, t.day, t.hour, t.minute, t.second], offset: t.offsetText)
  }

  /// The local day of a moment as the language writes dates: `2026-12-01`, `2026年12月1日`.
  package func date(_ date: Date) -> String {
    let t = LocalTime(date, in: timeZone)
    return self.date(year: t.year, month: t.month, day: t.day)
  }

  /// A day where room is short, under a chart: `2026-12-01`, `12月1日`.
  package func shortDate(_ date: Date) -> String {
    let t = LocalTime(date, in: timeZone)
    // TRANSLATORS: a day under a chart of answers per day, as strftime writes dates; the year may be left out.
    return Self.format(trc("a day under a chart", "%Y-%m-%d"), [t.year, t.month, t.day, 0, 0, 0])
  }

  /// A time spent, rounded to the second: `45s`, `12m 30s`, `1h 05m`; `45秒`, `12分30秒`, `1小时05分`.
  package func duration(seconds: Double) -> String {
    let total = Int(seconds.rounded())
    if total < 60 { return tr("{seconds}s", ["seconds": total]) }
    if total < 3600 {
      return tr("{minutes}m {seconds}s", ["minutes": total / 60, "seconds": Self.twoDigits(total % 60)])
    }
    return tr("{hours}h {minutes}m", ["hours": total / 3600, "minutes": Self.twoDigits(total % 3600 / 60)])
  }

  /// Fills a strftime-like pattern from year, month, day, hour, minute, second.
  static func format(_ pattern: String, _ fields: [Int], offset: String = "+00:00") -> String {
    let (year, month, day, hour, minute, second) = (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])
    var result = ""
    var rest = Substring(pattern)
    while let percent = rest.firstIndex(of: "%") {
      result += rest[..<percent]
      rest = rest[rest.index(after: percent)...]
      let unpadded = rest.first == "-"
      if unpadded { rest = rest.dropFirst() }
      guard let code = rest.first else {
        result += "%"
        break
      }
      rest = rest.dropFirst()
      switch code {
      case "Y": result += String(year)
      case "m": result += unpadded ? String(month) : Self.twoDigits(month)
      case "d": result += unpadded ? String(day) : Self.twoDigits(day)
      case "H": result += unpadded ? String(hour) : Self.twoDigits(hour)
      case "M": result += unpadded ? String(minute) : Self.twoDigits(minute)
      case "S": result += unpadded ? String(second) : Self.twoDigits(second)
      case "z": result += offset
      default: result += "%" + (unpadded ? "-" : "") + String(code)
      }
    }
    return result + rest
  }

  /// A value as `"\(value)"` shows it, without the general (and slow) path for the usual types.
  static func text(of value: Any) -> String {
    if let int = value as? Int { return String(int) }
    if let string = value as? String { return string }
    return "\(value)"
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// Replaces each `{name}` whose name is in `values` (or is `count`); other braces stay as written.
  static func fill(_ text: String, _ values: KeyValuePairs<String, Any>, count: Int? = nil) -> String {
    fill(text, count: count) { name in values.first(where: { $0.key == name }).map { Self.text(of: $0.value) } }
  }

  /// Replaces each `{name}` for which `value` has text (or is `count`); other braces stay as written.
  static func fill(_ text: String, count: Int? = nil, value: (Substring) -> String?) -> String {
    // Bytes, not `contains("{")`: with Foundation imported that is a Foundation string search, and a
    // listing of a million rows fills a message for many of them.
    guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}") {
        let name = rest[afterOpen..<close]
        if let value = value(name) {
          result += value
          rest = rest[rest.index(after: close)...]
          continue
        }
        if name == "count", let count {
          result += "\(count)"
          rest = rest[rest.index(after: close)...]
          continue
        }
      }
      result.append("{")
      rest = rest[afterOpen...]
    }
    return result + rest
  }
}

/// Marks a message written in a table for `make pot`; returns it unchanged, to be translated where shown.
///
/// ```swift
/// static let summary = trMark("open every level")  // later: l.tr(summary)
/// ```
package func trMark(_ message: String) -> String { message }
