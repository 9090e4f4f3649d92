import Localization
import PracticeJSON

/// The view state's file, `view-state.json`, read and written; `ProgressStore` keeps it durably
/// (under the lock, written atomically, a damaged one set aside).
extension ViewState {
  /// The view state a file's bytes hold; throws where they do not parse (see `locate`).
  init(fileBytes bytes: [UInt8]) throws {
    let json = try JSONParser.parse(bytes)
    self.init(
      expandedNodes: try json.elements("expanded", mustHold: .trc("what a JSON array must hold", "strings")) {
        $0.string
      }, limits: try Self.limits(in: json))
  }

  /// The daily limits a view state holds (`"newPerDay": 30, "reviewsPerDay": 100`), each from 0
  /// to `DailyLimits.maximum`; nil when it holds neither (files written before limits were kept).
  static func limits(in json: JSONValue) throws(JSONProblem) -> DailyLimits? {
    var limits = DailyLimits.standard
    var found = false
    for (key, path) in [("newPerDay", \DailyLimits.newPerDay), ("reviewsPerDay", \DailyLimits.reviewsPerDay)] {
      guard let value = json.present(key) else { continue }
      let number = try value.wholeNumber { .tr("a daily limit must be a whole number, found {found}", ["found": $0]) }
      guard (0...DailyLimits.maximum).contains(number) else {
        throw value.problem(.tr("a daily limit must be from 0 to {maximum}", ["maximum": DailyLimits.maximum]))
      }
      limits[keyPath: path] = number
      found = true
    }
    return found ? limits : nil
  }

  /// Where a parse error is in `bytes` (1-based line and column) and what it says.
  static func locate(_ error: any Error, in bytes: [UInt8]) -> (line: Int, column: Int, message: Message) {
    switch error {
    case let error as JSONParseError: return (error.line, error.column, error.text)
    case let error as JSONProblem:
      let at = SourceLocation(offset: error.offset ?? 0, in: bytes)
      return (at.line, at.column, error.text)
    default: return (1, 1, .verbatim("\(error)"))
    }
  }

  /// The view state's file: `{"version": 1, "expanded": ["#ch1", "2"]}` on one line, then the
  /// daily limits when the learner set them (`, "newPerDay": 30, "reviewsPerDay": 200`).
  ///
  /// Written key by key rather than through a `JSONValue` tree and the pretty printer: after
  /// `expand all` on a million-node course it holds a hundred thousand keys, and a line per key
  /// cost more than the rest of the save. Files written before, one key a line, load the same.
  static func fileJSON(_ viewState: ViewState) -> [UInt8] {
    var bytes = Array(#"{"version": 1, "expanded": ["#.utf8)
    bytes.reserveCapacity(bytes.count + viewState.expandedNodes.reduce(3) { $0 + $1.utf8.count + 4 })
    for (i, key) in viewState.expandedNodes.enumerated() {
      if i > 0 { bytes += #", "#.utf8 }
      // Keys are ids and addresses: printable ASCII, nothing to escape, copied as they are.
      let plain =
        key.utf8.withContiguousStorageIfAvailable { utf8 in
          guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
          else { return false }
          bytes.append(UInt8(ascii: "\""))
          bytes += utf8
          bytes.append(UInt8(ascii: "\""))
          return true
        } ?? false
      if !plain { bytes += JSONWriter.quoted(key).utf8 }
    }
    bytes += "]".utf8
    if let limits = viewState.limits {
      bytes += #", "newPerDay": \#(limits.newPerDay), "reviewsPerDay": \#(limits.reviewsPerDay)"#.utf8
    }
    bytes += "}\n".utf8
    return bytes
  }
}
