import Foundation
import PracticeTestSupport
import XCTest

/// Every message the sources pass to the catalog is translated, checked and placeholder-true.
final class CatalogCompletenessTests: XCTestCase {
  static let sources = POFile.folder.deletingLastPathComponent().appendingPathComponent("Sources")

  /// The messages of every `tr`, `trn`, `trc` and `trMark` call with a string literal, as catalog keys.
  static func messagesInSources(_ sources: URL = sources) throws -> [(key: String, file: String)] {
    let literal = #""((?:[^"\\\n]|\\.)*)""#
    let patterns = [
      (#"\btr\(\s*"# + literal, false), (#"\btrMark\(\s*"# + literal, false),
      (#"\btrn\(\s*"# + literal, false), (#"\btrc\(\s*"# + literal + #"\s*,\s*"# + literal, true),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }
    var found: [(String, String)] = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let url as URL in files where url.pathExtension == "swift" {
      // Comments (doc examples) are not messages.
      let text = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.drop(while: { $0 == " " }).hasPrefix("//") }.joined(separator: "\n")
      let range = NSRange(text.startIndex..., in: text)
      for (regex, hasContext) in patterns {
        for match in regex.matches(in: text, range: range) {
          func group(_ i: Int) -> String { unescape(String(text[Range(match.range(at: i), in: text)!])) }
          found.append((hasContext ? group(1) + "\u{4}" + group(2) : group(1), url.lastPathComponent))
        }
      }
      XCTAssertFalse(
        text.contains("tr(\"\"\"") || text.contains("trMark(\"\"\""),
        "\(url.lastPathComponent): messages are one-line literals (xgettext reads them as C strings)")
    }
    return found
  }

  static func unescape(_ s: String) -> String {
    var result = ""
    var escaping = false
    for c in s {
      if escaping {
        result.append(c == "n" ? "\n" : c == "t" ? "\t" : c)
        escaping = false
      } else if c == "\\" {
        escaping = true
      } else {
        result.append(c)
      }
    }
    return result
  }

  static func placeholders(_ text: String) -> Set<String> {
    let regex = try! NSRegularExpression(pattern: #"\{([A-Za-z][A-Za-z0-9]*)\}"#)
    return Set(
      regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
        String(text[Range($0.range(at: 1), in: text)!])
      })
  }

  /// Messages of `messages` that `po` lacks, or has fuzzy or untranslated, and those `template` lacks.
  static func untranslated(_ messages: [(key: String, file: String)], po: POFile, template: POFile) -> [String] {
    var translated: [String: POFile.Entry] = [:]
    for entry in po.messages { translated[entry.key] = entry }
    var problems: [String] = []
    for (key, file) in messages {
      guard let entry = translated[key] else {
        problems.append("\(file): \"\(key)\" is not in po/zh_CN.po; run `make pot` and translate it")
        continue
      }
      if entry.flags.contains("fuzzy") { problems.append("\(file): \"\(key)\" is fuzzy in po/zh_CN.po") }
      if entry.msgstr.isEmpty || entry.msgstr.contains(where: \.isEmpty) {
        problems.append("\(file): \"\(key)\" is untranslated in po/zh_CN.po")
      }
    }
    let inTemplate = Set(template.messages.map(\.key))
    for (key, file) in messages where !inTemplate.contains(key) {
      problems.append("\(file): \"\(key)\" is not in po/practice.pot; run `make pot`")
    }
    return problems
  }

  /// Translations whose `{name}` placeholders differ from their message's.
  static func placeholderMismatches(_ po: POFile) -> [String] {
    var problems: [String] = []
    for entry in po.messages {
      let expected = placeholders(entry.msgid).union(placeholders(entry.msgidPlural ?? ""))
      for form in entry.msgstr where placeholders(form) != expected {
        problems.append(
          "\"\(entry.msgid)\" → \"\(form)\": placeholders \(placeholders(form).sorted()), not \(expected.sorted())")
      }
    }
    return problems
  }

  static let msgfmt = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first(where: FileManager.default.isExecutableFile)

  /// gettext's own check of `file`: nil when it passes (formats, headers, no fuzzy or untranslated entry), else its report.
  static func msgfmtProblem(_ file: URL) throws -> String? {
    guard let msgfmt else { throw XCTSkip("msgfmt is not installed (make installs Debian's gettext)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: msgfmt)
    process.arguments = ["--check", "--statistics", "-o", "/dev/null", file.path]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let clean =
      process.terminationStatus == 0 && report.contains("translated message")
      && !report.contains("fuzzy") && !report.contains("untranslated")
    return clean ? nil : "msgfmt exited with \(process.terminationStatus): \(report)"
  }

  func testEveryMessageInTheSourcesIsTranslated() throws {
    let messages = try Self.messagesInSources()
    XCTAssertGreaterThan(messages.count, 200)
    let problems = Self.untranslated(
      messages, po: try POFile.load("zh_CN.po"), template: try POFile.load("practice.pot"))
    XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
  }

  func testTranslationsKeepThePlaceholders() throws {
    let problems = Self.placeholderMismatches(try POFile.load("zh_CN.po"))
    XCTAssertEqual(problems, [], problems.joined(separator: "\n"))
  }

  /// gettext's own check: formats, headers, and no fuzzy or untranslated entry.
  func testMsgfmtFindsNothingUntranslatedOrFuzzy() throws {
    let problem = try Self.msgfmtProblem(POFile.folder.appendingPathComponent("zh_CN.po"))
    XCTAssertNil(problem, problem ?? "")
  }

  /// The checks above fail on a broken copy of the catalog (a message removed, made fuzzy, a
  /// placeholder renamed in its translation) and on an English sentence added to a source file:
  /// a check that passes on these would pass on anything.
  func testTheChecksFailOnABrokenCatalogCopy() throws {
    let folder = try TemporaryFolder()
    let text = try String(contentsOf: POFile.folder.appendingPathComponent("zh_CN.po"), encoding: .utf8)
    let template = try POFile.load("practice.pot")
    let messages = try Self.messagesInSources()
    XCTAssertEqual(Self.untranslated(messages, po: POFile(text: text), template: template), [])
    // A message of the sources with a placeholder, its entry found by its msgid line.
    let msgid = #"msgid "Could not {action}: {operation} {path} failed ({reason}); {advice}.""#
    XCTAssertTrue(text.contains(msgid + "\n"), "the message this test breaks is gone: pick another")
    let key = "Could not {action}: {operation} {path} failed ({reason}); {advice}."
    func write(_ broken: String) throws -> (po: POFile, file: URL) {
      let file = folder.url.appendingPathComponent("zh_CN.po")
      try broken.write(to: file, atomically: true, encoding: .utf8)
      return (POFile(text: broken), file)
    }

    // Removed: the translation of a message the sources use is gone.
    let removed = try write(
      text.replacingOccurrences(of: msgid + "\n", with: #"msgid "a message no source has""# + "\n"))
    XCTAssertTrue(
      Self.untranslated(messages, po: removed.po, template: template).contains {
        $0.contains("\"\(key)\" is not in po/zh_CN.po")
      })

    // Fuzzy: msgmerge's guess for a changed message, not yet checked by a translator.
    let fuzzy = try write(text.replacingOccurrences(of: msgid + "\n", with: "#, fuzzy\n" + msgid + "\n"))
    XCTAssertTrue(
      Self.untranslated(messages, po: fuzzy.po, template: template).contains { $0.contains("\"\(key)\" is fuzzy") })
    XCTAssertNotNil(try Self.msgfmtProblem(fuzzy.file))

    // Untranslated: an empty msgstr.
    let translation = try XCTUnwrap(fuzzy.po.messages.first { $0.key == key }?.msgstr.first)
    let empty = try write(text.replacingOccurrences(of: #"msgstr ""# + translation + "\"", with: #"msgstr """#))
    XCTAssertTrue(
      Self.untranslated(messages, po: empty.po, template: template).contains {
        $0.contains("\"\(key)\" is untranslated")
      })
    XCTAssertNotNil(try Self.msgfmtProblem(empty.file))

    // A placeholder renamed in the translation: the value would never be filled in.
    let renamed = try write(
      text.replacingOccurrences(
        of: #"msgstr ""# + translation + "\"",
        with: #"msgstr ""# + translation.replacingOccurrences(of: "{reason}", with: "{cause}") + "\""))
    XCTAssertEqual(Self.placeholderMismatches(renamed.po).count, 1, "\(Self.placeholderMismatches(renamed.po))")
    XCTAssertEqual(Self.placeholderMismatches(POFile(text: text)), [])

    // Missing from the template: `make pot` was not run.
    let template2 = POFile(
      text: try String(contentsOf: POFile.folder.appendingPathComponent("practice.pot"), encoding: .utf8)
        .replacingOccurrences(of: msgid + "\n", with: #"msgid "a message no source has""# + "\n"))
    XCTAssertTrue(
      Self.untranslated(messages, po: POFile(text: text), template: template2).contains {
        $0.contains("is not in po/practice.pot")
      })

    // An English sentence in a source file, not passed to the catalog.
    let sources = folder.url.appendingPathComponent("Sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try #"errors.line("practice: this sentence never reached the catalog")"#
      .write(to: sources.appendingPathComponent("Added.swift"), atomically: true, encoding: .utf8)
    XCTAssertEqual(
      try UntranslatedTextTests.untranslatedLiterals(in: sources).found,
      [#"Added.swift:1: "practice: this sentence never reached the catalog""#])
    // …and a message passed to the catalog that the catalog lacks.
    try #"let s = messages.tr("a message the catalog has never seen")"#
      .write(to: sources.appendingPathComponent("Added.swift"), atomically: true, encoding: .utf8)
    XCTAssertEqual(try UntranslatedTextTests.untranslatedLiterals(in: sources).found, [])
    XCTAssertEqual(
      Self.untranslated(try Self.messagesInSources(sources), po: POFile(text: text), template: template).count, 2)
  }
}
