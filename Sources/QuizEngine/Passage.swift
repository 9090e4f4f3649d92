package import TextLayout

/// Text several questions share, shown above each one's prompt: a Cloze question's text, where each
/// blank is a question of its own and `(1)`, `(2)`, … mark the blanks, or a passage to read.
///
/// A course file stores it once, on the node (`"passages": {"ID": "text"}`), and each question names
/// it (`"passage": "ID"`); in memory the questions share one copy of the text. So a Cloze question
/// of 8,000 blanks costs its text once, not 8,000 times.
///
/// ```swift
/// let text = Passage(id: "q1-1", text: "Water (1) at 0 ℃ and (2) at 100 ℃.")
/// Question(id: "q1-2", prompt: "[blank 2 of 2]", explanation: "", kind: .fill(answers: ["boils"]), passage: text)
/// ```
package struct Passage: Sendable, Equatable {
  /// The id and text, behind one reference: a question holding a passage or none takes 8 bytes.
  private final class Storage: Sendable {
    let id: String
    let text: String

    init(_ id: String, _ text: String) {
      self.id = id
      self.text = text
    }
  }

  private var storage: Storage

  /// Unique among its node's passages.
  package var id: String {
    get { storage.id }
    set { storage = Storage(newValue, text) }
  }
  package var text: String {
    get { storage.text }
    set { storage = Storage(id, newValue) }
  }

  package init(id: String, text: String) { storage = Storage(id, text) }

  package static func == (a: Passage, b: Passage) -> Bool {
    a.storage === b.storage || (a.id == b.id && a.text == b.text)
  }
}

extension Question {
  /// The prompt where it is shown without the question around it (a list of mistakes, an item
  /// analysis): followed by the start of its passage, if it has one, so `[blank 2 of 8]` says of
  /// what (the prompt first, as a line cut to the terminal's width keeps it).
  package var promptInContext: String { promptInContext(labels: .english) }

  /// ``promptInContext``, its pictures and sounds named by `labels` (the reader's language).
  package func promptInContext(labels: MediaLabels) -> String {
    let prompt = shownPrompt(labels: labels)
    guard let passage, !passage.text.isEmpty else { return prompt }
    let shown =
      format == .plain
      ? passage.text : MarkupRenderer.render(MarkedText(passage.text, markup: format), labels: labels).plain
    let start = shown.prefix(80)
    return prompt + " " + start + (start.endIndex < shown.endIndex ? "…" : "")
  }
}
