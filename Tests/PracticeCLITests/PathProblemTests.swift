import Foundation
import PracticeTestSupport
import XCTest

/// Paths that cannot be followed, and text files that are not UTF-8, wherever the program opens a
/// file it was given (`--course`, `import`'s sources and `--output`, `report --output`): one line
/// saying what the path or the file is, and status 1.
final class PathProblemTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUp() { folder = TemporaryFolder() }

  func run(_ arguments: [String], language: String = "en") throws -> PracticeBinary.Result {
    try PracticeBinary.run(
      ["--lang", language] + arguments + ["--data-dir", folder.path + "/data"],
      environment: PracticeBinary.environment(dataDirectory: folder.path), currentDirectory: folder.url)
  }

  /// `loop` → `loop2` → `loop`, and a name of 300 letters.
  func makeLoopAndLongName() throws -> (loop: String, long: String) {
    let loop = folder.path("loop")
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: folder.path("loop2"))
    try FileManager.default.createSymbolicLink(atPath: folder.path("loop2"), withDestinationPath: loop)
    return (loop, folder.path(String(repeating: "a", count: 300)))
  }

  func assertOneLine(
    _ result: PracticeBinary.Result, says words: String, naming path: String, status: Int32 = 1,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
    // `validate` reports on stdout, everything else on stderr.
    let text = (result.stderr.isEmpty ? result.stdout : result.stderr).trimmingCharacters(in: .newlines)
    XCTAssertEqual(text.split(separator: "\n").count, 1, text, file: file, line: line)
    XCTAssertTrue(text.contains(path) && text.contains(words), text, file: file, line: line)
    XCTAssertFalse(text.contains("no such file") || text.contains("No such file"), text, file: file, line: line)
    XCTAssertFalse(text.contains(".tmp-"), text, file: file, line: line)
  }

  func testASymlinkLoopOrANameTooLongSaysSoWhereverAPathIsOpened() throws {
    let (loop, long) = try makeLoopAndLongName()
    let bank = try folder.write("bank.gift", "::q1:: 1+1=2 {T}\n")
    let cases: [(arguments: [String], path: String, words: String)] = [
      (["--course", loop, "-c", "ls"], loop, "symlink loop"),
      (["--course", loop + "/course.json", "-c", "ls"], loop + "/course.json", "symlink loop"),
      (["--course", long + ".json", "-c", "ls"], long + ".json", "name too long"),
      (["validate", loop], loop, "symlink loop"),
      (["import", loop, "--output", folder.path("out.json")], loop, "symlink loop"),
      (["import", long + ".gift"], long + ".gift", "name too long"),
      (["import", bank, "--output", loop + "/out.json"], loop + "/out.json", "symlink loop"),
      (["import", bank, "--output", long + ".json"], long + ".json", "name too long"),
      (
        ["--course", "\(Repository.path("Data/courses/sampler"))", "report", "--output", loop + "/r.txt"],
        loop + "/r.txt", "symlink loop"
      ),
      (
        ["--course", "\(Repository.path("Data/courses/sampler"))", "report", "--output", long + ".txt"], long + ".txt",
        "name too long"
      ),
    ]
    for (arguments, path, words) in cases {
      assertOneLine(try run(arguments), says: words, naming: path)
    }
    let chinese = try run(["validate", loop], language: "zh")
    XCTAssertTrue(chinese.stdout.contains("符号链接循环"), chinese.stdout)
  }

  func testAScriptFileThatCannotBeReadSaysWhy() throws {
    let (loop, long) = try makeLoopAndLongName()
    // -f's problems are usage errors (status 2), as a missing script always was.
    for (path, words) in [(loop, "symlink loop"), (long, "name too long"), (folder.path, "it is a folder")] {
      assertOneLine(try run(["-f", path]), says: words, naming: path, status: 2)
    }
    let chinese = try run(["-f", folder.path], language: "zh")
    XCTAssertTrue(chinese.stderr.contains("这是一个文件夹，不是文件"), chinese.stderr)
  }

  func testImportOutputNeverReplacesASymlink() throws {
    let bank = try folder.write("bank.gift", "::q1:: 1+1=2 {T}\n")
    let course = try folder.write("course.json", "[{\"chapterName\": \"a\", \"parts\": [\"b\"]}]")
    let link = folder.path("link.json")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: course)
    let result = try run(["import", bank, "--output", link])
    XCTAssertEqual(result.status, 1, result.stderr)
    XCTAssertTrue(result.stderr.contains("symbolic link") && result.stderr.contains(link), result.stderr)
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), course)
    XCTAssertEqual(
      try String(contentsOfFile: course, encoding: .utf8), "[{\"chapterName\": \"a\", \"parts\": [\"b\"]}]")
  }

  func testAUTF16OrWindows1252FileSaysWhatItLooksLikeForTheLoaderAndForImport() throws {
    let course = #"[{"chapterName": "Café", "parts": ["a"]}]"#
    let gift = "::q1:: Café is a word {T}\n"
    for (index, ((name, courseBytes), (_, bankBytes))) in zip(
      EncodedText.allForeign(course), EncodedText.allForeign(gift)
    )
    .enumerated() {
      let json = folder.path("c\(index).json")
      let bank = folder.path("b\(index).gift")
      try Data(courseBytes).write(to: URL(fileURLWithPath: json))
      try Data(bankBytes).write(to: URL(fileURLWithPath: bank))
      let advice = "not UTF-8 (looks like \(name)); save it as UTF-8, e.g. iconv -f \(name) -t UTF-8"
      assertOneLine(try run(["--course", json, "-c", "ls"]), says: advice, naming: json)
      assertOneLine(try run(["--course", bank, "-c", "ls"]), says: advice, naming: bank)
      for input in [json, bank] {
        let imported = try run(["import", input, "--output", folder.path("out.json")])
        XCTAssertEqual(imported.status, 1, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("\(input):1:") && imported.stderr.contains(advice), imported.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out.json")))
      }
    }
    let chinese = try run(["validate", folder.path("c0.json")], language: "zh")
    XCTAssertTrue(chinese.stdout.contains("不是 UTF-8 编码（看起来是 UTF-16LE）"), chinese.stdout)
  }
}
