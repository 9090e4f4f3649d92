import Foundation
package import TextLayout

/// A question's options, feedback, explanation and hint as the bank wrote them, for display: the
/// markup ``AsWritten`` keeps for an export (bold, TeX, a picture in an option or its feedback),
/// shown through the one renderer as the prompt is. A text the course changed since (its plain
/// text no longer the one kept) and every text of a course without a bank behind it are plain.
///
/// ```swift
/// // GIFT [html]Which is a gas?{=<b>CO<sub>2</sub></b> ~Ice}
/// question.kind.options     // ["CO₂", "Ice"]: compared with what is typed
/// question.markedOptions[0] // MarkedText("<b>CO<sub>2</sub></b>", markup: .html): shown
/// ```
extension Question {
  /// `shown`, the plain text of course field `field` (`options.1`, `explanation`, `hint`), as written.
  package func marked(_ shown: String, at field: String) -> MarkedText {
    if let kept = asWritten.texts[field], kept.shown == shown { return kept.text }
    return MarkedText(shown)
  }

  /// The options (a matching question's choices), in course order, as written.
  package var markedOptions: [MarkedText] {
    kind.options.enumerated().map { marked($0.element, at: "options.\($0.offset)") }
  }

  package var markedExplanation: MarkedText { marked(explanation, at: "explanation") }

  package var markedHint: MarkedText? { hint.map { marked($0, at: "hint") } }

  /// An answer's feedback as graded (``Feedback/answerFeedback``), a line per chosen option on a
  /// multiple-answer question (`B. Cat: Yes.`), each line as written where the bank wrote its
  /// feedback with markup.
  package func markedFeedback(_ text: String) -> [MarkedText] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { piece in
      let line = String(piece)
      if let kept = keptFeedback(line) { return kept }
      // `B. Cat: <b>Yes</b>`: the option's label and text stay plain, written so the markup shows them as they are.
      for separator in [": ", "："] {
        guard let range = line.range(of: separator), let kept = keptFeedback(String(line[range.upperBound...]))
        else { continue }
        return MarkedText(kept.markup.escaping(String(line[..<range.upperBound])) + kept.text, markup: kept.markup)
      }
      return MarkedText(line)
    }
  }

  /// The feedback kept as written whose plain text is `shown`.
  private func keptFeedback(_ shown: String) -> MarkedText? {
    guard !asWritten.texts.isEmpty, !shown.isEmpty else { return nil }
    return asWritten.texts.first { field, kept in
      kept.shown == shown
        && (field.hasPrefix("feedback.") || (field.hasPrefix("otherAnswers.") && field.hasSuffix(".feedback")))
    }?.value.text
  }
}
