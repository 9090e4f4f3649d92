/// A language the program can speak, named by its gettext code.
///
/// ```swift
/// Language(tag: "zh-Hans")      // .chinese ("zh_CN")
/// Language(tag: "en_US.UTF-8")  // .english
/// Language(tag: "C")            // nil: a locale that names no language
/// ```
package struct Language: Sendable, Hashable, CustomStringConvertible {
  /// The gettext code: the name of the `.po` file (`zh_CN`), `en` for the source language.
  package var code: String

  package init(code: String) { self.code = code }

  /// English, the language of the sources: every message is its own msgid.
  package static let english = Language(code: "en")
  /// Simplified Chinese, `po/zh_CN.po`.
  package static let chinese = Language(code: "zh_CN")

  /// Every language with a catalog in the program, English first.
  package static var available: [Language] { [.english] + Catalog.embeddedLanguages }

  /// Reads a locale name (`zh_CN.UTF-8`), a BCP 47 tag (`zh-Hans`, a course's `language`) or a short
  /// `--lang` value (`zh`); nil for `C`, `POSIX`, empty text, or a language without a catalog.
  ///
  /// Every Chinese variant reads as Simplified Chinese, the one Chinese catalog: a reader of `zh_TW`
  /// is better served by it than by English.
  package init?(tag: String) {
    var name = Substring(tag)
    if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
    let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
    guard let first = parts.first?.lowercased(), first != "c", first != "posix" else { return nil }
    if first == "zh" {
      self = .chinese
      return
    }
    if first == "en" {
      self = .english
      return
    }
    let region = parts.dropFirst().first.map { "_" + $0.uppercased() } ?? ""
    for candidate in [first + region, first] {
      if let language = Self.available.first(where: { $0.code == candidate }) {
        self = language
        return
      }
    }
    return nil
  }

  package var description: String { code }

  /// The BCP 47 tag, as HTML's `lang` takes it: `en`, `zh-CN`.
  package var htmlTag: String { String(code.map { $0 == "_" ? "-" : $0 }) }

  /// The language to speak: `--lang`, else the first of `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`
  /// that is set, else (no locale, or `C`/`POSIX`) the course's `language`, else English.
  ///
  /// Like gettext, `LANGUAGE` is a colon-separated list whose first language with a catalog wins.
  /// Unlike glibc, which ignores `LANGUAGE` in the C locale and translates nothing whose locale
  /// is not installed, the variables are read as text: containers and servers often have no
  /// locales but `C`, and a learner who sets `LANG=zh_CN.UTF-8` there still means Chinese. A set
  /// locale for a language without a catalog (`fr_FR.UTF-8`) gets English, as gettext would.
  ///
  /// ```swift
  /// Language.choose(option: nil, environment: ["LANG": "C.UTF-8"], courseLanguage: "zh-Hans")  // .chinese
  /// Language.choose(option: nil, environment: ["LANG": "en_GB.UTF-8"], courseLanguage: "zh-Hans")  // .english
  /// ```
  package static func choose(option: Language?, environment: [String: String], courseLanguage: String?) -> Language {
    choose(option: option, environment: environment) { courseLanguage }
  }

  /// `choose` where the course's `language` is asked for only when it decides (a course not yet
  /// read is read only then).
  package static func choose(
    option: Language?, environment: [String: String], courseLanguage: () -> String?
  ) -> Language {
    if let option { return option }
    if let list = environment["LANGUAGE"], !list.isEmpty {
      for entry in list.split(separator: ":") {
        if let language = Language(tag: String(entry)) { return language }
      }
    }
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    if let locale, !isLanguageNeutral(locale) { return Language(tag: locale) ?? .english }
    return courseLanguage().flatMap { Language(tag: $0) } ?? .english
  }

  /// `C`, `POSIX` and their variants (`C.UTF-8`): locales that say nothing about the language.
  static func isLanguageNeutral(_ locale: String) -> Bool {
    let name = locale.split(separator: ".").first.map(String.init) ?? locale
    return name == "C" || name == "POSIX"
  }
}
