/// Finds the option a piece of typed text names by its words, through ``AnswerNormalizer``.
///
/// Strong matches first: the option's full text; its text before or inside a bracket (`米` and `m`
/// for `米（m）`); the same parts in another order (`沸腾和蒸发` for `蒸发和沸腾`); the text with
/// neutral additions (`升华现象` for `升华`). Then the option whose value a number is (`3.45` for
/// `3.45 cm`, `1毫米` for `1 mm`). Last, a shorter form: text that exactly one option contains
/// (`铝` for `铝块`).
///
/// Built when an answer is graded, never when a course loads.
struct OptionMatcher {
  enum Match: Equatable {
    case one(Int)
    case several([Int])
    case none
  }

  /// Words that join parts of one option's text or several options: `和`, `、`, `and`.
  static let joiners: [[Character]] = ["以及", "和", "与", "及", "、", ",", ";", "&"].map { Array($0) }

  let options: [String]
  let conventions: AnswerConventions
  /// Each option's comparison key.
  let keys: [String]
  /// Each option's text before its bracketed part and inside it (`米`, `m` for `米（m）`).
  let shortForms: [[String]]
  /// Each option's parts when it joins two or more with `和`, `、`, … (`蒸发和沸腾`).
  let partSets: [Set<String>?]

  init(options: [String], conventions: AnswerConventions) {
    self.options = options
    self.conventions = conventions
    var keys: [String] = []
    var shortForms: [[String]] = []
    var partSets: [Set<String>?] = []
    for option in options {
      let peeled = AnswerNormalizer.peeled(option, conventions: conventions)
      keys.append(AnswerNormalizer.spaceless(peeled))
      shortForms.append(Self.bracketForms(peeled))
      let parts = Self.parts(peeled, atSpaces: false)
      partSets.append(parts.count >= 2 ? Set(parts) : nil)
    }
    self.keys = keys
    self.shortForms = shortForms
    self.partSets = partSets
  }

  /// `米` and `m` for `米(m)`; empty when the option has no bracketed part after some text.
  static func bracketForms(_ peeled: [Character]) -> [String] {
    guard let before = AnswerNormalizer.withoutTrailingNote(peeled) else { return [] }
    var inside = Array(peeled.dropFirst(before.count))
    while let first = inside.first, first == " " || AnswerNormalizer.brackets[first] != nil { inside.removeFirst() }
    if let last = inside.last, AnswerNormalizer.brackets.values.contains(last) { inside.removeLast() }
    return [AnswerNormalizer.spaceless(before), AnswerNormalizer.spaceless(AnswerNormalizer.peel(inside))]
      .filter { !$0.isEmpty }
  }

  /// The parts of `peeled` between joiners (and spaces, with `atSpaces`), as keys.
  static func parts(_ peeled: [Character], atSpaces: Bool = true) -> [String] {
    tokens(peeled, atSpaces: atSpaces).map { AnswerNormalizer.spaceless(Array($0)) }.filter { !$0.isEmpty }
  }

  /// `peeled` cut at joiners and the word `and` (and at other spaces, with `atSpaces`), keeping each
  /// token's place.
  static func tokens(_ peeled: [Character], atSpaces: Bool = true) -> [ArraySlice<Character>] {
    var tokens: [ArraySlice<Character>] = []
    var start = 0
    var i = 0
    func cut(_ end: Int, skipping length: Int) {
      if end > start { tokens.append(peeled[start..<end]) }
      i = end + length
      start = i
    }
    while i < peeled.count {
      if peeled[i] == " " {
        // ` and ` joins like `和`.
        let rest = peeled[(i + 1)...]
        if rest.starts(with: ["a", "n", "d", " "]) {
          cut(i, skipping: 5)
          continue
        } else if atSpaces {
          cut(i, skipping: 1)
          continue
        }
      }
      if let joiner = joiners.first(where: { peeled[i...].starts(with: $0) }) {
        cut(i, skipping: joiner.count)
        continue
      }
      i += 1
    }
    if start < peeled.count { tokens.append(peeled[start...]) }
    return tokens
  }

  /// The options the whole of `peeled` (a piece of an answer, normalised) names.
  func match(_ peeled: [Character], labels: Bool = false) -> Match {
    let key = AnswerNormalizer.spaceless(peeled)
    guard !key.isEmpty else { return .none }
    let strong = strongMatch(peeled, key: key)
    if strong != .none { return strong }
    let byValue = valueMatch(String(peeled))
    if byValue != .none { return byValue }
    return containing(key)
  }

  /// Full text, text without a note, bracket forms, parts in another order, neutral additions.
  func strongMatch(_ peeled: [Character], key: String) -> Match {
    if let index = keys.firstIndex(of: key) {
      let all = keys.indices.filter { keys[$0] == key }
      return all.count == 1 ? .one(index) : .several(all)
    }
    var candidates = [key]
    if let before = AnswerNormalizer.withoutTrailingNote(peeled) {
      let beforeKey = AnswerNormalizer.spaceless(before)
      if let index = keys.firstIndex(of: beforeKey) { return .one(index) }
      candidates.append(beforeKey)
    }
    for candidate in candidates {
      let short = shortForms.indices.filter { shortForms[$0].contains(candidate) }
      if let result = Self.result(short) { return result }
    }
    let typedParts = Self.parts(peeled, atSpaces: false)
    if typedParts.count >= 2 {
      let set = Set(typedParts)
      if let result = Self.result(partSets.indices.filter { partSets[$0] == set }) { return result }
    }
    for candidate in candidates {
      let neutral = keys.indices.filter {
        AnswerNormalizer.isNeutralAddition(candidate, to: [keys[$0]], conventions: conventions)
      }
      if let result = Self.result(neutral) { return result }
    }
    return .none
  }

  /// The options whose value (and unit, converted) the typed number is: `3.45` for `3.45 cm`,
  /// `100克` for `仍为 100 g`. Of several, the one written with the same digits (`3.45 cm`, not `3.450 cm`).
  func valueMatch(_ text: String) -> Match {
    guard let first = text.unicodeScalars.first, first.properties.numericType != nil || first == "-" || first == "."
    else { return .none }
    guard case .success(let typed) = NumberReader.read(text) else { return .none }
    let typedUnit = typed.unitText.isEmpty ? nil : MeasurementUnit.named(typed.unitText)
    if !typed.unitText.isEmpty, typedUnit == nil { return .none }
    var matches: [Int] = []
    var sameDigits: [Int] = []
    for (index, option) in options.enumerated() {
      // Only an option with an ASCII digit has a value (`③②①` is text), and only a number with a
      // known unit or none (`35~42 ℃，0.1 ℃` is a range, not a value).
      guard option.unicodeScalars.contains(where: { ("0"..."9").contains($0) || (0xFF10...0xFF19).contains($0.value) }),
        case .success(let reading) = NumberReader.readAnswer(option)
      else { continue }
      let optionUnit = reading.unitText.isEmpty ? nil : MeasurementUnit.named(reading.unitText)
      if !reading.unitText.isEmpty, optionUnit == nil { continue }
      var value = typed.value
      if let typedUnit {
        guard let optionUnit, let converted = typedUnit.convert(typed.value, to: optionUnit) else { continue }
        value = converted
      }
      if abs(value - reading.value) <= 1e-9 * max(abs(value), abs(reading.value), 1e-12) {
        matches.append(index)
        if typed.digits == reading.digits { sameDigits.append(index) }
      }
    }
    if matches.count > 1, sameDigits.count == 1 { return .one(sameDigits[0]) }
    return Self.result(matches) ?? .none
  }

  /// The options whose text contains `key`, a shorter form of one of them.
  func containing(_ key: String) -> Match {
    let containing = keys.indices.filter { keys[$0].contains(key) }
    return Self.result(containing) ?? .none
  }

  static func result(_ indices: [Int]) -> Match? {
    switch indices.count {
    case 0: nil
    case 1: .one(indices[0])
    default: .several(indices)
    }
  }

  /// Options sharing the most characters with `text` (at least half of them), best first, at most
  /// three: for messages.
  func closest(to text: String) -> [Int] {
    let typed = Array(AnswerNormalizer.key(text, conventions: conventions).filter { $0 != " " })
    guard !typed.isEmpty else { return [] }
    var scored: [(index: Int, score: Int)] = []
    for (index, key) in keys.enumerated() {
      var remaining = Array(key)
      var shared = 0
      for character in typed {
        if let at = remaining.firstIndex(of: character) {
          remaining.remove(at: at)
          shared += 1
        }
      }
      // Close means sharing at least half of what was typed.
      if shared > 0, shared * 2 >= typed.count { scored.append((index, shared)) }
    }
    return scored.sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }.prefix(3).map(\.index)
  }
}
