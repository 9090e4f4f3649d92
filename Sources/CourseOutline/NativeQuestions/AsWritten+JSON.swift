package import PracticeJSON
package import QuizEngine
import TextLayout

/// A question's ``AsWritten`` in the native course format (its `asWritten` member): in the format
/// layer, so that QuizEngine knows nothing of JSON.
extension AsWritten {
  /// `{"format": "plain", "texts": [{"field": "options.0", "shown": "UK", "text": "<b>UK</b>",
  /// "format": "html"}], "instructionsName": "Read first", "instructionsFormat": "plain",
  /// "cloze": "1:MULTICHOICE 2:NUMERICAL", "settings": {"penalty": "0.1"}}`, the texts and settings in key order (a course file written
  /// twice is the same).
  package var json: JSONValue {
    var members: [(String, JSONValue)] = []
    if let format { members.append(("format", .string(format.rawValue))) }
    if !texts.isEmpty {
      let sorted = texts.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      members.append(
        (
          "texts",
          .array(
            sorted.map {
              .object([
                ("field", .string($0.key)), ("shown", .string($0.value.shown)), ("text", .string($0.value.text.text)),
                ("format", .string($0.value.text.markup.rawValue)),
              ])
            })
        ))
    }
    if let instructionsName { members.append(("instructionsName", .string(instructionsName))) }
    if let instructionsFormat { members.append(("instructionsFormat", .string(instructionsFormat.rawValue))) }
    if !tags.isEmpty { members.append(("tags", .array(tags.map { .string($0) }))) }
    if let cloze { members.append(("cloze", .string(cloze))) }
    if !settings.isEmpty {
      let sorted = settings.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      members.append(("settings", .object(sorted.map { ($0.key, .string($0.value)) })))
    }
    return .object(members)
  }

  /// Reads ``json`` back; nil when it is not that shape.
  package init?(json: JSONValue) {
    guard let members = json.members,
      members.allSatisfy({
        ["format", "texts", "instructionsName", "instructionsFormat", "tags", "settings", "cloze"].contains($0.key)
      })
    else { return nil }
    self.init()
    if let name = json["format"] {
      guard let format = name.string.flatMap(TextMarkup.init(rawValue:)) else { return nil }
      self.format = format
    }
    if let name = json["instructionsFormat"] {
      guard let format = name.string.flatMap(TextMarkup.init(rawValue:)) else { return nil }
      instructionsFormat = format
    }
    if let list = json["tags"] {
      guard let elements = list.array, elements.allSatisfy({ $0.string != nil }) else { return nil }
      tags = elements.compactMap(\.string)
    }
    if let head = json["cloze"] {
      guard let text = head.string else { return nil }
      cloze = text
    }
    if let object = json["settings"] {
      guard let members = object.members, members.allSatisfy({ $0.value.string != nil }) else { return nil }
      for member in members { settings[member.key] = member.value.string }
    }
    if let name = json["instructionsName"] {
      guard let text = name.string else { return nil }
      instructionsName = text
    }
    for element in json["texts"].map({ $0.array ?? [.null] }) ?? [] {
      guard let field = element["field"]?.string, let shown = element["shown"]?.string,
        let text = element["text"]?.string,
        let markup = element["format"]?.string.flatMap(TextMarkup.init(rawValue:))
      else { return nil }
      texts[field] = Kept(shown: shown, text: MarkedText(text, markup: markup))
    }
  }
}
