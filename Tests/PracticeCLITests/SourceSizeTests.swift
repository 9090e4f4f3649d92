import Foundation
import PracticeTestSupport
import XCTest

/// No hand-written source file over 400 lines and no type over 500 (issue 30 §1), so a newcomer can
/// read the one place a change goes. The exceptions are listed here and in docs/contributing.md, each
/// with its reason; a new file or type past the limit fails until it is split or listed.
final class SourceSizeTests: XCTestCase {
  static let fileLimit = 400
  static let typeLimit = 500

  /// Generated files, never edited by hand.
  static let generated: Set<String> = [
    "Sources/Localization/EmbeddedCatalogs.swift"  // `make catalogs` writes it from po/*.po
  ]

  /// Files allowed past `fileLimit`, and why.
  static let fileExceptions: [String: String] = [
    "Sources/CourseImport/GiftParser.swift": "one grammar: GIFT",
    "Sources/PracticeJSON/JSONParser.swift": "one grammar: JSON (RFC 8259), with offsets and limits",
    "Sources/QuizEngine/NumberReader.swift": "one grammar: numbers as students write them",
    "Sources/CourseOutline/ChapterDTOFastPath.swift": "one grammar: the seed-002 chapter list, read from its bytes",
  ]

  /// Types (with their extensions in every file) allowed past `typeLimit`, and why.
  static let typeExceptions: [String: String] = [
    "GiftBlockReader": "one grammar: GIFT",
    "JSONScanner": "one grammar: JSON",
    "ChapterBytesReader": "one grammar: the seed-002 chapter list",
  ]

  /// Every hand-written Swift file under Sources/, relative to the repository, with its lines.
  static func sourceFiles() throws -> [(path: String, lines: [Substring])] {
    let root = Repository.path("Sources")
    let names = try XCTUnwrap(FileManager.default.enumerator(atPath: root)).compactMap { $0 as? String }
    return try names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
      let path = "Sources/" + name
      guard !generated.contains(path) else { return nil }
      let text = try String(contentsOfFile: root + "/" + name, encoding: .utf8)
      return (
        path, text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
      )
    }
  }

  /// Lines per type: each top-level declaration or extension from its first line to the `}` in
  /// column 0 that closes it, summed over every file (`extension A.B` counts for `A`).
  static func typeLines(_ files: [(path: String, lines: [Substring])]) -> [String: Int] {
    let keywords: Set<Substring> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    let modifiers: Set<Substring> = [
      "public", "package", "internal", "private", "fileprivate", "final", "indirect", "nonisolated",
    ]
    /// The type a line declares (`extension A.B` names `A`), nil when it declares none.
    func declared(_ line: Substring) -> String? {
      let words = line.split(separator: " ").drop { $0.hasPrefix("@") || modifiers.contains($0) }
      guard let keyword = words.first, keywords.contains(keyword), words.count > 1 else { return nil }
      return String(words[words.index(after: words.startIndex)].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
    var totals: [String: Int] = [:]
    for file in files {
      var open: (name: String, start: Int)?
      // A type declared inside another (two spaces in) is a type of its own: its lines are its own.
      var nested: (name: String, start: Int)?
      for (number, line) in file.lines.enumerated() {
        if let outer = open {
          if let inner = nested {
            if line.hasPrefix("  }") {
              totals[inner.name, default: 0] += number - inner.start + 1
              totals[outer.name, default: 0] -= number - inner.start + 1
              nested = nil
            }
          } else if line.hasPrefix("}") {
            totals[outer.name, default: 0] += number - outer.start + 1
            open = nil
          } else if line.hasPrefix("  "), line.dropFirst(2).first?.isLetter == true || line.dropFirst(2).first == "@",
            !line.hasSuffix("}"), let name = declared(line.dropFirst(2)), line.contains("{")
          {
            nested = (outer.name + "." + name, number)
          }
          continue
        }
        guard let first = line.first, first.isLetter || first == "@", let name = declared(line) else { continue }
        if line.hasSuffix("}") {
          totals[name, default: 0] += 1
        } else {
          open = (name, number)
        }
      }
    }
    return totals
  }

  func testNoFileOverTheLimitUnlessListed() throws {
    let files = try Self.sourceFiles()
    XCTAssertGreaterThan(files.count, 100)
    let over = Set(files.filter { $0.lines.count > Self.fileLimit }.map(\.path))
    for path in over.subtracting(Self.fileExceptions.keys).sorted() {
      XCTFail("\(path) is over \(Self.fileLimit) lines: split it by what it holds, or list it with a reason")
    }
    for path in Set(Self.fileExceptions.keys).subtracting(over).sorted() {
      XCTFail("\(path) is listed as over \(Self.fileLimit) lines but is not (or is gone): remove it from the list")
    }
  }

  func testNoTypeOverTheLimitUnlessListed() throws {
    let totals = Self.typeLines(try Self.sourceFiles())
    XCTAssertGreaterThan(totals.count, 100)
    let over = Set(totals.filter { $0.value > Self.typeLimit }.keys)
    for name in over.subtracting(Self.typeExceptions.keys).sorted() {
      XCTFail("\(name) is \(totals[name] ?? 0) lines: split it by what it does, or list it with a reason")
    }
    for name in Set(Self.typeExceptions.keys).subtracting(over).sorted() {
      XCTFail("\(name) is listed as over \(Self.typeLimit) lines but is not: remove it from the list")
    }
  }

  /// The measure itself: a type's extensions in other files count, one-line declarations count one,
  /// a nested type's lines are its own.
  func testTypeLinesCountExtensionsInEveryFile() {
    let files: [(path: String, lines: [Substring])] = [
      ("A.swift", ["import X", "", "public struct Box: Sendable {", "  var a: Int", "}", "enum Tag {}"]),
      ("B.swift", ["extension Box.Inner {", "  func f() {", "  }", "}", "@usableFromInline final class C {", "}"]),
      ("C.swift", ["extension Box {", "  struct Plan: Sendable {", "    var a: Int", "  }", "  var b: Int", "}"]),
    ]
    XCTAssertEqual(Self.typeLines(files), ["Box": 10, "Box.Plan": 3, "Tag": 1, "C": 2])
  }

  /// The contributor guide names every exception, so the list a newcomer reads is this one.
  func testTheContributorGuideListsEveryException() throws {
    let guide = try String(contentsOfFile: Repository.path("docs/contributing.md"), encoding: .utf8)
    for path in Self.fileExceptions.keys.sorted() {
      let name = String(path.split(separator: "/").last ?? "")
      XCTAssertTrue(guide.contains(name), "docs/contributing.md does not list \(name) among the size exceptions")
    }
    for name in Self.typeExceptions.keys.sorted() {
      XCTAssertTrue(
        guide.contains("`\(name)`"), "docs/contributing.md does not list `\(name)` among the size exceptions")
    }
  }
}
