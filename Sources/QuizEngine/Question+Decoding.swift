import PracticeJSON
import TextLayout

extension Question {
  /// Decodes one element of a node's `questions` array, reporting every problem found, not just the first.
  ///
  /// `question` is nil exactly when `problems` is not empty. Problems come sorted by offset; each
  /// message names the question id when it is known.
  ///
  /// ```swift
  /// let text = #"{"id": "q1", "type": "truefalse", "prompt": "?", "explanation": "", "answer": 1}"#
  /// let json = try JSONParser.parse(text)
  /// Question.decode(json).problems[0].message  // question "q1": "answer" must be true or false, found a number
  /// ```
  public static func decode(_ json: JSONValue) -> (question: Question?, problems: [QuestionProblem]) {
    var decoder = QuestionDecoder(json: json)
    let question = decoder.decode()
    let problems = decoder.problems.enumerated()
      .sorted { ($0.element.offset ?? 0, $0.offset) < ($1.element.offset ?? 0, $1.offset) }
      .map(\.element)
    return (problems.isEmpty ? question : nil, problems)
  }
}

/// Walks one question object, collecting problems as it goes.
private struct QuestionDecoder {
  let json: JSONValue
  var problems: [QuestionProblem] = []
  var prefix = "question"

  static let commonFields = ["id", "type", "prompt", "explanation", "hint"]

  /// A switch, not a dictionary: the first use of a dictionary keyed by a new type costs a scan of
  /// every protocol conformance in the binary, paid at each start.
  static func typeFields(_ type: QuestionType) -> [String] {
    switch type {
    case .single: ["options", "answer"]
    case .multiple: ["options", "answers"]
    case .trueFalse: ["answer"]
    case .fill: ["answers", "caseSensitive"]
    case .numeric: ["answer", "unit", "tolerance", "relativeTolerance", "answerUnit", "unitRequired", "quantity"]
    case .matching: ["pairs", "distractors"]
    case .card: ["back"]
    }
  }

  init(json: JSONValue) {
    self.json = json
  }

  mutating func report(_ offset: Int, _ message: String) {
    problems.append(JSONProblem("\(prefix): \(message)", at: offset))
  }

  mutating func decode() -> Question? {
    guard json.members != nil else {
      report(json.offset, "must be an object, found \(json.typeDescription)")
      return nil
    }
    let id = nonEmptyString("id")
    if let id { prefix = "question \"\(id)\"" }
    let typeName = string("type", required: true)
    let prompt = nonEmptyString("prompt")
    let explanation = string("explanation", required: true)
    let hint = string("hint", required: false)

    var type: QuestionType?
    if let typeName, let typeValue = json["type"] {
      type = QuestionType(rawValue: typeName)
      if type == nil {
        let names = QuestionType.allCases.map(\.rawValue)
        report(
          typeValue.offset,
          "unknown type \"\(typeName)\"; use \(names.dropLast().joined(separator: ", ")) or \(names.last!)")
      }
    }
    guard let type else { return nil }
    checkUnknownFields(type)

    let kind: Question.Kind?
    switch type {
    case .single: kind = decodeSingle()
    case .multiple: kind = decodeMultiple()
    case .trueFalse: kind = decodeTrueFalse()
    case .fill: kind = decodeFill()
    case .numeric: kind = decodeNumeric()
    case .matching: kind = decodeMatching()
    case .card: kind = decodeCard()
    }
    guard let id, let prompt, let explanation, let kind else { return nil }
    return Question(id: id, prompt: prompt, explanation: explanation, hint: hint, kind: kind)
  }

  // MARK: Fields

  /// The member `key`, or nil after reporting it missing; JSON `null` counts as missing.
  mutating func value(_ key: String, required: Bool, _ expected: String) -> JSONValue? {
    guard let value = json.present(key) else {
      if required { report(json.offset, "missing \"\(key)\" (\(expected))") }
      return nil
    }
    return value
  }

  mutating func string(_ key: String, required: Bool) -> String? {
    guard let value = value(key, required: required, "a string") else { return nil }
    guard let string = value.string else {
      report(value.offset, "\"\(key)\" must be a string, found \(value.typeDescription)")
      return nil
    }
    return string
  }

  mutating func nonEmptyString(_ key: String) -> String? {
    guard let string = string(key, required: true) else { return nil }
    if AnswerText.isBlank(string) {
      report(json.offset(of: key), "\"\(key)\" must not be empty")
      return nil
    }
    return string
  }

  mutating func checkUnknownFields(_ type: QuestionType) {
    let allowed = Self.commonFields + Self.typeFields(type)
    for member in json.members ?? [] where !allowed.contains(member.key) {
      var message = "unknown field \"\(member.key)\" in a \(type.rawValue) question"
      if let near = allowed.first(where: { EditDistance.between($0, member.key) <= 2 }) {
        message += "; did you mean \"\(near)\"?"
      }
      report(member.keyOffset, message)
    }
  }

  // MARK: Types

  /// The options when all are valid, and their count whenever the list is an array, so that answer
  /// indices can still be checked against a list with bad entries.
  mutating func options() -> (options: [String]?, count: Int?) {
    guard let value = value("options", required: true, "an array of at least 2 strings") else { return (nil, nil) }
    guard let elements = value.array else {
      report(value.offset, "\"options\" must be an array of strings, found \(value.typeDescription)")
      return (nil, nil)
    }
    var options: [String] = []
    // Normalized keys are in NFC, so canonically equal options have equal bytes. A linear search:
    // option lists are short, and hashing `String`s re-checks normalization on non-ASCII text.
    var keys: [[UInt8]] = []
    var valid = true
    for (i, element) in elements.enumerated() {
      guard let option = element.string else {
        report(element.offset, "option \(i) must be a string, found \(element.typeDescription)")
        valid = false
        options.append("")
        keys.append([])
        continue
      }
      // Options that normalize alike look alike to the learner, so they count as repeats.
      let key = Array(AnswerText.normalize(option).utf8)
      if key.isEmpty {
        report(element.offset, "option \(i) is empty")
        valid = false
      } else if let first = keys.firstIndex(of: key) {
        report(element.offset, "option \(i) repeats option \(first) (\"\(options[first])\")")
        valid = false
      }
      keys.append(key)
      options.append(option)
    }
    if elements.count < 2 {
      report(value.offset, "needs at least 2 options, found \(elements.count)")
      valid = false
    }
    return (valid ? options : nil, elements.count)
  }

  mutating func checkIndex(_ index: Int, offset: Int, optionCount: Int?) -> Bool {
    guard let optionCount, optionCount > 0 else { return true }
    guard (0..<optionCount).contains(index) else {
      report(offset, "answer \(index) is not among its \(optionCount) options (0...\(optionCount - 1))")
      return false
    }
    return true
  }

  mutating func decodeSingle() -> Question.Kind? {
    let (options, optionCount) = options()
    guard let value = value("answer", required: true, "the 0-based index of the right option") else { return nil }
    guard let answer = value.int else {
      report(
        value.offset, "\"answer\" must be an integer (the 0-based index of the right option), found \(describe(value))")
      return nil
    }
    guard checkIndex(answer, offset: value.offset, optionCount: optionCount), let options else {
      return nil
    }
    return .single(options: options, answer: answer)
  }

  mutating func decodeMultiple() -> Question.Kind? {
    let (options, optionCount) = options()
    guard let value = value("answers", required: true, "an array of 0-based option indices") else { return nil }
    guard let elements = value.array else {
      report(value.offset, "\"answers\" must be an array of 0-based option indices, found \(value.typeDescription)")
      return nil
    }
    if elements.isEmpty {
      report(value.offset, "\"answers\" must list at least one option index")
      return nil
    }
    var answers: [Int] = []
    var valid = true
    for (i, element) in elements.enumerated() {
      guard let index = element.int else {
        report(element.offset, "answers[\(i)] must be an integer option index, found \(describe(element))")
        valid = false
        continue
      }
      if answers.contains(index) {
        report(element.offset, "answer \(index) is listed twice")
        valid = false
        continue
      }
      valid = checkIndex(index, offset: element.offset, optionCount: optionCount) && valid
      answers.append(index)
    }
    guard valid, let options else { return nil }
    return .multiple(options: options, answers: answers.sorted())
  }

  mutating func decodeTrueFalse() -> Question.Kind? {
    guard let value = value("answer", required: true, "true or false") else { return nil }
    guard let answer = value.bool else {
      report(value.offset, "\"answer\" must be true or false, found \(value.typeDescription)")
      return nil
    }
    return .trueFalse(answer: answer)
  }

  mutating func decodeFill() -> Question.Kind? {
    guard let value = value("answers", required: true, "an array of accepted answers") else { return nil }
    guard let elements = value.array else {
      report(value.offset, "\"answers\" must be an array of accepted answers, found \(value.typeDescription)")
      return nil
    }
    if elements.isEmpty {
      report(value.offset, "\"answers\" must list at least one accepted answer")
      return nil
    }
    var answers: [String] = []
    for (i, element) in elements.enumerated() {
      guard let answer = element.string else {
        report(element.offset, "accepted answer \(i) must be a string, found \(element.typeDescription)")
        continue
      }
      if AnswerText.isBlank(answer) {
        report(element.offset, "accepted answer \(i) is empty")
        continue
      }
      answers.append(answer)
    }
    var caseSensitive = false
    if let flag = json.present("caseSensitive") {
      guard let value = flag.bool else {
        report(flag.offset, "\"caseSensitive\" must be true or false, found \(flag.typeDescription)")
        return nil
      }
      caseSensitive = value
    }
    guard answers.count == elements.count else { return nil }
    return .fill(answers: answers, caseSensitive: caseSensitive)
  }

  mutating func decodeNumeric() -> Question.Kind? {
    var valid = true
    var answer: Double?
    if let value = value("answer", required: true, "a number") {
      if let number = value.double {
        answer = number
      } else if let text = value.string {
        // Authors may write the answer as a textbook does ("1.0×10³", "10亿"); it must read as a bare number.
        switch NumberReader.read(text) {
        case .success(let reading) where reading.unitText.isEmpty: answer = reading.value
        default:
          report(
            value.offset,
            "\"answer\" \"\(text)\" does not read as a plain number; write for example 1000 or \"1.0×10³\"")
        }
      } else {
        report(value.offset, "\"answer\" must be a number, found \(value.typeDescription)")
      }
    }
    let unit = unitField("unit", &valid)
    let answerUnit = unitField("answerUnit", &valid)
    let tolerance = nonNegativeNumber("tolerance", &valid)
    let relativeTolerance = nonNegativeNumber("relativeTolerance", &valid)
    var unitRequired = false
    if let value = value("unitRequired", required: false, "true or false") {
      if let flag = value.bool {
        unitRequired = flag
      } else {
        report(value.offset, "\"unitRequired\" must be true or false, found \(value.typeDescription)")
        valid = false
      }
    }
    var quantity: Quantity?
    if let name = string("quantity", required: false) {
      quantity = Quantity(rawValue: name)
      if quantity == nil {
        let names = Quantity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        report(json.offset(of: "quantity"), "unknown quantity \"\(name)\"; use one of \(names)")
        valid = false
      }
    } else if json.present("quantity") != nil {
      valid = false
    }
    // The rules below only mean something beside a unit, and must agree with it.
    if let value = json["answerUnit"], let answerUnit, let unit, answerUnit.quantity != unit.quantity {
      report(
        value.offset,
        "answerUnit \"\(answerUnit.symbol)\" is a unit of \(answerUnit.quantity.name) but \"unit\" \"\(unit.symbol)\" is one of \(unit.quantity.name)"
      )
      valid = false
    }
    if let value = json["quantity"], let quantity, let unit, quantity.unitQuantity != unit.quantity {
      report(
        value.offset,
        "quantity \"\(quantity.rawValue)\" is not measured in \"\(unit.symbol)\", a unit of \(unit.quantity.name)")
      valid = false
    }
    if unit == nil, json.present("unit") == nil {
      for key in ["answerUnit", "unitRequired", "quantity"] {
        if let value = json.present(key) {
          report(value.offset, "\"\(key)\" needs a \"unit\" for the answer")
          valid = false
        }
      }
    }
    guard valid, let answer else { return nil }
    let rules = NumericRules(
      answerUnit: answerUnit, unitRequired: unitRequired, quantity: quantity, relativeTolerance: relativeTolerance)
    return .numeric(answer: answer, unit: unit, tolerance: tolerance, rules: rules)
  }

  /// The unit named by `key`, nil when absent; an unknown name is reported and clears `valid`.
  mutating func unitField(_ key: String, _ valid: inout Bool) -> MeasurementUnit? {
    if let name = string(key, required: false) {
      if let unit = MeasurementUnit.named(name) { return unit }
      report(
        json.offset(of: key),
        "unknown unit \"\(name)\"; known units: \(MeasurementUnit.all.map(\.symbol).joined(separator: ", "))")
      valid = false
    } else if let value = json.present(key), value.string == nil {
      valid = false
    }
    return nil
  }

  /// The number at `key` when it is 0 or more, nil when absent; anything else is reported.
  mutating func nonNegativeNumber(_ key: String, _ valid: inout Bool) -> Double? {
    guard let value = value(key, required: false, "a number") else { return nil }
    guard let number = value.double else {
      report(value.offset, "\"\(key)\" must be a number, found \(value.typeDescription)")
      valid = false
      return nil
    }
    guard number >= 0 else {
      report(value.offset, "\(key) \(AnswerText.format(number)) is negative; use 0 or more")
      valid = false
      return nil
    }
    return number
  }

  /// `"pairs": [["Canada", "Ottawa"], …]` and optional `"distractors": ["Paris"]`.
  mutating func decodeMatching() -> Question.Kind? {
    guard let value = value("pairs", required: true, "an array of [item, choice] pairs") else { return nil }
    guard let elements = value.array else {
      report(value.offset, "\"pairs\" must be an array of [item, choice] pairs, found \(value.typeDescription)")
      return nil
    }
    var items: [String] = []
    var rights: [String] = []
    var valid = true
    for (i, element) in elements.enumerated() {
      guard let pair = element.array, pair.count == 2, let item = pair[0].string, let right = pair[1].string,
        !AnswerText.isBlank(item), !AnswerText.isBlank(right)
      else {
        report(element.offset, "pair \(i) must be two non-empty strings, [item, choice]")
        valid = false
        continue
      }
      items.append(item)
      rights.append(right)
    }
    if elements.count < 2 {
      report(value.offset, "needs at least 2 pairs, found \(elements.count)")
      valid = false
    }
    var distractors: [String] = []
    if let list = self.value("distractors", required: false, "an array of strings") {
      if let entries = list.array, entries.allSatisfy({ $0.string.map { !AnswerText.isBlank($0) } ?? false }) {
        distractors = entries.compactMap(\.string)
      } else {
        report(list.offset, "\"distractors\" must be an array of non-empty strings")
        valid = false
      }
    }
    guard valid else { return nil }
    return Question.Kind.matching(pairs: zip(items, rights).map { ($0, $1) }, distractors: distractors)
  }

  mutating func decodeCard() -> Question.Kind? {
    guard let back = nonEmptyString("back") else { return nil }
    return .card(back: back)
  }

  /// "a number (2.5)" for a non-integral number, else the type, so the message shows what is wrong.
  func describe(_ value: JSONValue) -> String {
    if let number = value.double { return "\(value.typeDescription) (\(AnswerText.format(number)))" }
    return value.typeDescription
  }
}
