import CourseOutline
import Foundation
import Localization
import QuizEngine
import TextLayout

/// How a practice session looks: a question with its options and notes, the feedback on an
/// answer, a flashcard's back, and the summary at the end.
struct SessionView: ShellPart {
  let context: ShellContext

  /// `--rate`: flashcards are rated 1–4 rather than answered y/n.
  var learnerRates: Bool { configuration.ratings == .byLearner }

  /// Shows a question: its number and type, instructions, passage, prompt, items and options,
  /// and how to answer it.
  func showQuestion(_ question: PresentedQuestion, cardRevealed: Bool) {
    output.line()
    wrapped(
      messages.tr(
        "Question {number} of {total} · {type}",
        ["number": question.number, "total": question.total, "type": question.typeLabel]), tone: .accent)
    if let instructions = question.question.instructions {
      courseText(instructions)
      output.line()
    }
    if let passage = question.passage { courseText(MarkedText(passage, markup: question.question.format)) }
    courseText(question.question.markedPrompt)
    for (number, item) in question.items.enumerated() { listed(MarkedText(item), label: "\(number + 1)") }
    if !question.items.isEmpty { note(messages.tr("match each with:")) }
    let shown = question.question.markedOptions
    for (label, option) in zip(question.optionLabels, question.optionOrder.map { shown[$0] }) {
      listed(option, label: label)
    }
    // A flashcard's back, once revealed, asks whether it was known; every other note is the type's.
    if case .card = question.question.kind, cardRevealed {
      showCardBack(question)
    } else if let answerNote = question.answerNote {
      note(answerNote)
    }
  }

  /// The back of a flashcard, and how to say whether it was known.
  func showCardBack(_ question: PresentedQuestion, asking: Bool = true) {
    note(messages.tr("Back:"))
    wrapped(question.back ?? "", first: "  ", rest: "  ")
    guard asking else { return }
    note(
      learnerRates
        ? messages.tr("(how well did you know it? 1 again, 2 hard, 3 good, 4 easy)")
        : messages.tr("(did you know it? y or n)"))
  }

  func showFeedback(_ feedback: Feedback, of question: Question? = nil, isCard: Bool = false) {
    if isCard {
      let mark = feedback.isCorrect ? style.rightMark : style.wrongMark
      let rated = feedback.given.first?.isNumber == true
      let text: String
      switch (feedback.isCorrect, rated) {
      case (true, false): text = messages.tr("{mark} Known.", ["mark": mark])
      case (false, false): text = messages.tr("{mark} Not known yet.", ["mark": mark])
      case (true, true): text = messages.tr("{mark} Known. Rated {rating}.", ["mark": mark, "rating": feedback.given])
      case (false, true):
        text = messages.tr("{mark} Not known yet. Rated {rating}.", ["mark": mark, "rating": feedback.given])
      }
      wrapped(text, rest: "  ", tone: feedback.isCorrect ? .good : .bad)
    } else if feedback.isCorrect {
      wrapped(messages.tr("{mark} Correct.", ["mark": style.rightMark]), rest: "  ", tone: .good)
    } else if feedback.fraction > 0 {
      wrapped(
        messages.tr(
          "{mark} Partly right. The answer is {answer}.", ["mark": style.partMark, "answer": feedback.expected]),
        rest: "  ", tone: .partial)
      wrapped(messages.tr("You answered: {answer}", ["answer": feedback.given]), first: "  ", rest: "  ")
    } else {
      wrapped(
        messages.tr("{mark} Wrong. The answer is {answer}.", ["mark": style.wrongMark, "answer": feedback.expected]),
        rest: "  ", tone: .bad)
      wrapped(messages.tr("You answered: {answer}", ["answer": feedback.given]), first: "  ", rest: "  ")
    }
    // The credit, the chosen answer's own feedback, then the general feedback (the explanation), as
    // Moodle shows them; each of their lines wraps at word boundaries under its own indent.
    if let detail = feedback.detail, !detail.isEmpty { wrapped(detail, first: "  ", rest: "  ") }
    // A bank's feedback in the markup it was written in, rendered as the prompt is.
    var said =
      question.map { $0.markedFeedback(feedback.answerFeedback ?? "") } ?? [MarkedText(feedback.answerFeedback ?? "")]
    said.append(
      question.map { $0.explanation == feedback.explanation ? $0.markedExplanation : MarkedText(feedback.explanation) }
        ?? MarkedText(feedback.explanation))
    for text in said where !text.text.isEmpty {
      if text.markup == .plain {
        wrapped(text.text, first: "  ", rest: "  ")
      } else {
        courseText(text, first: "  ", rest: "  ")
      }
    }
  }

  func showSummary(_ summary: SessionSummary) {
    output.line()
    guard summary.answered + summary.skipped + summary.essaysWritten > 0 else {
      wrapped(messages.tr("No questions answered."), tone: .bold)
      return
    }
    let time = Self.duration(summary.duration, messages)
    // Essays count in no figure, but a learner who wrote them is told they were kept.
    let essays = messages.trn("{count} essay written", "{count} essays written", count: summary.essaysWritten)
    if summary.unanswered > 0 {
      // Unfinished: no score yet (as Moodle grades only finished attempts), never a percentage of
      // questions it did not ask; what was answered, what is left, and the way on.
      var details = [
        messages.tr("{right} right of {answered} answered", ["right": summary.correct, "answered": summary.answered])
      ]
      if summary.partlyRight > 0 {
        details.append(messages.tr("{count} partly right", ["count": summary.partlyRight]))
      }
      if summary.skipped > 0 { details.append(messages.tr("{count} skipped", ["count": summary.skipped])) }
      if summary.essaysWritten > 0 { details.append(essays) }
      details.append(messages.tr("{count} left", ["count": summary.unanswered]))
      wrapped(
        messages.tr(
          "Not finished, so no score yet: {details}; in {time}.",
          ["details": details.joined(separator: messages.tr(", ")), "time": time]), tone: .bold)
      wrapped(messages.tr("Type 'resume' to go on where you stopped."))
    } else if summary.total == 0 {
      // Only essays: nothing to score.
      wrapped(
        messages.tr("{essays}, not graded; in {time}.", ["essays": essays, "time": time]), tone: .bold)
    } else {
      showScore(summary, time: time, essays: summary.essaysWritten > 0 ? essays : nil)
    }
    if summary.hints > 0 {
      wrapped(messages.trn("{count} hint used.", "{count} hints used.", count: summary.hints))
    }
    guard !summary.mistakes.isEmpty else { return }
    // Partly right answers are listed too (they are to retry): the heading says so.
    wrapped(summary.partlyRight > 0 ? messages.tr("Wrong and partly right answers:") : messages.tr("Wrong answers:"))
    // A prompt is cut to one line, of the terminal's width when that is narrower.
    let excerpt = min(70, width().map { max($0 - 2, 10) } ?? 70)
    for mistake in summary.mistakes {
      let prompt = DisplayWidth.truncated(mistake.prompt.replacingOccurrences(of: "\n", with: " "), to: excerpt)
      output.line("  " + prompt)
      let values: KeyValuePairs<String, Any> = ["given": mistake.given, "expected": mistake.expected]
      let side = messages.tr("you: {given}    right: {expected}", values)
      // Side by side only when both fit: wrapped, the right answer would start mid-line and be missed.
      let fits = width().map { DisplayWidth.of("    " + side) <= $0 } ?? true
      let lines = fits ? [side] : messages.tr("you: {given}\nright: {expected}", values).components(separatedBy: "\n")
      for line in lines { wrapped(line, first: "    ", rest: "      ") }
    }
  }

  /// A finished session's score: right answers over the questions it set (skipped ones are not right).
  private func showScore(_ summary: SessionSummary, time: String, essays: String? = nil) {
    var rest: [String] = []
    if summary.partlyRight > 0 {
      rest.append(messages.tr("{count} right", ["count": summary.correct]))
      rest.append(messages.tr("{count} partly right", ["count": summary.partlyRight]))
    }
    if summary.wrong > 0 { rest.append(messages.tr("{count} wrong", ["count": summary.wrong])) }
    if summary.skipped > 0 { rest.append(messages.tr("{count} skipped", ["count": summary.skipped])) }
    if let essays { rest.append(essays) }
    // With partial credit the score counts fractions: 3.8 of 5 (Moodle's marks).
    let score =
      summary.partlyRight > 0
      ? messages.tr(
        "Score: {credit} of {total} ({percent}%)",
        ["credit": CreditText.marks(summary.credit), "total": summary.total, "percent": summary.score])
      : messages.tr(
        "Score: {right} of {total} right ({percent}%)",
        ["right": summary.correct, "total": summary.total, "percent": summary.score])
    // Whole sentences per case, so a translation places its own punctuation between the parts.
    let line =
      rest.isEmpty
      ? messages.tr("{score}; in {time}.", ["score": score, "time": time])
      : messages.tr(
        "{score}; {details}; in {time}.",
        ["score": score, "details": rest.joined(separator: messages.tr(", ")), "time": time])
    wrapped(line, tone: .bold)
  }

  /// `42s`, `3m 05s`, `1h 02m`; `42秒`, `3分05秒` in Chinese.
  static func duration(_ seconds: TimeInterval, _ messages: Localizer = .english) -> String {
    messages.duration(seconds: seconds)
  }
}
