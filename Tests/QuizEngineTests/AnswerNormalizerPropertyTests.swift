import QuizEngine
import XCTest

/// Invariants of the answer normaliser, over answers dressed at random: an accepted answer wrapped in
/// quotes, brackets, `答：` and trailing punctuation stays right, and a wrong one so wrapped stays
/// wrong, for fill-ins, options, true/false and numbers alike.
final class AnswerNormalizerPropertyTests: XCTestCase {
  static let wrappers: [(String, String)] = [
    ("“", "”"), ("‘", "’"), ("\"", "\""), ("'", "'"), ("「", "」"), ("『", "』"), ("(", ")"), ("（", "）"),
    ("【", "】"), ("《", "》"), ("〈", "〉"), ("[", "]"), ("答：", ""), ("答:", ""), ("Answer: ", ""), ("", "。"),
    ("", "."), ("", "！"), ("", "?"), ("", "；"), (" ", " "), ("答案：", ""),
  ]

  /// `text` in one to four random wrappings, innermost first.
  static func dressed(_ text: String, _ rng: inout SeededRandomNumberGenerator) -> String {
    var result = text
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
      let (open, close) = wrappers.randomElement(using: &rng)!
      result = open + result + close
    }
    return result
  }

  /// Pairs of (accepted, wrong) fill-in answers, the wrong one often containing the right word.
  static let fills: [(accepted: String, wrong: String)] = [
    ("液化", "不是液化"), ("物态变化", "状态变化"), ("升华", "凝华"), ("熔化", "不熔化"), ("质量", "重量"),
    ("metre", "kilometre"), ("sodium", "potassium"), ("boiling point", "melting point"), ("镊子", "不用镊子"),
    ("半导体", "超导体"), ("电能", "电压"), ("Cairo", "not Cairo"),
  ]

  func testDressedAcceptedAnswersStayRightAndDressedWrongOnesStayWrong() {
    var rng = SeededRandomNumberGenerator(seed: 28)
    for (accepted, wrong) in Self.fills {
      let question = Question(id: "f", prompt: "?", explanation: "", kind: .fill(answers: [accepted]))
      for _ in 0..<40 {
        let right = Self.dressed(accepted, &rng)
        let bad = Self.dressed(wrong, &rng)
        XCTAssertEqual(graded(question, right)?.isCorrect, true, right)
        XCTAssertEqual(graded(question, bad)?.isCorrect, false, bad)
      }
    }
  }

  func testDressedOptionsNameTheirOptionAndNoOther() {
    var rng = SeededRandomNumberGenerator(seed: 29)
    let options = ["光年", "米（m）", "千米（km）", "厘米（cm）"]
    for answer in options.indices {
      let question = single(options, answer: answer)
      for _ in 0..<25 {
        for (index, option) in options.enumerated() {
          let typed = Self.dressed(option, &rng)
          XCTAssertEqual(graded(question, typed)?.isCorrect, index == answer, typed)
        }
      }
    }
  }

  func testDressedTrueFalseWordsKeepTheirMeaning() {
    var rng = SeededRandomNumberGenerator(seed: 30)
    let question = Question(id: "t", prompt: "?", explanation: "", kind: .trueFalse(answer: true))
    for _ in 0..<30 {
      for word in ["对", "对的", "是的", "正确", "√", "true", "yes", "對"] {
        XCTAssertEqual(graded(question, Self.dressed(word, &rng))?.isCorrect, true, word)
      }
      for word in ["错", "不对", "错的", "不正确", "错误", "X", "x", "×", "false", "錯"] {
        XCTAssertEqual(graded(question, Self.dressed(word, &rng))?.isCorrect, false, word)
      }
    }
  }

  func testDressedNumbersKeepTheirValue() {
    var rng = SeededRandomNumberGenerator(seed: 31)
    let density = numeric(2.7, "g/cm³", tolerance: 0.01)
    for _ in 0..<40 {
      for typed in ["2.7", "2.7 g/cm³", "ρ=2.7g/cm³", "2700 kg/m³", "27/10"] {
        XCTAssertEqual(graded(density, Self.dressed(typed, &rng))?.isCorrect, true, typed)
      }
      for typed in ["0.37", "27", "ρ=0.37g/cm³"] {
        XCTAssertEqual(graded(density, Self.dressed(typed, &rng))?.isCorrect, false, typed)
      }
    }
  }

  /// The normaliser gives the same key however often it is applied: a key is its own key.
  func testTheKeyIsAFixedPoint() {
    var rng = SeededRandomNumberGenerator(seed: 32)
    for (accepted, wrong) in Self.fills {
      for text in [accepted, wrong] {
        let key = AnswerNormalizer.key(Self.dressed(text, &rng))
        XCTAssertEqual(AnswerNormalizer.key(key), key, text)
      }
    }
  }

  /// One character to one, and mapping twice is mapping once; no simplified character is changed.
  func testTheTraditionalTableIsIdempotentAndLeavesSimplifiedTextAlone() {
    let traditional = "物態變化昇華凝華單位質量鑷子半導體電能錯對萬億釐乾後裏麼薴"
    let once = TraditionalChinese.simplified(traditional)
    XCTAssertEqual(once, "物态变化升华凝华单位质量镊子半导体电能错对万亿厘干后里么苎")
    XCTAssertEqual(TraditionalChinese.simplified(once), once)
    XCTAssertEqual(once.unicodeScalars.count, traditional.unicodeScalars.count)
    for text in ["物态变化", "ice", "零下5摄氏度", "ρ=2.7g/cm³", ""] {
      XCTAssertEqual(TraditionalChinese.simplified(text), text)
    }
  }

  func testNewlyEqualPairsAreOnlyThoseTheNormaliserJoins() {
    XCTAssertEqual(
      AnswerNormalizer.newlyEqualPairs(["后来", "後來", "冰"], conventions: .standard).map { [$0.first, $0.second] },
      [[0, 1]])
    // In a course in another language, traditional characters are their own.
    XCTAssertTrue(
      AnswerNormalizer.newlyEqualPairs(["后来", "後來"], conventions: .forLanguage("ja")).isEmpty)
    // Spellings equal before the normaliser already (spaces, punctuation) are no news.
    XCTAssertTrue(AnswerNormalizer.newlyEqualPairs(["零下5摄氏度", "零下 5 摄氏度。"], conventions: .standard).isEmpty)
    XCTAssertEqual(
      AnswerNormalizer.newlyEqualPairs(["冰", "“冰”"], conventions: .standard).map { [$0.first, $0.second] }, [[0, 1]])
  }
}
