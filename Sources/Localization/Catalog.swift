/// The translations of one language, read from a compiled gettext `.mo` file.
///
/// A message without a translation (or with an empty one) is shown in English, as gettext does.
///
/// ```swift
/// let catalog = try Catalog(mo: bytes)
/// catalog.translation(of: "Score") // ["得分"]
/// ```
public struct Catalog: Sendable {
  /// Translations made in memory (`init(translations:pluralRule:)`).
  private var table: [String: [String]]
  /// A `.mo` file looked up in place: its messages are sorted, so a lookup is a binary search and
  /// nothing is decoded before it is asked for (the first prompt shows only a few messages).
  private var file: MOFile?
  private var rule: PluralRule

  public init(translations: [String: [String]] = [:], pluralRule: PluralRule = .germanic) {
    self.table = translations
    self.file = nil
    self.rule = pluralRule
  }

  /// An empty catalog: English, the source language.
  public static let source = Catalog()

  /// Translated forms by msgid: one form, or one per plural form for a message with a plural.
  /// Decodes a whole `.mo` file: for tests and tools, not for looking messages up.
  public var translations: [String: [String]] { file?.everyTranslation() ?? table }

  /// The plural rule from the catalog's `Plural-Forms:` header (Germanic without one).
  public var pluralRule: PluralRule { file?.pluralRule() ?? rule }

  /// Whether no message has a translation: the source language.
  public var isEmpty: Bool { file.map { !$0.hasTranslations } ?? table.isEmpty }

  /// The forms for `msgid`, nil when it has no translation.
  public func translation(of msgid: String) -> [String]? {
    guard let file else { return table[msgid] }
    return file.translation(of: msgid)
  }

  /// Reads a `.mo` file (GNU gettext manual, "The Format of GNU MO Files"), either byte order.
  /// Every string's place is checked here; a file whose messages are not sorted (msgfmt sorts them)
  /// is decoded whole instead of searched.
  public init(mo bytes: [UInt8]) throws(CatalogError) {
    let file = try MOFile(bytes)
    if file.isSorted {
      self.init()
      self.file = file
    } else {
      self.init(translations: file.everyTranslation(), pluralRule: file.pluralRule())
    }
  }

  /// The catalog compiled into the program for `language`, nil for English or a language without one.
  public static func embedded(_ language: Language) -> Catalog? {
    embeddedMO[language.code] == nil ? nil : embeddedCatalogs[language.code]
  }

  /// Languages whose catalogs are compiled into the program, by code.
  static var embeddedLanguages: [Language] { embeddedMO.keys.sorted().map(Language.init(code:)) }

  /// Decoded once, on first use (English, which has none, never decodes any).
  private static let embeddedCatalogs: [String: Catalog] = embeddedMO.compactMapValues { base64 in
    guard let bytes = decodedBase64(base64) else { return nil }
    return try? Catalog(mo: bytes)
  }

  /// The bytes of standard base64 text (`=` padding, no line breaks), nil when it is not that.
  /// Decoded here rather than by Foundation's `Data`, whose first use costs more than the decoding
  /// at every start in Chinese.
  ///
  /// ```swift
  /// Catalog.decodedBase64("aGk=")  // [0x68, 0x69]
  /// ```
  static func decodedBase64(_ text: String) -> [UInt8]? {
    let utf8 = text.utf8
    guard utf8.count % 4 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count / 4 * 3)
    var group: UInt32 = 0
    var filled = 0
    var padding = 0
    for character in utf8 {
      let value: UInt8
      switch character {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        padding += 1
        value = 0
      default: return nil
      }
      // Padding only at the very end, at most two.
      guard padding == 0 || character == UInt8(ascii: "="), padding <= 2 else { return nil }
      group = group << 6 | UInt32(value)
      filled += 1
      if filled == 4 {
        bytes.append(UInt8(group >> 16 & 0xFF))
        bytes.append(UInt8(group >> 8 & 0xFF))
        bytes.append(UInt8(group & 0xFF))
        group = 0
        filled = 0
      }
    }
    bytes.removeLast(padding)
    return bytes
  }
}
