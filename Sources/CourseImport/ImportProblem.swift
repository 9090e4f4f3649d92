/// One thing found while importing a question bank, with where it is.
///
/// Errors stop the import (nothing is written); warnings say what the importer did with
/// something it could read but that Moodle would have read differently.
///
/// ```swift
/// print(problem)  // bank.gift:12:5: warning: lowercase {t} read as true; Moodle would make it a short answer "t"
/// ```
public struct ImportProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public enum Severity: Sendable, Equatable {
    case warning
    case error
  }

  public var severity: Severity
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public init(_ severity: Severity, file: String, line: Int, column: Int, message: String) {
    self.severity = severity
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  public var isError: Bool { severity == .error }

  public var description: String {
    "\(file):\(line):\(column): \(severity == .warning ? "warning: " : "")\(message)"
  }
}
