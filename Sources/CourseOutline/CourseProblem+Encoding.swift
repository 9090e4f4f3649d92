import Localization
package import PracticeFiles
import PracticeJSON

extension CourseProblem {
  /// A text file that is not UTF-8, as one problem saying what it looks like and how to convert it:
  /// the message of the course loader and of every question-bank reader alike.
  ///
  /// ```swift
  /// CourseProblem.notUTF8(guess, file: "bank.gift", bytes: bytes).description
  /// // bank.gift:1:1: not UTF-8 (looks like UTF-16LE); save it as UTF-8, e.g. iconv -f UTF-16LE -t UTF-8 bank.gift > bank-utf8.gift
  /// ```
  package static func notUTF8(_ guess: TextEncodingGuess, file: String, bytes: [UInt8]) -> CourseProblem {
    let location = SourceLocator(bytes).location(of: guess.offset)
    let text: Message
    if let name = guess.name {
      text = .tr(
        "not UTF-8 (looks like {encoding}); save it as UTF-8, e.g. iconv -f {encoding} -t UTF-8 {file} > {converted}",
        ["encoding": name, "file": shellWord(file), "converted": shellWord(convertedName(file))])
    } else {
      text = .tr(
        "not UTF-8: byte 0x{byte} at offset {offset} is not part of a UTF-8 character; save the file as UTF-8",
        ["byte": String(guess.byte, radix: 16, uppercase: true), "offset": guess.offset])
    }
    return CourseProblem(file: file, line: location.line, column: location.column, text: text)
  }

  /// `bank.gift` → `bank-utf8.gift`: where the suggested `iconv` writes the converted copy.
  static func convertedName(_ file: String) -> String {
    let folder = PathText.deletingLastComponent(file)
    let name = PathText.lastComponent(file)
    let stem = PathText.deletingExtension(name)
    let converted = stem + "-utf8" + name.dropFirst(stem.count)
    return folder.isEmpty ? converted : PathText.appending(folder, converted)
  }

  /// `path` as one shell word: as it is when it holds only safe characters, else in single quotes.
  static func shellWord(_ path: String) -> String {
    let safe = path.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "._/+-,:@%=".unicodeScalars.contains($0)
    }
    return safe && !path.isEmpty
      ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
