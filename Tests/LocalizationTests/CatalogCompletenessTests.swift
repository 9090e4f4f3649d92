import Foundation
import XCTest

/// Every message the sources pass to the catalog is translated, checked and placeholder-true.
final class CatalogCompletenessTests: XCTestCase {
  static let sources = POFile.folder.deletingLastPathComponent().appendingPathComponent("Sources")

  /// The messages of every `tr`, `trn`, `trc` and `trMark` call with a string literal, as catalog keys.
  static func messagesInSources() throws -> [(key: String, file: String)] {
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

  func testEveryMessageInTheSourcesIsTranslated() throws {
    let po = try POFile.load("zh_CN.po")
    var translated: [String: POFile.Entry] = [:]
    for entry in po.messages { translated[entry.key] = entry }
    let messages = try Self.messagesInSources()
    XCTAssertGreaterThan(messages.count, 200)
    for (key, file) in messages {
      guard let entry = translated[key] else {
        XCTFail("\(file): \"\(key)\" is not in po/zh_CN.po; run `make pot` and translate it")
        continue
      }
      XCTAssertFalse(entry.flags.contains("fuzzy"), "\(file): \"\(key)\" is fuzzy in po/zh_CN.po")
      XCTAssertTrue(
        !entry.msgstr.isEmpty && entry.msgstr.allSatisfy { !$0.isEmpty },
        "\(file): \"\(key)\" is untranslated in po/zh_CN.po")
    }
    let template = try POFile.load("practice.pot")
    let inTemplate = Set(template.messages.map(\.key))
    for (key, file) in messages where !inTemplate.contains(key) {
      XCTFail("\(file): \"\(key)\" is not in po/practice.pot; run `make pot`")
    }
  }

  func testTranslationsKeepThePlaceholders() throws {
    for entry in try POFile.load("zh_CN.po").messages {
      let expected = Self.placeholders(entry.msgid).union(Self.placeholders(entry.msgidPlural ?? ""))
      for form in entry.msgstr {
        XCTAssertEqual(Self.placeholders(form), expected, "\"\(entry.msgid)\" → \"\(form)\"")
      }
    }
  }

  /// gettext's own check: formats, headers, and no fuzzy or untranslated entry.
  func testMsgfmtFindsNothingUntranslatedOrFuzzy() throws {
    guard let msgfmt = ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first(where: FileManager.default.isExecutableFile)
    else { throw XCTSkip("msgfmt is not installed (make installs Debian's gettext)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: msgfmt)
    process.arguments = [
      "--check", "--statistics", "-o", "/dev/null", POFile.folder.appendingPathComponent("zh_CN.po").path,
    ]
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, report)
    XCTAssertTrue(report.contains("translated message"), report)
    XCTAssertFalse(report.contains("fuzzy") || report.contains("untranslated"), report)
  }
}
