/// Formulas and sounds set aside before a markup reader runs: each is replaced by a numbered
/// sentinel, which the reader's `_`, `*` and tags cannot touch, and put back as text where the
/// builder meets its sentinel.
struct SetAsideInsertions {
  enum Insertion {
    case text(String)
    case media(MediaLabels.Kind, String)
  }

  /// Marks an insertion's place: noncharacters, which no course text holds.
  static let sentinelOpen = Character(Unicode.Scalar(0xFDD0)!)
  static let sentinelClose = Character(Unicode.Scalar(0xFDD1)!)

  private(set) var all: [Insertion] = []

  var isEmpty: Bool { all.isEmpty }

  /// Each TeX formula rendered and set aside, so that the markup around it cannot read its `_` or
  /// `*`; in HTML its entities (`&lt;`) are decoded first.
  mutating func settingAsideFormulas(_ text: String, decodingEntities: Bool) -> (String, [String]) {
    guard text.contains("$$") || text.contains("\\(") || text.contains("\\[") else { return (text, []) }
    var out = ""
    var unrendered: [String] = []
    var rest = Substring(text)
    while let (range, body) = TeXText.nextFormula(in: rest) {
      out += rest[rest.startIndex..<range.lowerBound]
      let source = decodingEntities ? HTMLEntities.decoded(body) : String(body)
      let shown: String
      if let rendered = TeXText.render(source) {
        shown = rendered
      } else {
        shown = String(rest[range])
        unrendered.append(shown)
      }
      out += sentinel(.text(shown))
      rest = rest[range.upperBound...]
    }
    out += rest
    return (out, unrendered)
  }

  /// Anki's `[sound:name.mp3]` set aside as an audio reference.
  mutating func settingAsideSounds(_ text: String) -> String {
    guard text.contains("[sound:") else { return text }
    var out = ""
    var rest = Substring(text)
    while let start = rest.firstRange(of: "[sound:"), let end = rest[start.upperBound...].firstIndex(of: "]") {
      out += rest[rest.startIndex..<start.lowerBound]
      out += sentinel(.media(.audio, MediaLabels.fileName(String(rest[start.upperBound..<end]))))
      rest = rest[rest.index(after: end)...]
    }
    return out + rest
  }

  /// Adds `insertion` and returns the text that marks its place.
  mutating func sentinel(_ insertion: Insertion) -> String {
    all.append(insertion)
    return "\(Self.sentinelOpen)\(all.count - 1)\(Self.sentinelClose)"
  }

  /// The insertion whose sentinel starts at `index` in `text`, and the index after the sentinel;
  /// nil when none starts there.
  func insertion(at index: Substring.Index, in text: Substring) -> (Insertion, Substring.Index)? {
    guard text[index] == Self.sentinelOpen, let close = text[index...].firstIndex(of: Self.sentinelClose),
      let number = Int(text[text.index(after: index)..<close]), all.indices.contains(number)
    else { return nil }
    return (all[number], text.index(after: close))
  }
}
