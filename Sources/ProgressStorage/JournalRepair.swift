import Localization
import PracticeJSON

/// A journal with damaged lines, read through: the state its good records fold to, the bytes to
/// write back (its good lines, and a newer version's records as they are), and what was left out.
///
/// ```swift
/// let repair = JournalRepair.scan(bytes, from: snapshotState)
/// if !repair.badLines.isEmpty { /* copy the journal aside, write back repair.good */ }
/// ```
struct JournalRepair {
  /// The snapshot with every good record folded in.
  var state: ProgressState
  /// The journal's good lines, when any line was bad (empty otherwise: nothing to rewrite).
  var good: [UInt8] = []
  /// The damaged lines, 1-based.
  var badLines: [Int] = []
  /// What is wrong with the first damaged line, and where.
  var firstProblem: Message?
  /// Records folded in.
  var count = 0
  /// Records of a newer version: kept in the journal, not folded in.
  var unknownCount = 0
  var unknownTypes: [String] = []
  /// Where the last whole line ends: the bytes after it are a torn tail.
  var end = 0

  /// Folds every good record of `bytes` into `snapshot`, noting the damaged lines.
  static func scan(_ bytes: [UInt8], from snapshot: ProgressState) -> JournalRepair {
    var repair = JournalRepair(state: snapshot)
    var goodEnd = 0
    repair.end = JournalRecord.forEachLine(in: bytes) { lineNumber, range, parsed in
      switch parsed {
      case .success(let record):
        repair.state.apply(record)
        repair.count += 1
        if !repair.badLines.isEmpty { repair.good += bytes[range] } else { goodEnd = range.upperBound }
      case .failure(let unknown as JournalRecord.UnknownType):
        // A newer version's record: kept as it is (a repair keeps it too), but not applied.
        repair.unknownCount += 1
        if !repair.unknownTypes.contains(unknown.type) { repair.unknownTypes.append(unknown.type) }
        if !repair.badLines.isEmpty { repair.good += bytes[range] } else { goodEnd = range.upperBound }
      case .failure(let error):
        if repair.badLines.isEmpty { repair.good = Array(bytes[0..<goodEnd]) }
        repair.badLines.append(lineNumber)
        if repair.firstProblem == nil {
          repair.firstProblem = describe(error, line: lineNumber, in: Array(bytes[range]))
        }
      }
    }
    return repair
  }

  /// What is wrong with journal line `number`, and where in it: `line 2, column 9: …`.
  static func describe(_ error: any Error, line number: Int, in line: [UInt8]) -> Message {
    let column: Int
    let problem: Message
    switch error {
    case let error as JSONParseError: (column, problem) = (error.column, error.text)
    case let error as JSONProblem:
      guard let offset = error.offset else {
        return .tr("line {line}: {problem}", ["line": number, "problem": error.text])
      }
      (column, problem) = (SourceLocation(offset: offset, in: line).column, error.text)
    default: return .tr("line {line}: {problem}", ["line": number, "problem": Message.verbatim("\(error)")])
    }
    return .tr("line {line}, column {column}: {problem}", ["line": number, "column": column, "problem": problem])
  }
}
