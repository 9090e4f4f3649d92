import Foundation
import XCTest

/// Text a person reads that bypasses the catalog: a string literal of English words in the sources
/// that is not the message of a `tr`, `trn`, `trc` or `trMark` call.
///
/// The completeness test sees only the messages already passed to the catalog; this one finds those
/// that never were. Machine text (JSON keys and schemas, CSS, journal fields, command names, the
/// developers' own assertions) is allowed by file or by the call it is in, explicitly below.
final class UntranslatedTextTests: XCTestCase {
  /// Files whose literals are machine text: schemas, markup, file formats, the benchmark tool.
  static let machineTextFiles: Set<String> = [
    "EmbeddedCatalogs.swift",  // generated
    "ReportSchema.swift",  // the JSON schemas of the reports (their descriptions are for programmers)
    "HTMLPage.swift",  // CSS and SVG markup
    "StyledBuilder.swift", "StyledBuilder+Tags.swift",  // the CSS of the course text it reads
    "JournalRecord.swift", "SnapshotCodec.swift",  // the progress files' fields
    "MoodleXMLExporter.swift", "MoodleCalculatedWriter.swift", "GiftExporter.swift",  // other tools' file formats
    "GiftAnswerWriter.swift", "MoodleXMLWriter.swift",  // the same, for each type's bank format below
    "main.swift",  // practice-bench's own report, for developers
    "HelpText.swift",  // the command syntax lines of --help (their explanations are messages)
    // Each command's syntax lines, names and option labels (`--output FILE`), as typed in every language.
    "Commands+Study.swift", "Commands+Validate.swift", "Commands+Import.swift", "Commands+Export.swift",
    "Commands+Report.swift", "Commands+Class.swift", "OptionGroup.swift",
    "ShellCommand.swift",  // the commands' syntax lines (`toggle ADDR`), as typed in every language
    // practice.1 in roff, in the catalog's source language (a translated page would be a second file,
    // man/zh_CN/man1), and shell completion scripts: file formats of other tools.
    "ManualPage.swift", "CompletionScript.swift",
    "Catalog.swift", "CatalogError.swift", "MOFile.swift",  // a broken .mo: checked at build time
  ]

  /// Each question type's GIFT answers and Moodle XML body (`Matching+BankFormat.swift`): other
  /// tools' file formats, one file per type.
  static let machineTextSuffixes = ["+BankFormat.swift"]

  /// Files of messages another change is bringing into the catalog (issue 14's help, startup,
  /// storage and importer messages); each must leave this list as its messages are translated.
  static let notYetTranslated: Set<String> = []

  /// Messages of shared files that the same change is bringing into the catalog (resuming a session).
  static let notYetTranslatedTexts: [String] = []

  /// Literals that are machine text where they are: an enum's raw value read from course files, the
  /// column names and header keys of Anki's text export, and a reason given as the system gives its
  /// own (never shown: a history that cannot be saved is let go).
  static let machineTexts: Set<String> = [
    "temperature difference", "back extra", "note type", "deck column", "guid column", "tags column",
    "notetype column", "libedit could not save",
  ]

  /// Calls whose text is for developers, or is machine text by nature.
  static let machineCalls: Set<String> = [
    "fatalError", "precondition", "preconditionFailure", "assert", "assertionFailure", "NSRegularExpression",
    "verbatim", "XCTFail", "Logger",
    "practice_el_add_function",  // libedit's names for our key functions, as `bind -l` in an editrc lists them
  ]

  /// A literal with two English words in a row: a sentence, not a key, a symbol or a format.
  static let prose = try! NSRegularExpression(pattern: #"[A-Za-z]{2,}[ ,;:]+[A-Za-z]{2,}"#)

  func testNoTextAPersonReadsBypassesTheCatalog() throws {
    let (found, scanned) = try Self.untranslatedLiterals(in: CatalogCompletenessTests.sources)
    XCTAssertGreaterThan(scanned, 50)
    XCTAssertEqual(
      found, [],
      "text in the sources that is not a catalog message; pass it to tr/trn (or Message.tr), or allow it here "
        + "when it is machine text:\n" + found.joined(separator: "\n"))
  }

  /// The English sentences of the Swift files under `sources` that bypass the catalog (`file:line: "text"`),
  /// and how many files were read.
  static func untranslatedLiterals(in sources: URL) throws -> (found: [String], scanned: Int) {
    var found: [String] = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    var scanned = 0
    for case let url as URL in files where url.pathExtension == "swift" {
      let name = url.lastPathComponent
      if machineTextFiles.contains(name) || notYetTranslated.contains(name)
        || machineTextSuffixes.contains(where: name.hasSuffix)
      {
        continue
      }
      scanned += 1
      let text = try String(contentsOf: url, encoding: .utf8)
      for literal in SwiftLiterals.scan(text) where !literal.isInCatalogCall && !literal.isMultiline {
        if let call = literal.enclosingCall, machineCalls.contains(call) { continue }
        // HTML markup around translated text, and the exceptions listed above.
        if literal.text.hasPrefix("<") || machineTexts.contains(literal.text) { continue }
        if notYetTranslatedTexts.contains(where: { literal.text.hasPrefix($0) }) { continue }
        let words = literal.text.replacingOccurrences(of: #"\\\(.*?\)"#, with: "X", options: .regularExpression)
        guard prose.firstMatch(in: words, range: NSRange(words.startIndex..., in: words)) != nil else { continue }
        found.append("\(name):\(literal.line): \"\(literal.text)\"")
      }
    }
    return (found, scanned)
  }

  func testTheScannerTellsCatalogMessagesFromOtherText() {
    let literals = SwiftLiterals.scan(
      #"""
      // "a comment with words"
      let a = messages.tr("Score: {right} of {total}", ["right": "\(x) two words"])
      let b = messages.trn("one question", "two questions", count: 2)
      let c = Message.tr("in a message", ["k": v])
      errors.line("practice: not translated here")
      fatalError("developers only text")
      let d = "multi \("nested (paren) text") done"
      """#)
    let shown = literals.map { "\($0.text)|\($0.isInCatalogCall)|\($0.enclosingCall ?? "-")" }
    XCTAssertEqual(
      shown,
      [
        "Score: {right} of {total}|true|tr", "right|false|-", "\\(x) two words|false|-", "one question|true|trn",
        "two questions|true|trn", "in a message|true|tr", "k|false|-", "practice: not translated here|false|line",
        "developers only text|false|fatalError", "multi \\(\"nested (paren) text\") done|false|-",
      ])
  }
}

/// The string literals of Swift source, each with the call it is an argument of.
struct SwiftLiterals {
  struct Literal {
    var text: String
    var line: Int
    /// The function whose parentheses directly hold the literal (`line` for `errors.line("…")`).
    var enclosingCall: String?
    /// The message argument of `tr`, `trn`, `trc` or `trMark` (its first one or two arguments).
    var isInCatalogCall: Bool
    var isMultiline: Bool
  }

  static let catalogCalls: Set<String> = ["tr", "trn", "trc", "trMark"]

  /// Reads comments, string literals (with interpolations, raw `#"…"#` and multi-line ones) and brackets.
  static func scan(_ source: String) -> [Literal] {
    let chars = Array(source.unicodeScalars)
    var result: [Literal] = []
    // Each open bracket: its kind, the identifier before a `(`, and the argument index (commas seen).
    var stack: [(bracket: Character, call: String?, argument: Int)] = []
    var i = 0
    var line = 1
    func identifier(before index: Int) -> String? {
      var j = index - 1
      while j >= 0, chars[j] == " " { j -= 1 }
      var name = ""
      while j >= 0, CharacterSet.alphanumerics.contains(chars[j]) || chars[j] == "_" {
        name = String(chars[j]) + name
        j -= 1
      }
      return name.isEmpty ? nil : name
    }
    while i < chars.count {
      let c = chars[i]
      if c == "\n" {
        line += 1
        i += 1
      } else if c == "/", i + 1 < chars.count, chars[i + 1] == "/" {
        while i < chars.count, chars[i] != "\n" { i += 1 }
      } else if c == "/", i + 1 < chars.count, chars[i + 1] == "*" {
        i += 2
        while i + 1 < chars.count, !(chars[i] == "*" && chars[i + 1] == "/") {
          if chars[i] == "\n" { line += 1 }
          i += 1
        }
        i += 2
      } else if c == "\"" || (c == "#" && i + 1 < chars.count && (chars[i + 1] == "\"" || chars[i + 1] == "#")) {
        var hashes = 0
        while i < chars.count, chars[i] == "#" {
          hashes += 1
          i += 1
        }
        guard i < chars.count, chars[i] == "\"" else { continue }
        let multiline = i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\""
        i += multiline ? 3 : 1
        let startLine = line
        var text = ""
        var depth = 0  // parentheses inside an interpolation
        while i < chars.count {
          let d = chars[i]
          if d == "\n" { line += 1 }
          if depth == 0, d == "\\", i + 1 + hashes < chars.count,
            chars[(i + 1)..<(i + 1 + hashes)].allSatisfy({ $0 == "#" })
          {
            text.unicodeScalars.append(d)
            i += 1 + hashes
            if i < chars.count {
              text.unicodeScalars.append(chars[i])
              if chars[i] == "(" { depth = 1 }
              i += 1
            }
            continue
          }
          if depth > 0 {
            if d == "\"" {  // a literal inside an interpolation: copied whole
              text.unicodeScalars.append(d)
              i += 1
              while i < chars.count, chars[i] != "\"" {
                if chars[i] == "\\", i + 1 < chars.count {
                  text.unicodeScalars.append(chars[i])
                  i += 1
                }
                text.unicodeScalars.append(chars[i])
                i += 1
              }
              if i < chars.count {
                text.unicodeScalars.append(chars[i])
                i += 1
              }
              continue
            }
            if d == "(" { depth += 1 }
            if d == ")" { depth -= 1 }
            text.unicodeScalars.append(d)
            i += 1
            continue
          }
          let closes =
            multiline
            ? d == "\"" && i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\""
            : d == "\""
          if closes, i + (multiline ? 3 : 1) + hashes <= chars.count,
            chars[(i + (multiline ? 3 : 1))..<(i + (multiline ? 3 : 1) + hashes)].allSatisfy({ $0 == "#" })
          {
            i += (multiline ? 3 : 1) + hashes
            break
          }
          text.unicodeScalars.append(d)
          i += 1
        }
        let top = stack.last
        let call = top?.bracket == "(" ? top?.call : nil
        let inCatalog =
          call.map { name in catalogCalls.contains(name) && top!.argument < (name == "tr" || name == "trMark" ? 1 : 2) }
          ?? false
        result.append(
          Literal(text: text, line: startLine, enclosingCall: call, isInCatalogCall: inCatalog, isMultiline: multiline))
      } else if c == "(" || c == "[" || c == "{" {
        stack.append((Character(c), c == "(" ? identifier(before: i) : nil, 0))
        i += 1
      } else if c == ")" || c == "]" || c == "}" {
        if !stack.isEmpty { stack.removeLast() }
        i += 1
      } else if c == ",", !stack.isEmpty {
        stack[stack.count - 1].argument += 1
        i += 1
      } else {
        i += 1
      }
    }
    return result
  }
}
