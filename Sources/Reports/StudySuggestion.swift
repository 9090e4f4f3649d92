package import Localization

/// A part worth studying next, with the shell command that starts it.
///
/// ```swift
/// for s in report.studyNext { print("\(s.address) \(s.title): \(s.reason) -> \(s.command)") }
/// ```
package struct StudySuggestion: Sendable, Hashable {
  /// Why it is suggested.
  package enum Reason: String, Sendable, Hashable {
    /// Questions due for review today: always first, the same count the greeting and `due` give.
    case due
    /// Never opened.
    case unread
    /// Answered, but with low accuracy or few questions mastered.
    case weak
    /// Read, has questions, none answered yet.
    case unpractised
  }

  package var index: Int
  package var address: String
  package var title: String
  package var reason: Reason
  /// What the learner types, e.g. `start 1.2` (or `info 1.2` for a part without questions).
  package var command: String
  /// Accuracy in percent at the time of the report, `nil` before any answer.
  package var accuracy: Double?
  package var mastered: Int
  package var questions: Int
  /// Questions due today (the `.due` suggestion's count).
  package var due = 0

  package init(
    index: Int, address: String, title: String, reason: Reason, command: String, accuracy: Double?,
    mastered: Int, questions: Int, due: Int = 0
  ) {
    self.due = due
    self.index = index
    self.address = address
    self.title = title
    self.reason = reason
    self.command = command
    self.accuracy = accuracy
    self.mastered = mastered
    self.questions = questions
  }

  /// The part as a line shows it: `1.2 熔化和凝固`, or the course's title alone for a review of it all.
  package var label: String { address.isEmpty ? title : address + " " + title }

  /// One short English phrase, e.g. `accuracy 40%, 1/5 mastered`.
  package var explanation: String { explanation(.english) }

  /// Why this part comes next, in the reader's language.
  package func explanation(_ messages: Localizer) -> String {
    switch reason {
    case .due:
      return messages.trn("{count} question due today", "{count} questions due today", count: due)
    case .unread: return messages.tr("not read yet")
    case .unpractised: return messages.tr("no questions answered yet")
    case .weak:
      return messages.tr(
        "accuracy {percent}, {mastered}/{questions} mastered",
        ["percent": Formatting.percent(accuracy), "mastered": mastered, "questions": questions])
    }
  }
}
