import CourseImport
import CourseOutline
import Foundation
import PracticeTestSupport
import XCTest

/// Every question-bank format says what a file that is not UTF-8 looks like, with the same message
/// (and the same check) as the course loader.
final class SourceEncodingTests: XCTestCase {
  /// One small bank of each format, as UTF-8 text.
  let banks: [(file: String, text: String)] = [
    ("bank.gift", "::q1:: Café is a word {T}\n"),
    (
      "bank.xml",
      "<?xml version=\"1.0\"?>\n<quiz><question type=\"truefalse\"><name><text>Café</text></name></question></quiz>\n"
    ),
    ("bank.txt", "Café?\nA. yes\nB. no\nANSWER: A\n"),
    ("bank.csv", "front,back\nCafé,coffee\n"),
  ]

  func testEveryFormatNamesUTF16AndWindows1252() {
    for (file, text) in banks {
      let stem = String(file.prefix(while: { $0 != "." }))
      let suffix = String(file.drop(while: { $0 != "." }))
      let encodings = EncodedText.allForeign(text).map { ($0.bytes, $0.name, $0.name.hasPrefix("UTF-16") ? "1:1" : "") }
      for (bytes, name, at) in encodings {
        XCTAssertThrowsError(try SourceLines.decode(bytes, file: file)) { error in
          let message = "\(error)"
          XCTAssertTrue(
            message.hasSuffix(
              ": not UTF-8 (looks like \(name)); save it as UTF-8, e.g. iconv -f \(name) -t UTF-8 \(file) > \(stem)-utf8\(suffix)"
            ),
            message)
          if !at.isEmpty { XCTAssertTrue(message.hasPrefix("\(file):\(at): "), message) }
        }
        // Read from a file as `import` does: one error, no course.
        let folder = TemporaryFolder()
        let path = folder.path(file)
        XCTAssertNoThrow(try Data(bytes).write(to: URL(fileURLWithPath: path)))
        let result = try? CourseReader().read([path])
        XCTAssertNil(result?.course)
        XCTAssertEqual(result?.errors.count, 1, "\(file) \(name)")
        XCTAssertTrue(
          result?.errors.first?.description.contains("not UTF-8 (looks like \(name))") == true,
          "\(file) \(name): \(result?.errors.map(\.description) ?? [])")
      }
    }
  }

  func testTheLoaderAndTheReadersGiveOneMessage() {
    let bytes = EncodedText.utf16("[]", bigEndian: false, byteOrderMark: true)
    let fromLoader = CourseLoader().parse(bytes, file: "x.json").problems.map(\.description)
    XCTAssertThrowsError(try SourceLines.decode(bytes, file: "x.json")) { error in
      XCTAssertEqual(fromLoader, ["\(error)"])
    }
  }
}
