package import Localization

/// One thing found while importing a question bank, with where it is.
///
/// Errors stop the import (nothing is written); warnings say what the importer did with
/// something it could read but that Moodle would have read differently.
///
/// ```swift
/// print(problem)  // bank.gift:12:5: warning: lowercase {t} read as true; Moodle would make it a short answer "t"
/// ```
package struct ImportProblem: Error, Sendable, Equatable, CustomStringConvertible {
  package enum Severity: Sendable, Equatable {
    case warning
    case error
  }

  package var severity: Severity
  package var file: String
  package var line: Int
  package var column: Int
  /// What was found, kept for translation where it is shown.
  package var text: Message
  /// The line where the question this problem breaks starts, when it breaks one question only:
  /// the good questions can then be imported without it (`--skip-broken`, `--course`).
  package var questionLine: Int?

  package init(_ severity: Severity, file: String, line: Int, column: Int, text: Message) {
    self.severity = severity
    self.file = file
    self.line = line
    self.column = column
    self.text = text
  }

  /// A problem whose message is not in the catalog (it is shown as written in every language).
  package init(_ severity: Severity, file: String, line: Int, column: Int, message: String) {
    self.init(severity, file: file, line: line, column: column, text: .verbatim(message))
  }

  /// The message in English, without the location.
  package var message: String { text.description }

  package var isError: Bool { severity == .error }

  package var description: String { localized(by: .english) }

  /// `file:line:column: message` in `localizer`'s language (the location as it is, for editors).
  package func localized(by localizer: Localizer) -> String {
    let message = localizer.tr(text)
    let shown = severity == .warning ? localizer.tr("warning: {message}", ["message": message]) : message
    return "\(file):\(line):\(column): \(shown)"
  }
}
