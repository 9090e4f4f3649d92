package import Localization

/// One thing wrong with a course file, with where it is.
///
/// The message is kept for translation: `description` is English, `localized(by:)` the reader's
/// language; the `file:line:column:` prefix is the same in both (editors and scripts read it).
///
/// ```swift
/// print(problem)  // Data/x.json:4:17: duplicate id 1296 (first at 2:9)
/// problem.localized(by: Localizer(language: .chinese))  // Data/x.json:4:17: 重复的 id 1296（第一次出现在 2:9）
/// ```
package struct CourseProblem: Sendable, Equatable {
  package var file: String
  package var line: Int
  package var column: Int
  package var text: Message

  package init(file: String, line: Int, column: Int, text: Message) {
    self.file = file
    self.line = line
    self.column = column
    self.text = text
  }

  /// A problem whose message is not in the catalog (it is shown as written in every language).
  package init(file: String, line: Int, column: Int, message: String) {
    self.init(file: file, line: line, column: column, text: .verbatim(message))
  }

  /// The message in English, without the location.
  package var message: String { text.description }

  /// `file:line:column: message`, the message in `localizer`'s language.
  package func localized(by localizer: Localizer) -> String { "\(file):\(line):\(column): \(localizer.tr(text))" }
}

extension CourseProblem: CustomStringConvertible {
  package var description: String { localized(by: .english) }
}
