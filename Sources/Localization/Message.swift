/// A message kept for translation later: its English text with `{name}` placeholders and their values.
///
/// Libraries that must not know the reader's language (the course loader, the question decoder)
/// describe a problem as a `Message`; the program's edge renders it with the reader's ``Localizer``.
/// A value may itself be a `Message` (a problem inside "question {id}: {problem}"), translated too,
/// or a list of texts, joined as the language lists them (`A, C`; in Chinese `A，C`).
///
/// ```swift
/// let problem = Message.tr("duplicate id {id} (first at {place})", ["id": 7, "place": "2:9"])
/// problem.description                       // "duplicate id 7 (first at 2:9)"
/// Localizer(language: .chinese).tr(problem)  // "重复的 id 7（第一次出现在 2:9）"
/// ```
package struct Message: Sendable, Hashable, CustomStringConvertible {
  /// A placeholder's value: text shown as it is, a message translated in turn, or items listed.
  package enum Argument: Sendable, Hashable {
    case text(String)
    case message(Message)
    case list([String])
  }

  /// The English text (the msgid), or the shown text of a verbatim message.
  package var text: String
  /// The plural English text, for a message counted with ``trn(_:_:count:_:)``.
  package var plural: String?
  package var count: Int?
  /// gettext's msgctxt, for a word translated differently in different places.
  package var context: String?
  package var arguments: [String: Argument]
  /// False for text that is not in the catalog: a file's own words, a message from elsewhere.
  package var isTranslatable: Bool

  /// A message of the catalog; `make pot` finds the literal, as it does for ``Localizer/tr(_:_:)``.
  package static func tr(_ text: String, _ values: KeyValuePairs<String, Any> = [:]) -> Message {
    Message(text: text, plural: nil, count: nil, arguments: arguments(values), isTranslatable: true)
  }

  /// A message of the catalog in `context` (gettext's msgctxt), as ``Localizer/trc(_:_:_:)``.
  package static func trc(_ context: String, _ text: String, _ values: KeyValuePairs<String, Any> = [:]) -> Message {
    var message = tr(text, values)
    message.context = context
    return message
  }

  /// A message of the catalog with a plural, chosen by `count` (`{count}` is filled with it).
  package static func trn(
    _ singular: String, _ plural: String, count: Int, _ values: KeyValuePairs<String, Any> = [:]
  ) -> Message {
    Message(text: singular, plural: plural, count: count, arguments: arguments(values), isTranslatable: true)
  }

  /// Text shown as it is in every language (it is not in the catalog).
  package static func verbatim(_ text: String) -> Message {
    Message(text: text, plural: nil, count: nil, arguments: [:], isTranslatable: false)
  }

  static func arguments(_ values: KeyValuePairs<String, Any>) -> [String: Argument] {
    var result: [String: Argument] = [:]
    for (key, value) in values {
      result[key] =
        if let message = value as? Message { .message(message) } else if let items = value as? [String] {
          .list(items)
        } else { .text("\(value)") }
    }
    return result
  }

  /// The message in English, as the sources write it.
  package var description: String { Localizer.english.tr(self) }
}

extension Localizer {
  /// `message` in this language, its placeholders filled (message values translated as well).
  package func tr(_ message: Message) -> String {
    guard message.isTranslatable else { return message.text }
    let pattern =
      if let plural = message.plural, let count = message.count {
        form(message.text, plural, count: count)
      } else {
        catalog.translation(of: message.context.map { $0 + "\u{4}" + message.text } ?? message.text)?.first
          ?? message.text
      }
    return Self.fill(pattern, count: message.count) { name in
      switch message.arguments[String(name)] {
      case .text(let text): text
      case .message(let inner): tr(inner)
      case .list(let items): list(items)
      case nil: nil
      }
    }
  }
}
