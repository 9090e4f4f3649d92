import Foundation
import Localization
import TextLayout

/// Reads a number the way students write it, and hands back the unit text that follows.
///
/// One reader for every numeric answer and for numbers in course files: signs (`-`, `−`, `－`,
/// `零下`), full-width digits, thousands separators (`1,000,000`, ASCII comma only), scientific
/// notation (`1×10^9`, `1.0×10⁹`, `10⁹`, `1e9`, `1.0*10^9`, `1x10^9`, `10的9次方`), the multipliers
/// `万` and `亿`, and a leading `约`, `≈` or `about`, which are ignored.
///
/// ```swift
/// NumberReader.read("1.0×10³ kg/m³")  // .success(value: 1000, unitText: "kg/m^3")
/// NumberReader.read("10亿")           // .success(value: 1e9, unitText: "")
/// NumberReader.read("2，7")           // .failure: a full-width comma is never read in a number
/// ```
public enum NumberReader {
  /// A number and the text after it.
  public struct Reading: Sendable, Equatable {
    public var value: Double
    /// What follows the number, trimmed, superscripts written as `^3`; empty when nothing followed.
    public var unitText: String
  }

  /// Why `read` found no number; `message` is empty when the text simply does not start with one.
  public struct Invalid: Error, Sendable, Equatable {
    public var message: String
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
  public static func read(_ input: String) -> Result<Reading, Invalid> {
    var raw = Substring(input).trimmingWhitespaceAndNewlines()[...]
    while let last = raw.last, edgePunctuation.contains(last) { raw = raw.dropLast() }
    let digitsAround = { (i: String.Index) -> Bool in
      i > raw.startIndex && raw[raw.index(before: i)].isNumber && raw.index(after: i) < raw.endIndex
        && raw[raw.index(after: i)].isNumber
    }
    if let comma = raw.firstIndex(of: "，"), digitsAround(comma) {
      return .failure(
        Invalid(
          message: trMark("use a point for decimals (\"2.7\"); a full-width comma \"，\" is not read inside a number")))
    }
    let text = Array(
      CompatibilityText.nfkc(superscriptsAsExponents(String(raw))).replacingOccurrences(of: "\u{2212}", with: "-")
        .trimmingSpaces())
    var scanner = Scanner(text: text)
    return scanner.number()
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
      if take("零下") {
        negative = true
      } else if let c = current, c == "-" || c == "+" {
        negative = c == "-"
        index += 1
        skipSpaces()
      }
      var integer = digits()
      if current == ",", !integer.isEmpty {
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
      var fraction = ""
      if current == "." {
        index += 1
        fraction = digits()
      }
      guard !(integer.isEmpty && fraction.isEmpty) else { return .failure(Invalid(message: "")) }
      var exponent = 0
      let mantissaEnd = index
      if integer == "10", fraction.isEmpty, let power = powerOfTen() {
        // `10^9`, `10⁹`: the number is the power itself.
        integer = "1"
        exponent = power
      } else if let power = scientificTail() {
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
        } else {
          break
        }
      }
      let literal =
        (negative ? "-" : "") + (integer.isEmpty ? "0" : integer) + "." + (fraction.isEmpty ? "0" : fraction)
        + "e\(exponent)"
      guard let value = Double(literal), value.isFinite else { return .failure(Invalid(message: "")) }
      let rest = String(text[index...]).trimmingSpaces()
      return .success(Reading(value: value, unitText: rest))
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
