import Foundation

/// The translations of one language, read from a compiled gettext `.mo` file.
///
/// A message without a translation (or with an empty one) is shown in English, as gettext does.
///
/// ```swift
/// let catalog = try Catalog(mo: bytes)
/// catalog.translation(of: "Score") // ["得分"]
/// ```
public struct Catalog: Sendable {
  /// Translated forms by msgid: one form, or one per plural form for a message with a plural.
  public var translations: [String: [String]]
  public var pluralRule: PluralRule

  public init(translations: [String: [String]] = [:], pluralRule: PluralRule = .germanic) {
    self.translations = translations
    self.pluralRule = pluralRule
  }

  /// An empty catalog: English, the source language.
  public static let source = Catalog()

  /// The forms for `msgid`, nil when it has no translation.
  public func translation(of msgid: String) -> [String]? { translations[msgid] }

  /// Reads a `.mo` file (GNU gettext manual, "The Format of GNU MO Files"), either byte order.
  public init(mo bytes: [UInt8]) throws(CatalogError) {
    func word(_ offset: Int, swapped: Bool) throws(CatalogError) -> Int {
      guard offset >= 0, offset + 4 <= bytes.count else { throw CatalogError("truncated at byte \(offset)") }
      let b = bytes[offset..<offset + 4].map(UInt32.init)
      let little = b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
      let big = b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
      return Int(swapped ? big : little)
    }
    let magic = try word(0, swapped: false)
    let swapped: Bool
    if magic == 0x9504_12de {
      swapped = false
    } else if magic == 0xde12_0495 {
      swapped = true
    } else {
      throw CatalogError("not a .mo file (magic number \(String(magic, radix: 16)))")
    }
    let count = try word(8, swapped: swapped)
    let originals = try word(12, swapped: swapped)
    let translated = try word(16, swapped: swapped)
    func string(table: Int, index: Int) throws(CatalogError) -> [String] {
      let length = try word(table + 8 * index, swapped: swapped)
      let offset = try word(table + 8 * index + 4, swapped: swapped)
      guard offset >= 0, length >= 0, offset + length <= bytes.count else {
        throw CatalogError("string \(index) lies outside the file")
      }
      return bytes[offset..<offset + length].split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
    var translations: [String: [String]] = [:]
    var rule = PluralRule.germanic
    for index in 0..<count {
      let msgid = try string(table: originals, index: index)[0]
      let forms = try string(table: translated, index: index)
      if msgid.isEmpty {
        // The header entry: `Plural-Forms: nplurals=1; plural=0;` among its lines.
        for line in forms.joined().split(separator: "\n") where line.hasPrefix("Plural-Forms:") {
          rule = PluralRule(header: String(line.dropFirst("Plural-Forms:".count))) ?? rule
        }
        continue
      }
      if forms.contains(where: { !$0.isEmpty }) { translations[msgid] = forms }
    }
    self.init(translations: translations, pluralRule: rule)
  }

  /// The catalog compiled into the program for `language`, nil for English or a language without one.
  public static func embedded(_ language: Language) -> Catalog? { embeddedCatalogs[language.code] }

  /// Languages whose catalogs are compiled into the program, by code.
  static var embeddedLanguages: [Language] { embeddedMO.keys.sorted().map(Language.init(code:)) }

  /// Decoded once, on first use.
  private static let embeddedCatalogs: [String: Catalog] = embeddedMO.compactMapValues { base64 in
    guard let data = Data(base64Encoded: base64) else { return nil }
    return try? Catalog(mo: Array(data))
  }
}
