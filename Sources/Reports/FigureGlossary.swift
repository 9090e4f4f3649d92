package import Localization

/// Each figure the program shows, with its one meaning in a sentence: what `help report`,
/// `help ls` and `help due` explain, in the learner's language (docs/progress-and-data.md's Figures table says
/// the same at length; `StudyFigures` computes them).
///
/// ```swift
/// for entry in FigureGlossary.entries(for: .outline) {
///   print(messages.tr(entry.figure) + ": " + messages.tr(entry.meaning))
/// }
/// ```
package enum FigureGlossary {
  /// Where the figures are shown.
  package enum View: Sendable {
    /// The report: every figure.
    case report
    /// `ls`: the status after each row.
    case outline
    /// `due`: the counts per study day.
    case due
  }

  package struct Entry: Sendable {
    /// The figure's name (a catalog message).
    package var figure: String
    /// Its meaning in a sentence (a catalog message).
    package var meaning: String
    var views: [View]
  }

  package static let all: [Entry] = [
    Entry(
      figure: trMark("due today"),
      meaning: trMark(
        "questions whose next review falls before today's study day ends (a study day starts at 04:00 local time, --day-starts changes it), overdue ones included"
      ), views: [.report, .outline, .due]),
    Entry(figure: trMark("new"), meaning: trMark("questions never answered or skipped"), views: [.report, .due]),
    Entry(
      figure: trMark("mastered"),
      meaning: trMark(
        "questions whose review interval has reached 21 days: weeks of spaced right answers, not one good pass"),
      views: [.report, .outline]),
    Entry(
      figure: trMark("to retry"),
      meaning: trMark("questions whose latest answer was wrong, or that were skipped since: what 'mistakes' practises"),
      views: [.report, .outline]),
    Entry(
      figure: trMark("read"),
      meaning: trMark(
        "a part once opened, or one of its questions answered in 'start' or 'mistakes' on it (a review is not a reading); a chapter once all its parts are"
      ),
      views: [.report, .outline]),
    Entry(
      figure: trMark("score"),
      meaning: trMark(
        "right answers (a partly right one by its share of the credit) over the questions of a finished session; an unfinished session has none until it is resumed and finished"
      ), views: [.report, .outline]),
    Entry(
      figure: trMark("best, last"),
      meaning: trMark(
        "the highest and the latest score of the finished 'start' sessions on that node itself; mistakes rounds and reviews never set them"
      ), views: [.report, .outline]),
    Entry(
      figure: trMark("sessions"),
      meaning: trMark(
        "sessions of any kind started on the node or below it with at least one answer, skip or essay response"),
      views: [.report]),
    Entry(
      figure: trMark("accuracy"),
      meaning: trMark("right answers (a partly right one by its share of the credit) over every answer ever given"),
      views: [.report]),
    Entry(
      figure: trMark("recall"),
      meaning: trMark("the predicted chance of remembering now, over the questions last reviewed a day or more ago"),
      views: [.report]),
    Entry(
      figure: trMark("first/last studied"),
      meaning: trMark("the first and the latest answer or skip; opening a part is not studying"), views: [.report]),
    Entry(
      figure: trMark("time spent"),
      meaning: trMark("from each session's start or resume to its last answer, skip or end"), views: [.report]),
  ]

  /// The entries of the figures `view` shows, in the order above.
  package static func entries(for view: View) -> [Entry] { all.filter { $0.views.contains(view) } }

  /// `figure: meaning` lines in the language of `messages`.
  package static func lines(for view: View, _ messages: Localizer) -> [String] {
    entries(for: view).map {
      messages.tr("{figure}: {meaning}", ["figure": messages.tr($0.figure), "meaning": messages.tr($0.meaning)])
    }
  }
}
