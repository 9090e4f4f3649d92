import Localization
import TextLayout

/// What a terminal cannot show of a file's questions, found one question at a time: the media
/// shown as placeholders (one warning for the file, at the first question with any) and each
/// formula left as written.
///
/// ```swift
/// var check = DisplayCheck(file: "b.gift")
/// for question in questions { check.add(question) }
/// check.problems  // ["b.gift:3:1: warning: media shown as placeholders such as [image 1] …"]
/// ```
struct DisplayCheck {
  let file: String
  private var counts: [MediaLabels.Kind: Int] = [:]
  private var first: (line: Int, column: Int)?
  private var formulas: [ImportProblem] = []

  init(file: String) { self.file = file }

  mutating func add(_ question: GiftQuestion) {
    for text in question.texts {
      // Only text that can hold media or a formula is rendered (a bank's answers mostly cannot).
      let mayHold =
        text.text.contains("[sound:")
        || text.format != .plain
          && (text.text.contains("<") || text.text.contains("$$") || text.text.contains("\\(")
            || text.text.contains("\\[") || text.text.contains("]("))
      guard mayHold else { continue }
      let shown = MarkupRenderer.render(MarkedText(text.text, markup: text.format.markup))
      if !shown.media.isEmpty, first == nil { first = (question.line, question.column) }
      for media in shown.media { counts[media.kind, default: 0] += 1 }
      for formula in shown.unrenderedTeX {
        formulas.append(
          ImportProblem(
            .warning, file: file, line: question.line, column: question.column,
            text: .tr(
              "the formula {formula} is shown as written: practice cannot render it as text", ["formula": formula])))
      }
    }
  }

  /// The media warning first, then one per formula.
  var problems: [ImportProblem] {
    guard let first else { return formulas }
    var parts: [Message] = []
    if let n = counts[.image] { parts.append(.trn("{count} image", "{count} images", count: n)) }
    if let n = counts[.audio] { parts.append(.trn("{count} sound", "{count} sounds", count: n)) }
    if let n = counts[.video] { parts.append(.trn("{count} film", "{count} films", count: n)) }
    if let n = counts[.file] { parts.append(.trn("{count} linked file", "{count} linked files", count: n)) }
    var listed = parts.removeLast()
    while let part = parts.popLast() { listed = .tr("{first}, {rest}", ["first": part, "rest": listed]) }
    let media = ImportProblem(
      .warning, file: file, line: first.line, column: first.column,
      text: .tr(
        "media shown as placeholders such as [image 1] (a terminal cannot show them): {media}", ["media": listed]))
    return [media] + formulas
  }
}
