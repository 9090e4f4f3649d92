import Foundation
import PracticeTestSupport

/// A gettext PO file read for tests: each entry's msgid, plural msgid, translations and flags.
struct POFile {
  struct Entry {
    var msgctxt: String?
    var msgid = ""
    var msgidPlural: String?
    var msgstr: [String] = []
    var flags: [String] = []
    var isObsolete = false
    var key: String { msgctxt.map { $0 + "\u{4}" + msgid } ?? msgid }
  }

  var entries: [Entry]

  static let folder = Repository.root.appendingPathComponent("po")

  static func load(_ name: String) throws -> POFile {
    try POFile(text: String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
  }

  init(text: String) {
    var entries: [Entry] = []
    var entry = Entry()
    var target: WritableKeyPath<Entry, String>?
    var formIndex = 0
    var started = false
    func finish() {
      if started { entries.append(entry) }
      entry = Entry()
      started = false
      target = nil
    }
    for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = Substring(rawLine)
      if line.isEmpty {
        finish()
        continue
      }
      if line.hasPrefix("#~") {
        entry.isObsolete = true
        line = line.dropFirst(2).drop(while: { $0 == " " })
      } else if line.hasPrefix("#,") {
        entry.flags += line.dropFirst(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        continue
      } else if line.hasPrefix("#") {
        continue
      }
      if line.hasPrefix("\"") {
        let piece = Self.unquote(line)
        if let target {
          entry[keyPath: target] += piece
        } else if !entry.msgstr.isEmpty {
          entry.msgstr[formIndex] += piece
        }
        continue
      }
      started = true
      if line.hasPrefix("msgid_plural ") {
        entry.msgidPlural = Self.unquote(line.dropFirst("msgid_plural ".count))
        target = nil
      } else if line.hasPrefix("msgctxt ") {
        entry.msgctxt = Self.unquote(line.dropFirst("msgctxt ".count))
        target = nil
      } else if line.hasPrefix("msgid ") {
        entry.msgid = Self.unquote(line.dropFirst("msgid ".count))
        target = \.msgid
      } else if line.hasPrefix("msgstr[") {
        let close = line.firstIndex(of: "]")!
        formIndex = Int(line[line.index(line.startIndex, offsetBy: 7)..<close])!
        while entry.msgstr.count <= formIndex { entry.msgstr.append("") }
        entry.msgstr[formIndex] = Self.unquote(line[line.index(close, offsetBy: 2)...])
        target = nil
      } else if line.hasPrefix("msgstr ") {
        entry.msgstr = [Self.unquote(line.dropFirst("msgstr ".count))]
        formIndex = 0
        target = nil
      }
    }
    finish()
    self.entries = entries
  }

  /// The text of a quoted PO string, its C escapes resolved.
  static func unquote(_ quoted: Substring) -> String {
    var body = quoted.trimmingCharacters(in: .whitespaces)
    body = String(body.dropFirst().dropLast())
    var result = ""
    var escaping = false
    for character in body {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// Live entries other than the header.
  ///
  /// An entry's key in a compiled catalog: its msgid, after its context and an EOT when it has one.
  var messages: [Entry] { entries.filter { !$0.isObsolete && !$0.msgid.isEmpty } }
}
