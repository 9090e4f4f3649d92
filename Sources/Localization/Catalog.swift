/// The translations of one language, read from a compiled gettext `.mo` file.
///
/// A message without a translation (or with an empty one) is shown in English, as gettext does.
///
/// ```swift
/// let catalog = try Catalog(mo: bytes)
/// catalog.translation(of: "Score") // ["得分"]
/// ```
package struct Catalog: Sendable {
  /// Translations made in memory (`init(translations:pluralRule:)`).
  private var table: [String: [String]]
  /// A `.mo` file looked up in place: its messages are sorted, so a lookup is a binary search and
  /// nothing is decoded before it is asked for (the first prompt shows only a few messages).
  private var file: MOFile?
  private var rule: PluralRule

  package init(translations: [String: [String]] = [:], pluralRule: PluralRule = .germanic) {
    self.table = translations
    self.file = nil
    self.rule = pluralRule
  }

  /// An empty catalog: English, the source language.
  package static let source = Catalog()

  /// Translated forms by msgid: one form, or one per plural form for a message with a plural.
  /// Decodes a whole `.mo` file: for tests and tools, not for looking messages up.
  package var translations: [String: [String]] { file?.everyTranslation() ?? table }

  /// The plural rule from the catalog's `Plural-Forms:` header (Germanic without one).
  package var pluralRule: PluralRule { file?.pluralRule() ?? rule }

  /// Whether no message has a translation: the source language.
  package var isEmpty: Bool { file.map { !$0.hasTranslations } ?? table.isEmpty }

  /// The forms for `msgid`, nil when it has no translation.
  package func translation(of msgid: String) -> [String]? {
    guard let file else { return table[msgid] }
    return file.translation(of: msgid)
  }

  /// Reads a `.mo` file (GNU gettext manual, "The Format of GNU MO Files"), either byte order.
  /// Every string's place is checked here; a file whose messages are not sorted (msgfmt sorts them)
  /// is decoded whole instead of searched.
  package init(mo bytes: [UInt8]) throws(CatalogError) {
    let file = try MOFile(bytes)
    if file.isSorted {
      self.init()
      self.file = file
    } else {
      self.init(translations: file.everyTranslation(), pluralRule: file.pluralRule())
    }
  }

  /// The catalog compiled into the program for `language`, nil for English or a language without one.
  ///
  /// Nothing is decoded or checked here: the bytes lie in the program as msgfmt wrote them (checked by
  /// `make catalogs` and by the tests, as ``init(mo:)`` checks a file from elsewhere), so the first
  /// prompt costs a few lookups, in any language.
  package static func embedded(_ language: Language) -> Catalog? {
    guard let bytes = embeddedMO(language.code) else { return nil }
    var catalog = Catalog()
    catalog.file = MOFile(compiledIn: bytes)
    return catalog
  }

  /// Languages whose catalogs are compiled into the program.
  static var embeddedLanguages: [Language] { embeddedCodes.map(Language.init(code:)) }
}
