import Foundation
import PracticeTestSupport
import XCTest

@testable import Localization

final class LanguageTests: XCTestCase {
  func testTagsNameTheLanguagesWithCatalogs() {
    for tag in ["zh", "zh_CN", "zh-CN", "zh-Hans", "zh_CN.UTF-8", "zh_TW.Big5", "ZH"] {
      XCTAssertEqual(Language(tag: tag), .chinese, tag)
    }
    for tag in ["en", "en_US.UTF-8", "en-GB", "en_US@euro"] { XCTAssertEqual(Language(tag: tag), .english, tag) }
    for tag in ["", "C", "POSIX", "C.UTF-8", "fr_FR.UTF-8", "klingon"] { XCTAssertNil(Language(tag: tag), tag) }
  }

  func testTheOptionThenGettextsVariablesThenTheCourse() {
    func choose(_ environment: [String: String], course: String? = "zh-Hans", option: Language? = nil) -> Language {
      Language.choose(option: option, environment: environment, courseLanguage: course)
    }
    XCTAssertEqual(choose(["LANG": "zh_CN.UTF-8"], option: .english), .english)
    XCTAssertEqual(choose(["LANG": "en_US.UTF-8"], course: "en", option: .chinese), .chinese)
    XCTAssertEqual(choose(["LANGUAGE": "en", "LC_ALL": "zh_CN.UTF-8"]), .english)
    XCTAssertEqual(choose(["LANGUAGE": "fr:zh_CN:en", "LANG": "en_US.UTF-8"]), .chinese, "first known of the list")
    XCTAssertEqual(choose(["LANGUAGE": "fr", "LANG": "zh_CN.UTF-8"], course: "en"), .chinese, "none known: the locale")
    XCTAssertEqual(choose(["LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"]), .english)
    XCTAssertEqual(choose(["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"], course: "en"), .chinese)
    XCTAssertEqual(choose(["LC_ALL": "", "LANG": "zh_CN.UTF-8"], course: "en"), .chinese, "empty means unset")
    XCTAssertEqual(choose(["LANG": "fr_FR.UTF-8"]), .english, "a language without a catalog: the source language")
    // The C locale, or none, says nothing: the course decides.
    XCTAssertEqual(choose([:]), .chinese)
    XCTAssertEqual(choose(["LANG": "C.UTF-8"]), .chinese)
    XCTAssertEqual(choose(["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]), .chinese)
    XCTAssertEqual(choose(["LANG": "C"], course: "en"), .english)
    XCTAssertEqual(choose(["LANG": "C"], course: nil), .english)
    XCTAssertEqual(choose(["LANG": "C"], course: "de"), .english)
  }
}

final class PluralRuleTests: XCTestCase {
  func testGettextsDocumentedRules() throws {
    let english = try XCTUnwrap(PluralRule(header: " nplurals=2; plural=(n != 1);"))
    XCTAssertEqual([0, 1, 2, 21].map(english.form(for:)), [1, 0, 1, 1])
    let chinese = try XCTUnwrap(PluralRule(header: "nplurals=1; plural=0;"))
    XCTAssertEqual([0, 1, 2].map(chinese.form(for:)), [0, 0, 0])
    let french = try XCTUnwrap(PluralRule(header: "nplurals=2; plural=n>1;"))
    XCTAssertEqual([0, 1, 2].map(french.form(for:)), [0, 0, 1])
    let russian = try XCTUnwrap(
      PluralRule(
        header:
          "nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;"))
    XCTAssertEqual([1, 2, 5, 11, 12, 21, 22, 25, 111, 101].map(russian.form(for:)), [0, 1, 2, 2, 2, 0, 1, 2, 2, 0])
    let arabic = try XCTUnwrap(
      PluralRule(
        header:
          "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"))
    XCTAssertEqual([0, 1, 2, 3, 11, 100].map(arabic.form(for:)), [0, 1, 2, 3, 4, 5])
    let negation = try XCTUnwrap(PluralRule(header: "nplurals=2; plural=!(n==1);"))
    XCTAssertEqual([1, 3].map(negation.form(for:)), [0, 1])
  }

  func testMalformedRulesAreRefusedAndFormsClamped() throws {
    for header in [
      "nplurals=2;", "plural=n!=1;", "nplurals=2; plural=(n != 1;", "nplurals=2; plural=n +;", "nplurals=0; plural=0;",
    ] {
      XCTAssertNil(PluralRule(header: header), header)
    }
    let outOfRange = try XCTUnwrap(PluralRule(header: "nplurals=2; plural=n;"))
    XCTAssertEqual(outOfRange.form(for: 7), 0, "a form beyond nplurals falls back to the first")
  }
}

final class LocalizerTests: XCTestCase {
  let chinese = Localizer(
    language: .chinese,
    catalog: Catalog(
      translations: [
        "Score: {right} of {total} right": ["得分：{total} 题答对 {right} 题"],
        "{count} question": ["{count} 题"],
        "%Y-%m-%d": ["%Y年%-m月%-d日"],
        "empty": [""],
      ], pluralRule: PluralRule(header: "nplurals=1; plural=0;")!))

  func testNamedPlaceholdersFollowTheTranslationsOrder() {
    XCTAssertEqual(
      chinese.tr("Score: {right} of {total} right", ["right": 3, "total": 7]), "得分：7 题答对 3 题")
    XCTAssertEqual(
      Localizer.english.tr("Score: {right} of {total} right", ["right": 3, "total": 7]), "Score: 3 of 7 right")
    XCTAssertEqual(chinese.tr("not translated {x}", ["x": "→"]), "not translated →")
    XCTAssertEqual(Localizer.english.tr("a {b} {unknown} {", ["b": "{unknown}"]), "a {unknown} {unknown} {")
    XCTAssertEqual(Localizer.english.tr("{a}{a}", ["a": 1]), "11")
  }

  func testPluralsChooseTheFormOfTheLanguage() {
    XCTAssertEqual(Localizer.english.trn("{count} question", "{count} questions", count: 1), "1 question")
    XCTAssertEqual(Localizer.english.trn("{count} question", "{count} questions", count: 0), "0 questions")
    XCTAssertEqual(chinese.trn("{count} question", "{count} questions", count: 2), "2 题")
  }

  func testDatesAsTheLanguageWritesThem() {
    XCTAssertEqual(Localizer.english.date(year: 2026, month: 12, day: 1), "2026-12-01")
    XCTAssertEqual(chinese.date(year: 2026, month: 12, day: 1), "2026年12月1日")
  }

  func testTheEmbeddedChineseCatalogIsThere() throws {
    let catalog = try XCTUnwrap(Catalog.embedded(.chinese))
    XCTAssertEqual(catalog.pluralRule.count, 1)
    XCTAssertEqual(Localizer(language: .chinese).date(year: 2026, month: 12, day: 1), "2026年12月1日")
    XCTAssertNil(Catalog.embedded(.english))
    XCTAssertTrue(Localizer(language: .english).isEnglish)
  }
}

final class CatalogTests: XCTestCase {
  /// msgfmt's output in both byte orders reads back as the PO file says.
  func testReadsWhatMsgfmtWrites() throws {
    guard let msgfmt = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first(where: FileManager.default.isExecutableFile)
    else { throw XCTSkip("msgfmt is not installed (make installs Debian's gettext)") }
    let temporary = TemporaryFolder(prefix: "catalog")
    let folder = temporary.url
    let po = """
      msgid ""
      msgstr ""
      "Content-Type: text/plain; charset=UTF-8\\n"
      "Plural-Forms: nplurals=3; plural=n==1 ? 0 : n==2 ? 1 : 2;\\n"

      msgid "Score"
      msgstr "得分"

      msgid "{count} file"
      msgid_plural "{count} files"
      msgstr[0] "one {count}"
      msgstr[1] "two {count}"
      msgstr[2] "many {count}"

      msgid "untranslated"
      msgstr ""

      """
    try po.write(to: folder.appendingPathComponent("x.po"), atomically: true, encoding: .utf8)
    for endianness in ["little", "big"] {
      let mo = folder.appendingPathComponent("x-\(endianness).mo")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: msgfmt)
      process.arguments = ["--endianness=\(endianness)", "-o", mo.path, folder.appendingPathComponent("x.po").path]
      try process.run()
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0)
      let catalog = try Catalog(mo: Array(Data(contentsOf: mo)))
      let l = Localizer(language: Language(code: "xx"), catalog: catalog)
      XCTAssertEqual(l.tr("Score"), "得分", endianness)
      XCTAssertEqual(l.tr("untranslated"), "untranslated")
      XCTAssertEqual((1...3).map { l.trn("{count} file", "{count} files", count: $0) }, ["one 1", "two 2", "many 3"])
    }
  }

  func testDamagedFilesAreRefused() {
    XCTAssertThrowsError(try Catalog(mo: []))
    XCTAssertThrowsError(try Catalog(mo: Array("not a catalog at all".utf8)))
    var header: [UInt8] = [0xde, 0x12, 0x04, 0x95, 0, 0, 0, 0, 5, 0, 0, 0, 200, 0, 0, 0, 240, 0, 0, 0]
    XCTAssertThrowsError(try Catalog(mo: header), "tables beyond the end")
    header[8] = 0
    XCTAssertNoThrow(try Catalog(mo: header))
  }

  /// The catalog compiled into the program is the one `po/zh_CN.po` says: run `make catalogs` after editing it.
  func testTheEmbeddedCatalogMatchesThePOFile() throws {
    let po = try POFile.load("zh_CN.po")
    let embedded = try XCTUnwrap(Catalog.embedded(.chinese))
    var expected: [String: [String]] = [:]
    for entry in po.messages where !entry.flags.contains("fuzzy") && entry.msgstr.contains(where: { !$0.isEmpty }) {
      expected[entry.key] = entry.msgstr
    }
    XCTAssertEqual(
      embedded.translations, expected,
      "Sources/Localization/EmbeddedCatalogs.swift is stale: run `make catalogs` after editing po/zh_CN.po")
  }

  /// A `.mo` catalog is searched in place: every message found by the search is the one decoding the
  /// whole file gives, and nothing else is found.
  func testLookingUpInPlaceFindsWhatDecodingFinds() throws {
    let embedded = try XCTUnwrap(Catalog.embedded(.chinese))
    let all = embedded.translations
    XCTAssertGreaterThan(all.count, 100)
    for (msgid, forms) in all { XCTAssertEqual(embedded.translation(of: msgid), forms, msgid) }
    for missing in ["", "\u{0}", "zzzz not a message", "Score ", String(all.keys.sorted().first!.dropLast())] {
      XCTAssertNil(embedded.translation(of: missing), missing)
    }
    XCTAssertFalse(embedded.isEmpty)
    XCTAssertTrue(Catalog.source.isEmpty)
    XCTAssertNil(Catalog.embedded(.english))
  }

  /// Messages out of order (msgfmt sorts them; another tool might not) are decoded whole, still found.
  func testAnUnsortedCatalogIsStillRead() throws {
    // Two messages, "b" then "a", translated "B" and "A"; little-endian.
    func le(_ v: Int) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xff) } }
    let strings = 28 + 16 + 16
    var mo = le(0x9504_12de) + le(0) + le(2) + le(28) + le(44) + le(0) + le(0)
    mo += le(1) + le(strings) + le(1) + le(strings + 2)
    mo += le(1) + le(strings + 4) + le(1) + le(strings + 6)
    mo += Array("b\0a\0B\0A\0".utf8)
    let catalog = try Catalog(mo: mo)
    XCTAssertEqual(catalog.translation(of: "a"), ["A"])
    XCTAssertEqual(catalog.translation(of: "b"), ["B"])
    XCTAssertNil(catalog.translation(of: "c"))
  }
}

final class MessageTests: XCTestCase {
  let chinese = Localizer(
    language: .chinese,
    catalog: Catalog(
      translations: [
        "question \"{id}\": {problem}": ["题目“{id}”：{problem}"], "a number": ["数字"],
        "\"{field}\" must be a string, found {found}": ["\"{field}\" 应该是字符串，这里却是{found}"],
        "{count} warning": ["{count} 个警告"], "ctx\u{4}none": ["空的"],
      ], pluralRule: PluralRule(header: "nplurals=1; plural=0;")!))

  func testAMessageIsTranslatedWhereItIsShownWithTheMessagesInside() {
    let inner = Message.tr(
      "\"{field}\" must be a string, found {found}", ["field": "id", "found": Message.tr("a number")])
    let problem = Message.tr("question \"{id}\": {problem}", ["id": "q1", "problem": inner])
    XCTAssertEqual(problem.description, "question \"q1\": \"id\" must be a string, found a number")
    XCTAssertEqual(chinese.tr(problem), "题目“q1”：\"id\" 应该是字符串，这里却是数字")
  }

  func testPluralsContextsAndVerbatimText() {
    XCTAssertEqual(Message.trn("{count} warning", "{count} warnings", count: 2).description, "2 warnings")
    XCTAssertEqual(chinese.tr(.trn("{count} warning", "{count} warnings", count: 2)), "2 个警告")
    XCTAssertEqual(chinese.tr(.trc("ctx", "none")), "空的")
    XCTAssertEqual(chinese.tr(.tr("none")), "none", "without the context, another message")
    // A file's own words are never looked up, even when they happen to be a message of the catalog.
    XCTAssertEqual(chinese.tr(.verbatim("a number")), "a number")
    XCTAssertEqual(chinese.tr(.tr("{x} {y}", ["x": "{y}", "y": "b"])), "{y} b", "values are not filled again")
  }
}
