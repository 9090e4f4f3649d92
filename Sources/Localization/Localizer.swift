import Foundation

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
public struct Localizer: Sendable, Equatable {
  public var language: Language
  public var catalog: Catalog

  /// `language` with its catalog compiled into the program (none for English).
  public init(language: Language) {
    self.init(language: language, catalog: Catalog.embedded(language) ?? .source)
  }

  public init(language: Language, catalog: Catalog) {
    self.language = language
    self.catalog = catalog
  }

  /// English: every message as written in the sources.
  public static let english = Localizer(language: .english, catalog: .source)

  /// Two localizers are the same when they speak the same language.
  public static func == (a: Localizer, b: Localizer) -> Bool { a.language == b.language }

  /// Whether this is the source language (English), where every message is shown as written.
  public var isEnglish: Bool { catalog.translations.isEmpty }

  /// The translation of `message` with its `{name}` placeholders filled from `values`.
  public func tr(_ message: String, _ values: KeyValuePairs<String, Any> = [:]) -> String {
    Self.fill(catalog.translation(of: message)?.first ?? message, values)
  }

  /// The translation of `message` in `context` (gettext's msgctxt), for a word that is translated
  /// differently in different places: `trc("node was read", "yes")` is `是`, a known flashcard `记得`.
  public func trc(_ context: String, _ message: String, _ values: KeyValuePairs<String, Any> = [:]) -> String {
    Self.fill(catalog.translation(of: context + "\u{4}" + message)?.first ?? message, values)
  }

  /// The plural form of `singular`/`plural` for `count` (`{count}` is filled with it), filled from `values`.
  public func trn(
    _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, Any> = [:]
  ) -> String {
    let chosen: String
    if let forms = catalog.translation(of: singular) {
      let form = catalog.pluralRule.form(for: count)
      chosen = form < forms.count && !forms[form].isEmpty ? forms[form] : forms[0]
    } else {
      chosen = count == 1 ? singular : plural
    }
    return Self.fill(chosen, values, count: count)
  }

  /// Items joined as the language lists them: `a, b, c`; `a，b，c` in Chinese.
  public func list(_ items: [String]) -> String {
    // TRANSLATORS: the separator between the items of a list, e.g. "2 due, 1 new".
    items.joined(separator: tr(", "))
  }

  /// A calendar date as the language writes it: `2026-12-01`, `2026年12月1日`.
  ///
  /// The pattern is itself a message, in strftime's terms: `%Y` the year, `%m`/`%d` the month and
  /// day in two digits, `%-m`/`%-d` without a leading zero.
  public func date(year: Int, month: Int, day: Int) -> String {
    // TRANSLATORS: a date, as strftime writes it: %Y year, %m month, %d day, %-m and %-d without a leading zero.
    let pattern = tr("%Y-%m-%d")
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
      default: result += "%" + (unpadded ? "-" : "") + String(code)
      }
    }
    return result + rest
  }

  static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// Replaces each `{name}` whose name is in `values` (or is `count`); other braces stay as written.
  static func fill(_ text: String, _ values: KeyValuePairs<String, Any>, count: Int? = nil) -> String {
    guard text.contains("{") else { return text }
    var result = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}") {
        let name = rest[afterOpen..<close]
        if let value = values.first(where: { $0.key == name })?.value {
          result += "\(value)"
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
public func trMark(_ message: String) -> String { message }
