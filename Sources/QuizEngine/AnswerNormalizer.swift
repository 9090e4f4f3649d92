/// The one normaliser every question type reads typed text through: fill-ins, option texts, true/false.
///
/// In order: NFKC and case folding (``AnswerText/normalize(_:foldingCase:)``); traditional Chinese
/// characters as simplified (``TraditionalChinese``, for courses in Chinese); then, repeatedly, a
/// leading `答：`/`答:`/`答案：`/`Answer:`, surrounding quotes and brackets of every kind, and leading
/// or trailing sentence punctuation are peeled off; last, spaces go except a single one between two
/// Latin letters.
///
/// ```swift
/// AnswerNormalizer.key("答：“物態變化”。")  // "物态变化"
/// AnswerNormalizer.key("（ Boiling  Point ）")  // "boiling point"
/// ```
package enum AnswerNormalizer {
  /// Words an accepted Chinese answer may have before or after it and still be right (`液化现象`,
  /// `熔化过程`, `用刻度尺`); a course adds its own with `neutralAdditions`.
  package static let neutralAdditions = ["现象", "过程", "用"]
  /// Articles an English answer may start with (`the metre`).
  package static let articles = ["the", "a", "an"]
  /// Leading words that only say "my answer is", compared after NFKC and case folding.
  static let answerPrefixes: [[Character]] = ["答案:", "答案是", "答:", "answer:", "ans:"].map { Array($0) }

  /// Punctuation a typed answer may start or end with and still mean the same (`凝固。`, `凝固!`).
  ///
  /// After NFKC, so `，．！？；：` are their ASCII forms; `。` and `、` have no compatibility mapping.
  static let edgePunctuation: Set<Character> = ["。", ",", ".", "!", "?", "、", ";", ":", "…", "～", "~"]

  /// Opening brackets and the closing bracket each needs.
  static let brackets: [Character: Character] = [
    "(": ")", "[": "]", "{": "}", "【": "】", "《": "》", "〈": "〉", "〔": "〕", "〖": "〗", "<": ">",
  ]
  /// Quotation marks: any opening one closes with any closing one (`"物态变化”` is typed as often as not).
  static let openingQuotes: Set<Character> = ["\u{201C}", "\u{2018}", "\"", "'", "「", "『", "«", "‹", "\u{201E}", "`"]
  static let closingQuotes: Set<Character> = ["\u{201D}", "\u{2019}", "\"", "'", "」", "』", "»", "›", "`"]

  /// The comparison form of `text`: normalised, peeled, and without spaces except between Latin letters.
  ///
  /// Chinese is written without spaces, so `零下 5 摄氏度` is `零下5摄氏度`, while `boiling point`
  /// keeps its space and never equals `boilingpoint`.
  package static func key(
    _ text: String, conventions: AnswerConventions = .standard, foldingCase: Bool = true
  ) -> String {
    spaceless(peeled(text, conventions: conventions, foldingCase: foldingCase))
  }

  /// `text` normalised and peeled, inner spaces kept (one each), for splitting into parts.
  static func peeled(_ text: String, conventions: AnswerConventions, foldingCase: Bool = true) -> [Character] {
    var normalized = AnswerText.normalize(text, foldingCase: foldingCase)
    if conventions.readsTraditionalAsSimplified { normalized = TraditionalChinese.simplified(normalized) }
    return peel(Array(normalized))
  }

  /// Peels answer prefixes, surrounding quotes and brackets, edge punctuation and spaces until none is left.
  static func peel(_ text: [Character]) -> [Character] {
    var characters = text[...]
    while true {
      let before = characters.count
      // A leading point before a digit is a decimal point (`.5`), not punctuation.
      while let first = characters.first, first == " " || edgePunctuation.contains(first),
        !(first == "." && characters.dropFirst().first?.isNumber == true)
      {
        characters.removeFirst()
      }
      while let last = characters.last, last == " " || edgePunctuation.contains(last) { characters.removeLast() }
      for prefix in answerPrefixes where characters.count > prefix.count {
        let head = characters.prefix(prefix.count).map { Character($0.lowercased()) }
        if head == prefix {
          characters.removeFirst(prefix.count)
          break
        }
      }
      if let inner = withoutSurroundingPair(characters) { characters = inner }
      if characters.count == before { return Array(characters) }
    }
  }

  /// The text inside a pair of quotes or brackets that encloses all of `text`, or nil.
  ///
  /// `(a)(b)` is not enclosed (its first bracket closes before the end), nor is `"a" or "b"`.
  static func withoutSurroundingPair(_ text: ArraySlice<Character>) -> ArraySlice<Character>? {
    guard text.count >= 2, let first = text.first, let last = text.last else { return nil }
    let inner = text.dropFirst().dropLast()
    if let closer = brackets[first] {
      guard last == closer else { return nil }
      var depth = 0
      for character in inner {
        if character == first { depth += 1 }
        if character == closer {
          depth -= 1
          if depth < 0 { return nil }
        }
      }
      return depth == 0 ? inner : nil
    }
    if openingQuotes.contains(first), closingQuotes.contains(last) {
      return quotesBalance(inner) ? inner : nil
    }
    return nil
  }

  /// Whether the quotes inside `text` pair up (`‘答：“对”’` is one quote inside another), so that
  /// the outer pair encloses all of it: `“a” or “b”` is not enclosed by its first and last marks.
  /// `"` and `'` open where no same mark is open, and close it otherwise.
  static func quotesBalance(_ text: ArraySlice<Character>) -> Bool {
    var open: [Character] = []
    for character in text {
      let opening = openingQuotes.contains(character)
      let closing = closingQuotes.contains(character)
      if opening && closing {
        if open.last == character { open.removeLast() } else { open.append(character) }
      } else if opening {
        open.append(character)
      } else if closing {
        // Any open quote closes (students mix `"` and `”`), but none may close before it opened.
        guard !open.isEmpty else { return false }
        open.removeLast()
      }
    }
    return open.isEmpty
  }

  /// The part before a bracketed note at the end of `text` (`熔化` of `熔化(吸热)`), peeled; nil when
  /// there is no such note or nothing before it.
  static func withoutTrailingNote(_ text: [Character]) -> [Character]? {
    guard let last = text.last, let open = brackets.first(where: { $0.value == last })?.key else { return nil }
    var depth = 0
    for index in text.indices.reversed() {
      if text[index] == last { depth += 1 }
      if text[index] == open {
        depth -= 1
        if depth == 0 {
          let before = peel(Array(text[..<index]))
          return before.isEmpty ? nil : before
        }
      }
    }
    return nil
  }

  /// `characters` without spaces, except a single one between two Latin letters.
  static func spaceless(_ characters: [Character]) -> String {
    var result = ""
    for (i, c) in characters.enumerated() {
      if c == " ", i > 0, i + 1 < characters.count,
        !(isLatinLetter(characters[i - 1]) && isLatinLetter(characters[i + 1]))
      {
        continue
      }
      result.append(c)
    }
    return result
  }

  static func isLatinLetter(_ c: Character) -> Bool {
    c.isLetter && c.unicodeScalars.allSatisfy { $0.value < 0x0250 }
  }

  /// Whether `typed` (a key) is one of `accepted` (keys) with neutral additions: words of the
  /// course's list before or after it, an English article before it, or the plural `-s`/`-es` of an
  /// accepted single English word.
  ///
  /// Nothing else: `不是液化` is not `液化` (不是 is not neutral), and `metres` is `metre` only because
  /// `metre` is one English word.
  static func isNeutralAddition(_ typed: String, to accepted: Set<String>, conventions: AnswerConventions) -> Bool {
    let words = neutralAdditions + conventions.neutralAdditions.map { key($0, conventions: conventions) }
    var seen: Set<String> = [typed]
    var queue = [typed]
    // Each step removes one addition; three are plenty (`用……的过程`) and keep the search small.
    for _ in 0..<3 {
      var next: [String] = []
      for text in queue {
        for candidate in removingOneAddition(text, words: words) where seen.insert(candidate).inserted {
          if accepted.contains(candidate) { return true }
          next.append(candidate)
        }
      }
      queue = next
    }
    return false
  }

  /// Every text `text` becomes when one neutral word, article or plural ending is taken off it.
  static func removingOneAddition(_ text: String, words: [String]) -> [String] {
    var results: [String] = []
    let lowered = text.lowercased()
    for word in words where !word.isEmpty {
      let latin = word.allSatisfy(isLatinLetter)
      let head = latin ? word + " " : word
      let tail = latin ? " " + word : word
      if lowered.hasPrefix(head), text.count > head.count { results.append(String(text.dropFirst(head.count))) }
      if lowered.hasSuffix(tail), text.count > tail.count { results.append(String(text.dropLast(tail.count))) }
    }
    // What follows an article is a word, not a letter (`a b` is two labels, not "the b").
    for article in articles where lowered.hasPrefix(article + " ") && text.count > article.count + 2 {
      results.append(String(text.dropFirst(article.count + 1)))
    }
    // A plural of one English word: `metres`, `meters`, `boxes`; never of a phrase or of Chinese.
    if text.count > 3, text.allSatisfy({ $0.isASCII && $0.isLetter }) {
      if lowered.hasSuffix("es") { results.append(String(text.dropLast(2))) }
      if lowered.hasSuffix("s") { results.append(String(text.dropLast())) }
    }
    return results
  }

  /// Pairs of `texts` (accepted answers, or options) that the normaliser makes equal although they
  /// differed before it (traditional characters, quotes, brackets, `答：`); `validate` warns of them,
  /// since one could then not be told from the other.
  package static func newlyEqualPairs(_ texts: [String], conventions: AnswerConventions) -> [(first: Int, second: Int)]
  {
    let plain = texts.map { AnswerText.comparisonKey($0) }
    let keys = texts.map { key($0, conventions: conventions) }
    var pairs: [(first: Int, second: Int)] = []
    // The first text of each key, looked up by hash: a question may have 100,000 options.
    var firstOfKey: [String: Int] = [:]
    for second in texts.indices {
      guard let first = firstOfKey[keys[second]] else {
        firstOfKey[keys[second]] = second
        continue
      }
      // Against the first text of the same key: a repeat of it in spaces or punctuation alone is no news.
      if plain[first] != plain[second] { pairs.append((first, second)) }
    }
    return pairs
  }
}
