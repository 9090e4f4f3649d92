import Foundation

/// A table of cases produced by running Moodle's own PHP on chosen inputs (Tests/CalculationTests/Moodle):
/// its rows, split at tabs, with their line numbers; `#` lines are comments.
struct MoodleTable {
  let name: String
  let rows: [(line: Int, fields: [String])]

  init(_ name: String) throws {
    self.name = name
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Moodle/\(name)")
    let text = try String(contentsOf: url, encoding: .utf8)
    rows = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
      line.isEmpty || line.hasPrefix("#") ? nil : (number + 1, line.split(separator: "\t").map(String.init))
    }
  }
}
