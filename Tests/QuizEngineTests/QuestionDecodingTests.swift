import CourseOutline
import PracticeJSON
import QuizEngine
import XCTest

final class QuestionDecodingTests: XCTestCase {
  /// Decodes `text`, returning problems as `offset: message` for exact comparison.
  func problems(_ text: String) throws -> [String] {
    let json = try JSONParser.parse(text)
    let (question, problems) = Question.decode(json)
    XCTAssertEqual(question == nil, !problems.isEmpty, "question is nil exactly when there are problems")
    return problems.map { "\($0.offset ?? -1): \($0.message)" }
  }

  /// The byte offset of the first `needle` in `text` after `after`.
  func at(_ needle: String, in text: String, after: String = "") -> Int {
    let bytes = Array(text.utf8)
    let start = after.isEmpty ? 0 : at(after, in: text)
    let n = Array(needle.utf8)
    for i in start...(bytes.count - n.count) where Array(bytes[i..<(i + n.count)]) == n { return i }
    XCTFail("\(needle) not in \(text)")
    return -1
  }

  func testDecodesEveryType() throws {
    let text = """
      [
        {"id": "s", "type": "single", "prompt": "P", "explanation": "E", "hint": "H", "options": ["a", "b"], "answer": 1},
        {"id": "m", "type": "multiple", "prompt": "P", "explanation": "E", "options": ["a", "b", "c"], "answers": [2, 0]},
        {"id": "t", "type": "truefalse", "prompt": "P", "explanation": "E", "answer": false},
        {"id": "f", "type": "fill", "prompt": "P", "explanation": "E", "answers": ["x", "y"]},
        {"id": "n", "type": "numeric", "prompt": "P", "explanation": "E", "answer": 2.7, "unit": "g/cm3", "tolerance": 0.1},
        {"id": "b", "type": "numeric", "prompt": "P", "explanation": "E", "answer": 3, "hint": null},
        {"id": "c", "type": "fill", "prompt": "P", "explanation": "E", "answers": ["Na"], "caseSensitive": true}
      ]
      """
    let decoded = try JSONParser.parse(text).array!.map { Question.decode($0) }
    XCTAssertEqual(decoded.flatMap(\.problems), [])
    let kinds = decoded.map { $0.question?.kind }
    XCTAssertEqual(kinds[0], .single(options: ["a", "b"], answer: 1))
    XCTAssertEqual(kinds[1], .multiple(options: ["a", "b", "c"], answers: [0, 2]))
    XCTAssertEqual(kinds[2], .trueFalse(answer: false))
    XCTAssertEqual(kinds[3], .fill(answers: ["x", "y"]))
    XCTAssertEqual(kinds[4], .numeric(answer: 2.7, unit: MeasurementUnit.named("g/cm³"), tolerance: 0.1))
    XCTAssertEqual(kinds[5], .numeric(answer: 3, unit: nil, tolerance: nil))
    XCTAssertEqual(
      decoded[0].question,
      Question(id: "s", prompt: "P", explanation: "E", hint: "H", kind: .single(options: ["a", "b"], answer: 1)))
    XCTAssertNil(decoded[5].question?.hint)
    XCTAssertEqual(kinds[6], .fill(answers: ["Na"], caseSensitive: true))
    // Written back, each reads the same; `caseSensitive` is written only when true.
    for case let question? in decoded.map(\.question) {
      XCTAssertEqual(Question.decode(question.json).question, question)
    }
    XCTAssertTrue(JSONWriter.compact(decoded[6].question!.json).contains(#""caseSensitive":true"#))
    XCTAssertFalse(JSONWriter.compact(decoded[3].question!.json).contains("caseSensitive"))
  }

  func testAnswerOutOfRangeNamesTheQuestion() throws {
    let text =
      #"{"id": "ch1.1-q03", "type": "single", "prompt": "P", "explanation": "E", "options": ["a", "b", "c", "d"], "answer": 4}"#
    XCTAssertEqual(
      try problems(text),
      ["\(at("4}", in: text)): question \"ch1.1-q03\": answer 4 is not among its 4 options (0...3)"])
  }

  func testReportsEveryMissingFieldAtTheObject() throws {
    let text = #"  {"type": "truefalse"}"#
    XCTAssertEqual(
      try problems(text),
      [
        "2: question: missing \"id\" (a string)",
        "2: question: missing \"prompt\" (a string)",
        "2: question: missing \"explanation\" (a string)",
        "2: question: missing \"answer\" (true or false)",
      ])
  }

  func testWrongTypesAtTheValue() throws {
    let text = #"{"id": 7, "type": "fill", "prompt": ["x"], "explanation": "", "hint": false, "answers": "x"}"#
    XCTAssertEqual(
      try problems(text),
      [
        "\(at("7", in: text)): question: \"id\" must be a string, found a number",
        "\(at("[\"x\"]", in: text)): question: \"prompt\" must be a string, found an array",
        "\(at("false", in: text)): question: \"hint\" must be a string, found a boolean",
        "\(at("\"x\"}", in: text)): question: \"answers\" must be an array of accepted answers, found a string",
      ])
  }

  func testNotAnObject() throws {
    XCTAssertEqual(try problems(#"[1]"#), ["0: question: must be an object, found an array"])
  }

  func testUnknownTypeAndEmptyID() throws {
    let text = #"{"id": " ", "type": "choice", "prompt": "P", "explanation": "E"}"#
    XCTAssertEqual(
      try problems(text),
      [
        "\(at("\" \"", in: text)): question: \"id\" must not be empty",
        "\(at("\"choice\"", in: text)): question: unknown type \"choice\"; use single, multiple, truefalse, fill, numeric, matching, card, essay, calculated or ordering",
      ])
  }

  func testBlankMeansWhitespaceOnlyInAnyScript() throws {
    for blank in ["", " ", "\\t\\n", "\u{3000}", " \u{3000}"] {
      let text = #"{"id": "q", "type": "card", "prompt": "P", "explanation": "", "back": "\#(blank)"}"#
      XCTAssertEqual(
        try problems(text).map { $0.drop { $0 != " " } }, [#" question "q": "back" must not be empty"#], blank)
    }
    for filled in ["a", "a ", " a", "中", "\u{3000}中", "!"] {
      let text = #"{"id": "q", "type": "card", "prompt": "P", "explanation": "", "back": "\#(filled)"}"#
      XCTAssertEqual(try problems(text), [], filled)
    }
  }

  func testOptionsProblems() throws {
    let text =
      #"{"id": "q", "type": "single", "prompt": "P", "explanation": "E", "options": ["水", 3, "", "Ｗater", "Water"], "answer": 1.5}"#
    XCTAssertEqual(
      try problems(text),
      [
        "\(at("3,", in: text)): question \"q\": option 1 must be a string, found a number",
        "\(at("\"\"", in: text)): question \"q\": option 2 is empty",
        "\(at("\"Water\"", in: text)): question \"q\": option 4 repeats option 3 (\"Ｗater\")",
        "\(at("1.5", in: text)): question \"q\": \"answer\" must be an integer (the 0-based index of the right option), found a number (1.5)",
      ])
  }

  /// The options' normalized keys share one array: a key that is a prefix of another is not a
  /// repeat, blanks are never repeats of each other, and a key made by Foundation (text beyond the
  /// table's reach) is compared like any other.
  func testOptionKeysAreComparedWhole() throws {
    let prefixes =
      #"{"id": "q", "type": "single", "prompt": "P", "explanation": "E", "options": ["ab", "a", "abc", "b"], "answer": 0}"#
    XCTAssertEqual(try problems(prefixes), [])
    let blanks =
      #"{"id": "q", "type": "single", "prompt": "P", "explanation": "E", "options": ["", "  ", "a"], "answer": 2}"#
    XCTAssertEqual(
      try problems(blanks),
      [
        "\(at("\"\"", in: blanks)): question \"q\": option 0 is empty",
        "\(at("\"  \"", in: blanks)): question \"q\": option 1 is empty",
      ])
    let accents =
      #"{"id": "q", "type": "multiple", "prompt": "P", "explanation": "E", "options": ["Café", "x", "Cafe\u0301", "Café "], "answers": [1]}"#
    XCTAssertEqual(
      try problems(accents),
      [
        "\(at("\"Cafe\\u0301\"", in: accents)): question \"q\": option 2 repeats option 0 (\"Café\")",
        "\(at("\"Café \"", in: accents)): question \"q\": option 3 repeats option 0 (\"Café\")",
      ])
  }

  func testTooFewOptionsStillChecksTheAnswer() throws {
    let text = #"{"id": "q", "type": "single", "prompt": "P", "explanation": "E", "options": ["only"], "answer": 1}"#
    XCTAssertEqual(
      try problems(text),
      [
        "\(at("[\"only\"]", in: text)): question \"q\": needs at least 2 options, found 1",
        "\(at("1}", in: text)): question \"q\": answer 1 is not among its 1 options (0...0)",
      ])
  }

  func testMultipleAnswersProblems() throws {
    let empty =
      #"{"id": "m", "type": "multiple", "prompt": "P", "explanation": "E", "options": ["a", "b"], "answers": []}"#
    XCTAssertEqual(
      try problems(empty), ["\(at("[]", in: empty)): question \"m\": \"answers\" must list at least one option index"])

    let text =
      #"{"id": "m", "type": "multiple", "prompt": "P", "explanation": "E", "options": ["a", "b", "c"], "answers": [0, 3, 0, "b", -1]}"#
    let answers = at("[0, 3", in: text)
    XCTAssertEqual(
      try problems(text),
      [
        "\(answers + 4): question \"m\": answer 3 is not among its 3 options (0...2)",
        "\(answers + 7): question \"m\": answer 0 is listed twice",
        "\(answers + 10): question \"m\": answers[3] must be an integer option index, found a string",
        "\(answers + 15): question \"m\": answer -1 is not among its 3 options (0...2)",
      ])
  }

  func testFillAndTrueFalseProblems() throws {
    let fill = #"{"id": "f", "type": "fill", "prompt": "P", "explanation": "E", "answers": []}"#
    XCTAssertEqual(
      try problems(fill), ["\(at("[]", in: fill)): question \"f\": \"answers\" must list at least one accepted answer"])
    let blank = #"{"id": "f", "type": "fill", "prompt": "P", "explanation": "E", "answers": ["ok", "  ", 5]}"#
    XCTAssertEqual(
      try problems(blank),
      [
        "\(at("\"  \"", in: blank)): question \"f\": accepted answer 1 is empty",
        "\(at("5]", in: blank)): question \"f\": accepted answer 2 must be a string, found a number",
      ])
    let flag = #"{"id": "f", "type": "fill", "prompt": "P", "explanation": "E", "answers": ["Na"], "caseSensitive": 1}"#
    XCTAssertEqual(
      try problems(flag),
      ["\(at("1}", in: flag)): question \"f\": \"caseSensitive\" must be true or false, found a number"])
    let onNumeric =
      #"{"id": "n", "type": "numeric", "prompt": "P", "explanation": "E", "answer": 1, "caseSensitive": true}"#
    XCTAssertEqual(
      try problems(onNumeric),
      [
        "\(at("\"caseSensitive\"", in: onNumeric)): question \"n\": unknown field \"caseSensitive\" in a numeric question"
      ])
    let tf = #"{"id": "t", "type": "truefalse", "prompt": "P", "explanation": "E", "answer": "true"}"#
    XCTAssertEqual(
      try problems(tf), ["\(at("\"true\"", in: tf)): question \"t\": \"answer\" must be true or false, found a string"])
  }

  func testNumericProblems() throws {
    let text =
      #"{"id": "n", "type": "numeric", "prompt": "P", "explanation": "E", "answer": "2,7", "unit": "kgs", "tolerance": -0.1}"#
    let known = MeasurementUnit.all.map(\.symbol).joined(separator: ", ")
    XCTAssertEqual(
      try problems(text),
      [
        "\(at("\"2,7\"", in: text)): question \"n\": \"answer\" \"2,7\" does not read as a plain number; write for example 1000 or \"1.0×10³\"",
        "\(at("\"kgs\"", in: text)): question \"n\": unknown unit \"kgs\"; known units: \(known)",
        "\(at("-0.1", in: text)): question \"n\": tolerance -0.1 is negative; use 0 or more",
      ])
    XCTAssertEqual(
      known,
      "nm, μm, mm, cm, dm, m, km, mg, g, kg, t, mL, L, cm³, dm³, m³, g/cm³, kg/m³, g/mL, kg/L, kg/dm³, t/m³, °C, K, s, min, h, m/s, km/h"
    )
  }

  func testNumericRulesAreCheckedAgainstTheUnit() throws {
    func numeric(_ fields: String) -> String {
      #"{"id": "n", "type": "numeric", "prompt": "P", "explanation": "E", "answer": 1, "# + fields + "}"
    }
    let unknown = numeric(#""unit": "m", "answerUnit": "furlong", "quantity": "heat", "unitRequired": "yes""#)
    let names = Quantity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    XCTAssertEqual(
      try problems(unknown),
      [
        "\(at("\"furlong\"", in: unknown)): question \"n\": unknown unit \"furlong\"; known units: \(MeasurementUnit.all.map(\.symbol).joined(separator: ", "))",
        "\(at("\"heat\"", in: unknown)): question \"n\": unknown quantity \"heat\"; use one of \(names)",
        "\(at("\"yes\"", in: unknown)): question \"n\": \"unitRequired\" must be true or false, found a string",
      ])
    let mismatched = numeric(#""unit": "m", "answerUnit": "kg", "quantity": "temperature difference""#)
    XCTAssertEqual(
      try problems(mismatched),
      [
        "\(at("\"kg\"", in: mismatched)): question \"n\": answerUnit \"kg\" is a unit of mass but \"unit\" \"m\" is one of length",
        "\(at("\"temperature difference\"", in: mismatched)): question \"n\": quantity \"temperature difference\" is not measured in \"m\", a unit of length",
      ])
    let unitless = numeric(#""answerUnit": "m", "unitRequired": true"#)
    XCTAssertEqual(
      try problems(unitless),
      [
        "\(at("\"m\"", in: unitless)): question \"n\": \"answerUnit\" needs a \"unit\" for the answer",
        "\(at("true", in: unitless)): question \"n\": \"unitRequired\" needs a \"unit\" for the answer",
      ])
    let textbook = numeric(#""unit": "℃", "quantity": "temperature difference", "relativeTolerance": 0.01"#)
      .replacingOccurrences(of: #""answer": 1"#, with: #""answer": "1.0×10³""#)
    let question = try XCTUnwrap(Question.decode(JSONParser.parse(textbook)).question)
    XCTAssertEqual(
      question.kind,
      .numeric(
        answer: 1000, unit: MeasurementUnit.named("°C"), tolerance: nil,
        rules: NumericRules(quantity: .temperatureDifference, relativeTolerance: 0.01)))
  }

  func testUnknownFieldsWithSuggestion() throws {
    let text =
      #"{"id": "s", "type": "single", "prompt": "P", "explanation": "E", "options": ["a", "b"], "answers": [0], "color": "red"}"#
    XCTAssertEqual(
      try problems(text),
      [
        "0: question \"s\": missing \"answer\" (the 0-based index of the right option)",
        "\(at("\"answers\"", in: text)): question \"s\": unknown field \"answers\" in a single question; did you mean \"answer\"?",
        "\(at("\"color\"", in: text)): question \"s\": unknown field \"color\" in a single question",
      ])
  }
}
