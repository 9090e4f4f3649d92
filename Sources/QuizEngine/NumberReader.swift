import Foundation
import Localization
import TextLayout

/// Reads a number the way students write it, and hands back the unit text that follows.
///
/// One reader for every numeric answer and for numbers in course files: signs (`-`, `−`, `－`,
/// `零下`, `负`), full-width digits, thousands separators (`1,000,000`, `2 500`, `1，000，000`),
/// fractions (`8/100`, `1 1/2`), scientific notation (`1×10^9`, `1.0×10⁹`, `10⁹`, `1e9`, `1.0*10^9`,
/// `1x10^9`, `10的9次方`), the multipliers `百`, `千`, `万` and `亿` (`1千`, `7萬`), Chinese numerals
/// (`两千五百`, `三十七点八`), and a leading `约`, `≈` or `about`, which are ignored.
/// ``readAnswer(_:)`` reads a typed answer, which may also be working (`ρ=m/V=54g/20cm³=2.7g/cm³`)
/// or a sentence around one number (`答：仍为38.5℃`).
///
/// ```swift
/// NumberReader.read("1.0×10³ kg/m³")  // .success(value: 1000, unitText: "kg/m^3")
/// NumberReader.read("10亿")           // .success(value: 1e9, unitText: "")
/// NumberReader.read("2，7")           // .failure: a full-width comma is never read in a number
/// ```
package enum NumberReader {
  /// A number and the text after it.
  package struct Reading: Sendable, Equatable {
    package var value: Double
    /// What follows the number, trimmed, superscripts written as `^3`; empty when nothing followed.
    package var unitText: String
    /// The digits as written, for questions that demand a precision; nil for a fraction.
    package var digits: Digits?

    package init(value: Double, unitText: String, digits: Digits? = nil) {
      self.value = value
      self.unitText = unitText
      self.digits = digits
    }
  }

  /// Which digits a number was written with: `3.450` has its last digit at 10⁻³ and 4 significant digits.
  package struct Digits: Sendable, Equatable {
    /// The power of ten of the last digit written: -2 for `3.45`, 0 for `2500`, 2 for `2.5×10³`.
    package var lastPlace: Int
    /// Zeros at the end of a number without a decimal point (`2500` has 2), which may or may not be
    /// significant: its last significant digit is anywhere from `lastPlace` to `lastPlace + trailingZeros`.
    package var trailingZeros: Int
    /// Significant digits counting every trailing zero (`2500`: 4, `0.080`: 2).
    package var significant: Int

    /// The numbers of significant digits the number may have: `2500` is 2…4, `3.450` is 4.
    package var significantRange: ClosedRange<Int> { max(significant - trailingZeros, 1)...max(significant, 1) }
    /// The places its last significant digit may be at: `2500` is 0…2, `3.45` is -2.
    package var lastPlaceRange: ClosedRange<Int> { lastPlace...(lastPlace + trailingZeros) }
  }

  /// Why `read` found no number; `message` is empty when the text simply does not start with one.
  package struct Invalid: Error, Sendable, Equatable {
    package var message: String
  }

  /// Words before a number that say it is approximate; an answer is graded against the tolerance anyway.
  static let approximateMarks = ["大约", "约为", "约", "≈", "~", "about", "approximately", "approx.", "approx"]
  /// Leading and trailing punctuation a sentence-style answer carries (`2500米。`).
  static let edgePunctuation: Set<Character> = ["。", "，", "．", ".", "!", "！", "?", "？", "、", ",", ";", "；"]
  /// Signs of multiplication in `1×10^9`, `1x10^9`, `1*10^9`, `1·10^9`.
  static let timesSigns: Set<Character> = ["×", "x", "X", "*", "·", "∙", "⋅", "✕"]

  /// Reads the number at the start of `input`.
  ///
  /// Superscripts become `^` exponents before NFKC, which would turn `10⁹` into `109`.
  package static func read(_ input: String) -> Result<Reading, Invalid> {
    var raw = Substring(input).trimmingWhitespaceAndNewlines()[...]
    while let last = raw.last, edgePunctuation.contains(last) { raw = raw.dropLast() }
    var typed = String(raw)
    switch fullWidthCommas(typed) {
    case .failure(let invalid): return .failure(invalid)
    case .success(let text): typed = text
    }
    // `º` (an ordinal) and `˚` (a ring) are typed for `°`; NFKC would make them `o` and a space.
    typed = String(typed.unicodeScalars.map { $0 == "\u{BA}" || $0 == "\u{2DA}" ? "°" : Character($0) })
    typed = TraditionalChinese.simplified(typed)
    let text = Array(
      CompatibilityText.nfkc(superscriptsAsExponents(typed)).replacingOccurrences(of: "\u{2212}", with: "-")
        .trimmingSpaces())
    var scanner = Scanner(text: text)
    return scanner.number()
  }

  /// Reads a typed answer: `答：`, quotes and brackets around it are peeled; working written on one
  /// line (`ρ=m/V=54g/20cm³=2.7g/cm³`, `2.5km=2500m`, `m=400g`) is read at its last `=`; words
  /// around a single number (`仍为38.5℃`, `最多能装400克`) are left out; and a unit in brackets
  /// (`191.25（克）`) is the unit.
  ///
  /// ```swift
  /// NumberReader.readAnswer("ρ=m/V=54g/20cm³=2.7g/cm³")  // .success(value: 2.7, unitText: "g/cm^3")
  /// NumberReader.readAnswer("答：仍为38.5℃")              // .success(value: 38.5, unitText: "℃")
  /// ```
  package static func readAnswer(_ input: String) -> Result<Reading, Invalid> {
    // Full-width ASCII as ASCII (what NFKC does to it), so that `（`, `：` and `＝` are peeled and split on.
    let ascii = String(
      String.UnicodeScalarView(
        input.unicodeScalars.map {
          (0xFF01...0xFF5E).contains($0.value) && $0 != "，" ? Unicode.Scalar($0.value - 0xFEE0)! : $0
        }))
    var text = String(AnswerNormalizer.peel(Array(ascii)))
    if let sign = text.lastIndex(where: { $0 == "=" || $0 == "≈" }), sign != text.startIndex {
      // The last value of the working is the answer; what comes before it is not graded.
      text = String(text[text.index(after: sign)...])
      if AnswerText.isBlank(text) { return .failure(Invalid(message: trMark("write the result after the last \"=\""))) }
    }
    let whole = unitUnbracketed(read(text))
    // `两者相差23℃`, `一共5个`: words starting with a Chinese numeral read as a number whose unit is the
    // rest; when the rest is no unit and holds a digit, the numeral is a word and the digits the answer.
    let numeralWords: Bool
    if case .success(let reading) = whole, let first = text.first, ChineseNumeral.starts(first),
      reading.unitText.contains(where: { $0.isASCII && $0.isNumber }), MeasurementUnit.named(reading.unitText) == nil
    {
      numeralWords = true
    } else {
      guard case .failure(let invalid) = whole, invalid.message.isEmpty else { return whole }
      numeralWords = false
    }
    // Words, then one number: `仍为38.5℃`, `相差23℃`. The words hold no digit of their own (a
    // Chinese numeral only as a word, as in `两者`).
    let characters = Array(text)
    guard
      let start = characters.indices.first(where: { i in
        characters[i].isASCII && characters[i].isNumber
          || (characters[i] == "-" && i + 1 < characters.count && characters[i + 1].isASCII
            && characters[i + 1].isNumber)
      }), start > 0
    else { return whole }
    var from = start
    for word in ["零下", "负"] where from >= word.count && String(characters[(from - word.count)..<from]) == word {
      from -= word.count
    }
    let words = characters[..<from]
    // At least two characters of words, not ending in a Latin letter: `e3` and `x3` are mistyped numbers.
    guard words.count >= 2, words.allSatisfy({ !$0.isNumber || (numeralWords && !$0.isASCII) }),
      words.contains(where: { $0.isLetter }),
      !(words.last!.isASCII && words.last!.isLetter)
    else { return whole }
    return unitUnbracketed(read(String(characters[from...])))
  }

  /// `191.25(g)`, `191.25（克）`: a unit in brackets after the number, as a Chinese working line
  /// writes it (`225×0.85=191.25（克）`), read as the unit itself.
  static func unitUnbracketed(_ result: Result<Reading, Invalid>) -> Result<Reading, Invalid> {
    guard case .success(var reading) = result, reading.unitText.first == "(", reading.unitText.last == ")" else {
      return result
    }
    let inner = String(reading.unitText.dropFirst().dropLast()).trimmingSpaces()
    guard !inner.isEmpty, !inner.contains("("), !inner.contains(")") else { return result }
    reading.unitText = inner
    return .success(reading)
  }

  /// The numbers in `unitText` after a reading, written apart from any unit (`20` in `g/20cm^3`,
  /// `37.2` in `变为37.2℃`, but not the `3` of `cm3`, `米3` or `m^3`): an answer holding them holds
  /// more than one number.
  static func numbersIn(_ unitText: String) -> [String] {
    let characters = Array(unitText)
    var numbers: [String] = []
    var i = 0
    while i < characters.count {
      let previous: Character? = i > 0 ? characters[i - 1] : nil
      guard characters[i].isASCII, characters[i].isNumber, previous != "^", previous != ".",
        !(previous?.isASCII == true && previous?.isNumber == true)
      else {
        i += 1
        continue
      }
      var run = ""
      while i < characters.count, characters[i].isASCII, characters[i].isNumber || characters[i] == "." {
        run.append(characters[i])
        i += 1
      }
      // After a letter, one digit is an exponent (`cm3`, `米3`); a longer number is a number.
      if previous?.isLetter != true || run.count >= 2 { numbers.append(run) }
    }
    return numbers
  }

  /// `1，000，000` with its full-width commas as thousands separators, where they can be nothing else
  /// (two or more groups of three digits); a `，` between digits otherwise cannot be read.
  static func fullWidthCommas(_ text: String) -> Result<String, Invalid> {
    let characters = Array(text)
    let commas = characters.indices.filter {
      characters[$0] == "，" && $0 > 0 && characters[$0 - 1].isNumber && $0 + 1 < characters.count
        && characters[$0 + 1].isNumber
    }
    guard !commas.isEmpty else { return .success(text) }
    func group(after comma: Int) -> Int {
      var count = 0
      while comma + 1 + count < characters.count, characters[comma + 1 + count].isNumber { count += 1 }
      return count
    }
    let groupsOfThree = commas.allSatisfy { group(after: $0) == 3 }
    if groupsOfThree, commas.count >= 2 {
      return .success(String(characters.map { $0 == "，" ? "," : $0 }))
    }
    if groupsOfThree {
      return .failure(
        Invalid(
          message: trMark(
            "\"，\" between digits could be a thousands separator or a decimal point; write 2500 or 2.5")))
    }
    return .failure(
      Invalid(
        message: trMark("use a point for decimals (\"2.7\"); a full-width comma \"，\" is not read inside a number")))
  }

  /// `10⁻³ m³` → `10^-3 m^3`: a run of superscript digits and signs becomes one `^` exponent.
  static func superscriptsAsExponents(_ text: String) -> String {
    var result = ""
    var inRun = false
    for scalar in text.unicodeScalars {
      let mapped: Character? =
        switch scalar.value {
        case 0x2070: "0"
        case 0x00B9: "1"
        case 0x00B2: "2"
        case 0x00B3: "3"
        case 0x2074...0x2079: Character(String(scalar.value - 0x2070))
        case 0x207A: "+"
        case 0x207B: "-"
        default: nil
        }
      if let mapped {
        if !inRun { result.append("^") }
        result.append(mapped)
        inRun = true
      } else {
        result.unicodeScalars.append(scalar)
        inRun = false
      }
    }
    return result
  }

  /// Walks the normalized characters once.
  struct Scanner {
    let text: [Character]
    var index = 0

    init(text: [Character]) { self.text = text }

    var current: Character? { index < text.count ? text[index] : nil }

    mutating func skipSpaces() {
      while let c = current, c.isWhitespace { index += 1 }
    }

    /// Consumes `word` (compared case-insensitively for ASCII) when the text continues with it.
    mutating func take(_ word: String) -> Bool {
      let characters = Array(word)
      guard index + characters.count <= text.count else { return false }
      for (offset, c) in characters.enumerated() where text[index + offset].lowercased() != c.lowercased() {
        return false
      }
      index += characters.count
      return true
    }

    mutating func digits() -> String {
      var run = ""
      while let c = current, let ascii = c.asciiValue, (48...57).contains(ascii) {
        run.append(c)
        index += 1
      }
      return run
    }

    /// A signed integer exponent, optionally in parentheses: `9`, `-3`, `+9`, `(-3)`.
    mutating func exponent() -> Int? {
      let start = index
      let parenthesized = take("(")
      skipSpaces()
      var sign = ""
      if let c = current, c == "-" || c == "+" {
        sign = String(c)
        index += 1
      }
      let run = digits()
      var closed = true
      if parenthesized {
        skipSpaces()
        closed = take(")")
      }
      guard closed, !run.isEmpty, run.count <= 4, let value = Int(sign + run) else {
        index = start
        return nil
      }
      return value
    }

    /// `^9`, `^-3`, or Chinese `的9次方`, after a power of ten.
    mutating func powerOfTen() -> Int? {
      let start = index
      skipSpaces()
      if take("^") || take("**") {
        skipSpaces()
        if let value = exponent() { return value }
      } else if take("的") {
        if let value = exponent(), take("次方") || take("次幂") { return value }
      }
      index = start
      return nil
    }

    mutating func number() -> Result<Reading, Invalid> {
      skipSpaces()
      for mark in NumberReader.approximateMarks where take(mark) {
        skipSpaces()
        break
      }
      var negative = false
      if take("零下") || take("负") {
        negative = true
        skipSpaces()
      } else if let c = current, c == "-" || c == "+" {
        negative = c == "-"
        index += 1
        skipSpaces()
      }
      var integer = digits()
      var fraction = ""
      var chinese = false
      if integer.isEmpty, current != ".", let c = current, ChineseNumeral.starts(c),
        let numeral = ChineseNumeral.read(text, from: index)
      {
        integer = numeral.integer
        fraction = numeral.fraction
        index = numeral.end
        chinese = true
      }
      if !chinese, current == ",", !integer.isEmpty {
        // Thousands separators: groups of exactly three digits after a first group of one to three.
        var grouped = integer
        var valid = integer.count <= 3 && integer.first != "0"
        while current == "," {
          let save = index
          index += 1
          let group = digits()
          if group.isEmpty {
            index = save
            break
          }
          if group.count != 3 { valid = false }
          grouped += group
        }
        guard valid else {
          return .failure(
            Invalid(
              message:
                trMark(
                  "write thousands as \"1,000,000\" (groups of three) or without commas, and decimals with a point, for example \"2.7\""
                )
            ))
        }
        integer = grouped
      }
      if !chinese, !integer.isEmpty, let mixed = mixedFraction(whole: integer) {
        // `1 1/2`: a whole number, a space, and a fraction.
        return finish(value: (negative ? -1 : 1) * mixed, digits: nil)
      }
      if !chinese, !integer.isEmpty, integer.count <= 3, integer.first != "0" || integer == "0" {
        // `2 500`, `1 000 000`: groups of three digits after spaces (thin spaces are spaces after NFKC).
        while current == " ", let group = spaceGroup() { integer += group }
      }
      if !chinese, current == "." {
        index += 1
        fraction = digits()
      }
      guard !(integer.isEmpty && fraction.isEmpty) else { return .failure(Invalid(message: "")) }
      if !chinese, fraction.isEmpty, let denominator = denominator() {
        // `8/100`, `27/10`: a fraction, read as its value.
        guard let numerator = Double(integer), denominator != 0 else { return .failure(Invalid(message: "")) }
        return finish(value: (negative ? -1 : 1) * numerator / denominator, digits: nil)
      }
      var exponent = 0
      let mantissaEnd = index
      if !chinese, integer == "10", fraction.isEmpty, let power = powerOfTen() {
        // `10^9`, `10⁹`: the number is the power itself.
        integer = "1"
        exponent = power
      } else if !chinese, let power = scientificTail() {
        exponent = power
      } else {
        index = mantissaEnd
      }
      skipSpaces()
      while true {
        if take("万") {
          exponent += 4
        } else if take("亿") {
          exponent += 8
        } else if !chinese, multiplier("千") {
          exponent += 3
        } else if !chinese, multiplier("百") {
          exponent += 2
        } else {
          break
        }
      }
      let literal =
        (negative ? "-" : "") + (integer.isEmpty ? "0" : integer) + "." + (fraction.isEmpty ? "0" : fraction)
        + "e\(exponent)"
      guard let value = Double(literal), value.isFinite else { return .failure(Invalid(message: "")) }
      return finish(value: value, digits: Self.digits(integer: integer, fraction: fraction, exponent: exponent))
    }

    /// The reading of `value` with the rest of the text as its unit.
    func finish(value: Double, digits: Digits?) -> Result<Reading, Invalid> {
      guard value.isFinite else { return .failure(Invalid(message: "")) }
      let rest = String(text[index...]).trimmingSpaces()
      return .success(Reading(value: value, unitText: rest, digits: digits))
    }

    /// Which digits `integer.fraction × 10^exponent` was written with.
    static func digits(integer: String, fraction: String, exponent: Int) -> Digits {
      let all = (integer + fraction).drop(while: { $0 == "0" })
      let trailingZeros = fraction.isEmpty ? integer.reversed().prefix(while: { $0 == "0" }).count : 0
      // `0` alone has one significant digit, and no ambiguous zero.
      let significant = all.isEmpty ? 1 : all.count
      return Digits(
        lastPlace: exponent - fraction.count, trailingZeros: all.isEmpty ? 0 : min(trailingZeros, significant - 1),
        significant: significant)
    }

    /// Consumes `word` as a multiplier (`1千`), but not as the start of a unit (`1千米` is 1 km, `1千克` 1 kg).
    mutating func multiplier(_ word: Character) -> Bool {
      guard current == word else { return false }
      if index + 1 < text.count, ["米", "克", "瓦", "焦", "帕"].contains(text[index + 1]) { return false }
      index += 1
      return true
    }

    /// ` 500` after a group of digits: a space and exactly three digits not followed by another
    /// digit or a `/`; nil (nothing consumed) otherwise.
    mutating func spaceGroup() -> String? {
      let start = index
      guard take(" ") else { return nil }
      let group = digits()
      if group.count == 3, current != "/" { return group }
      index = start
      return nil
    }

    /// The denominator after `/` when a fraction continues here (`/100`); nil, nothing consumed, otherwise.
    mutating func denominator() -> Double? {
      let start = index
      guard current == "/" else { return nil }
      index += 1
      let run = digits()
      // `2/25.5` is not a fraction a learner writes; `2/3 g` is, and `54g/20cm³` never reaches here.
      guard !run.isEmpty, current != ".", let value = Double(run) else {
        index = start
        return nil
      }
      return value
    }

    /// `1 1/2` after the whole number `whole`: its value, or nil with nothing consumed.
    mutating func mixedFraction(whole: String) -> Double? {
      let start = index
      guard take(" ") else { return nil }
      let numerator = digits()
      guard !numerator.isEmpty, let denominator = denominator(), let top = Double(numerator), denominator != 0,
        top < denominator, let wholeValue = Double(whole)
      else {
        index = start
        return nil
      }
      return wholeValue + top / denominator
    }

    /// `e9`, `E+9`, `×10^9`, `x 10⁹`, `*10^-3` after a mantissa; nil (and nothing consumed) otherwise.
    mutating func scientificTail() -> Int? {
      let start = index
      if let c = current, c == "e" || c == "E" {
        index += 1
        var sign = ""
        if let s = current, s == "-" || s == "+" {
          sign = String(s)
          index += 1
        }
        let run = digits()
        if !run.isEmpty, run.count <= 4, let value = Int(sign + run) { return value }
        index = start
        return nil
      }
      skipSpaces()
      if let c = current, NumberReader.timesSigns.contains(c) {
        index += 1
        skipSpaces()
        if take("10"), let power = powerOfTen() { return power }
      }
      index = start
      return nil
    }
  }
}
