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
    var text = text
    return text.withUTF8 { decodedBase64($0) }
  }

  /// The value of each base64 digit by its byte; 0xFF for a byte that is not one (`=` included).
  private static let base64Values: [UInt8] = {
    var values = [UInt8](repeating: 0xFF, count: 256)
    for (value, digit) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      values[Int(digit)] = UInt8(value)
    }
    return values
  }()

  private static func decodedBase64(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    guard text.count % 4 == 0 else { return nil }
    var padding = 0
    if text.count >= 4, text[text.count - 1] == UInt8(ascii: "=") {
      padding = text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1
    }
    let count = text.count / 4 * 3 - padding
    var valid = true
    let bytes = base64Values.withUnsafeBufferPointer { values in
      [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
        var written = 0
        var i = 0
        while i < text.count {
          let a = values[Int(text[i])]
          let b = values[Int(text[i + 1])]
          // The padding, only in the last group, reads as zeros.
          let last = i + 4 == text.count
          let c = last && padding == 2 ? 0 : values[Int(text[i + 2])]
          let d = last && padding >= 1 ? 0 : values[Int(text[i + 3])]
          if (a | b | c | d) & 0xC0 != 0 {
            valid = false
            break
          }
          let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
          output[written] = UInt8(truncatingIfNeeded: group >> 16)
          if written + 1 < count { output[written + 1] = UInt8(truncatingIfNeeded: group >> 8) }
          if written + 2 < count { output[written + 2] = UInt8(truncatingIfNeeded: group) }
          written = min(written + 3, count)
          i += 4
        }
        initialized = written
      }
    }
    return valid ? bytes : nil
  }
}
