import Localization
package import PracticeJSON
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
  package static func decode(_ json: JSONValue) -> (question: Question?, problems: [JSONProblem]) {
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
  var problems: [JSONProblem] = []
  /// The question's id once known, named by every problem.
  var id: String?

  static let commonFields = [
    "id", "type", "prompt", "explanation", "hint", "name", "passage", "format", "instructions", "instructionsFormat",
    "asWritten",
  ]

  /// A switch, not a dictionary: the first use of a dictionary keyed by a new type costs a scan of
  /// every protocol conformance in the binary, paid at each start.
  static func typeFields(_ type: QuestionType) -> [String] {
    switch type {
    case .single: ["options", "answer", "fractions", "feedback"]
    case .multiple: ["options", "answers", "fractions", "feedback"]
    case .trueFalse: ["answer", "feedback"]
    case .fill: ["answers", "caseSensitive", "feedback", "otherAnswers"]
    case .numeric:
      [
        "answer", "unit", "tolerance", "relativeTolerance", "answerUnit", "unitRequired", "quantity", "kelvinOffset",
        "decimals", "significantFigures", "feedback", "otherAnswers",
      ]
    case .matching: ["pairs", "distractors"]
    case .card: ["back"]
    case .essay: []
    }
  }

  init(json: JSONValue) {
    self.json = json
    self.members = json.members ?? []
  }

  /// The question's members, searched by `member(_:)`.
  let members: [JSONMember]

  /// The value of member `key`, a field name, as `json[key]` finds it.
  ///
  /// Byte counts are compared before `==`: that settles most comparisons without the call `==`
  /// makes for two different strings, and a question's members are looked up a dozen times each at
  /// every start. A key of another byte count cannot equal a field name here: that needs a scalar
  /// whose canonical decomposition is ASCII (U+212A KELVIN SIGN is K), and no field name has a K.
  /// (Comparing the first byte too was measured: it cost more than it saved.)
  func member(_ key: String) -> JSONValue? {
    let count = key.utf8.count
    // By index: a loop over the members would copy (retain and release) each one's value.
    for i in members.indices where members[i].key.utf8.count == count && members[i].key == key {
      return members[i].value
    }
    return nil
  }

  /// The value of member `key` unless it is absent or `null`, as `json.present(key)` finds it.
  func present(_ key: String) -> JSONValue? {
    guard let value = member(key), !value.isNull else { return nil }
    return value
  }

  /// Where a problem with member `key` points, as `json.offset(of: key)` says.
  func offset(of key: String) -> Int { member(key)?.offset ?? json.offset }

  /// Whether `key` is one of `names`, the common fields or a type's (byte counts first, as in `member(_:)`).
  static func isOne(of names: [String], _ key: String) -> Bool {
    let count = key.utf8.count
    for name in names where name.utf8.count == count && name == key { return true }
    return false
  }

  /// Adds `problem`, its words naming the question.
  mutating func report(_ problem: JSONProblem) {
    var problem = problem
    problem.text =
      if let id { .tr("question \"{id}\": {problem}", ["id": id, "problem": problem.text]) } else {
        .tr("question: {problem}", ["problem": problem.text])
      }
    problems.append(problem)
  }

  /// The value `read` returns, or nil after reporting its problem.
  mutating func reading<T>(_ read: () throws(JSONProblem) -> T) -> T? {
    do { return try read() } catch {
      report(error)
      return nil
    }
  }

  mutating func decode() -> Question? {
    guard json.members != nil else {
      report(json.problem(.tr("must be an object, found {found}", ["found": json.typeName])))
      return nil
    }
    let id = nonEmptyString("id")
    self.id = id
    let typeName = string("type", required: true)
    let prompt = nonEmptyString("prompt")
    let explanation = string("explanation", required: true)
    let hint = string("hint", required: false)
    let name = string("name", required: false)
    // Only the id: its text is the node's (`"passages"`), filled in by the course loader.
    let passage = string("passage", required: false).map { Passage(id: $0, text: "") }
    let format = markup("format")
    let instructionsFormat = markup("instructionsFormat")
    let instructions = string("instructions", required: false)

    var type: QuestionType?
    if let typeName, let typeValue = member("type") {
      type = QuestionType(rawValue: typeName)
      if type == nil {
        let names = QuestionType.allCases.map(\.rawValue)
        report(
          typeValue.problem(
            .tr(
              "unknown type \"{type}\"; use {types} or {last}",
              ["type": typeName, "types": names.dropLast().joined(separator: ", "), "last": names.last!])))
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
    case .essay: kind = .essay
    }
    let credit = decodeCredit(kind)
    let asWritten = decodeAsWritten()
    guard let id, let prompt, let explanation, let kind, let credit, let asWritten else { return nil }
    return Question(
      id: id, prompt: prompt, explanation: explanation, hint: hint, kind: kind, name: name, passage: passage,
      format: format, instructions: instructions.map { MarkedText($0, markup: instructionsFormat) },
      credit: credit, asWritten: asWritten)
  }

  /// `asWritten`: the bank's texts as written, for an export (``AsWritten/json``); nil after a problem.
  mutating func decodeAsWritten() -> AsWritten? {
    guard let value = present("asWritten") else { return AsWritten() }
    guard let written = AsWritten(json: value) else {
      report(
        value.problem(
          .tr(
            "\"asWritten\" must be an object with an optional \"format\", \"instructionsName\", \"instructionsFormat\", \"tags\" and \"texts\", each text an object with \"field\", \"shown\", \"text\" and \"format\""
          )))
      return nil
    }
    return written
  }

  /// A text format (`plain`, `html`, `moodle`, `markdown`); plain when absent or after reporting it unknown.
  mutating func markup(_ key: String) -> TextMarkup {
    guard let name = string(key, required: false) else { return .plain }
    guard let markup = TextMarkup(rawValue: name) else {
      let names = TextMarkup.allCases.map(\.rawValue)
      report(
        JSONProblem(
          .tr(
            "unknown text format \"{format}\"; use {formats} or {last}",
            ["format": name, "formats": names.dropLast().joined(separator: ", "), "last": names.last!]),
          at: offset(of: key)))
      return .plain
    }
    return markup
  }

  // MARK: Credit

  /// `fractions`, `feedback` and `otherAnswers`: partial credit and per-answer feedback; nil after a problem.
  mutating func decodeCredit(_ kind: Question.Kind?) -> AnswerCredit? {
    // Most questions have none: three lookups, nothing built.
    guard present("fractions") != nil || present("feedback") != nil || present("otherAnswers") != nil else {
      return AnswerCredit()
    }
    var credit = AnswerCredit()
    var valid = true
    let count = kind?.model.creditedAnswerCount
    if let value = present("fractions") {
      // A plain loop: `allSatisfy` with an optional's `map` inside crashed the release compiler here
      // (Swift 6.x's CopyPropagation pass, "Found ownership error"), so make release and CI failed.
      var fractions: [Double] = []
      for element in value.array ?? [] {
        guard let fraction = element.double, fraction >= -1, fraction <= 1 else { break }
        fractions.append(fraction)
      }
      if let elements = value.array, fractions.count == elements.count {
        credit.fractions = fractions
        if let count, elements.count != count {
          report(
            value.problem(
              .tr(
                "\"fractions\" must have one per option ({count}), found {found}",
                ["count": count, "found": elements.count])))
          valid = false
        }
      } else {
        report(value.problem(.tr("\"fractions\" must be an array of numbers from -1 to 1, one per option")))
        valid = false
      }
    }
    if let value = present("feedback") {
      if let elements = value.array, elements.allSatisfy({ $0.string != nil }) {
        credit.feedback = elements.compactMap(\.string)
        if let count, elements.count != count {
          report(
            value.problem(
              .tr(
                "\"feedback\" must have one text per answer ({count}), found {found}",
                ["count": count, "found": elements.count])))
          valid = false
        }
      } else {
        report(value.problem(.tr("\"feedback\" must be an array of strings, one per answer")))
        valid = false
      }
    }
    if let value = present("otherAnswers") {
      let elements = value.array ?? []
      var isNumeric = false
      if case .numeric = kind { isNumeric = true }
      for element in elements {
        // A numeric answer is a number (with an optional tolerance) or "*"; a fill-in one, text.
        let number = isNumeric ? element["answer"]?.double : nil
        let tolerance = element["tolerance"].map { $0.double ?? -1 } ?? 0
        guard let text = number == nil ? element["answer"]?.string : "", number != nil || !AnswerText.isBlank(text),
          !isNumeric || number != nil || text == "*", tolerance >= 0,
          let fraction = element["fraction"]?.double, (0...1).contains(fraction),
          element["feedback"].map({ $0.string != nil }) ?? true
        else {
          report(
            element.problem(
              .tr(
                "each of \"otherAnswers\" must be an object with \"answer\" (text), \"fraction\" (0 to 1) and an optional \"feedback\" (text)"
              )))
          valid = false
          continue
        }
        credit.otherAnswers.append(
          AnswerCredit.OtherAnswer(
            text: text, fraction: fraction, feedback: element["feedback"]?.string ?? "", value: number,
            tolerance: tolerance))
      }
      if value.array == nil {
        report(value.problem(.tr("\"otherAnswers\" must be an array")))
        valid = false
      }
    }
    // The right options are those with credit: the two must agree.
    if case .multiple(let multiple) = kind, !credit.fractions.isEmpty,
      multiple.answers != credit.fractions.indices.filter({ credit.fractions[$0] > 0 }), let value = member("fractions")
    {
      report(value.problem(.tr("\"fractions\" must be above 0 exactly for the options in \"answers\"")))
      valid = false
    }
    return valid ? credit : nil
  }

  // MARK: Fields

  /// The member `key`, or nil after reporting it missing; JSON `null` counts as missing.
  mutating func value(_ key: String, required: Bool, _ expected: @autoclosure () -> Message) -> JSONValue? {
    guard let value = present(key) else {
      if required {
        report(json.problem(.tr("missing \"{field}\" ({expected})", ["field": key, "expected": expected()])))
      }
      return nil
    }
    return value
  }

  mutating func string(_ key: String, required: Bool) -> String? {
    guard let value = value(key, required: required, .tr("a string")) else { return nil }
    return reading { () throws(JSONProblem) in
      try value.string { .tr("\"{field}\" must be a string, found {found}", ["field": key, "found": $0]) }
    }
  }

  mutating func nonEmptyString(_ key: String) -> String? {
    guard let string = string(key, required: true) else { return nil }
    if AnswerText.isBlank(string) {
      report(JSONProblem(.tr("\"{field}\" must not be empty", ["field": key]), at: offset(of: key)))
      return nil
    }
    return string
  }

  mutating func checkUnknownFields(_ type: QuestionType) {
    let typeFields = Self.typeFields(type)
    // The two lists are searched, not joined: a joined list is an allocation per question at every start.
    for i in members.indices
    where !Self.isOne(of: Self.commonFields, members[i].key) && !Self.isOne(of: typeFields, members[i].key) {
      let member = members[i]
      let allowed = Self.commonFields + typeFields
      let values: KeyValuePairs<String, Any> = ["field": member.key, "type": type.rawValue]
      if let near = allowed.first(where: { EditDistance.between($0, member.key) <= 2 }) {
        report(
          JSONProblem(
            .tr(
              "unknown field \"{field}\" in a {type} question; did you mean \"{near}\"?",
              ["field": member.key, "type": type.rawValue, "near": near]), at: member.keyOffset))
      } else {
        report(JSONProblem(.tr("unknown field \"{field}\" in a {type} question", values), at: member.keyOffset))
      }
    }
  }

  // MARK: Types

  /// The options when all are valid, and their count whenever the list is an array, so that answer
  /// indices can still be checked against a list with bad entries.
  mutating func options() -> (options: [String]?, count: Int?) {
    guard let value = value("options", required: true, .tr("an array of at least 2 strings")) else {
      return (nil, nil)
    }
    guard
      let elements = reading({ () throws(JSONProblem) in
        try value.array { .tr("\"options\" must be an array of strings, found {found}", ["found": $0]) }
      })
    else { return (nil, nil) }
    var options: [String] = []
    options.reserveCapacity(elements.count)
    // Normalized keys are in NFC, so canonically equal options have equal bytes. A linear search
    // while the list is short (hashing `String`s re-checks normalization on non-ASCII text), then
    // a hash of the bytes (`KeyIndex`), so a question with 100,000 options loads in linear time.
    // The keys lie side by side in one array, key i ending at `keyEnds[i]`: an array per key cost
    // more than the normalization (the options of a course are checked at every start).
    var keys: [UInt8] = []
    var keyEnds: [Int] = []
    var keyIndex = KeyIndex()
    keyEnds.reserveCapacity(elements.count)
    var valid = true
    for (i, element) in elements.enumerated() {
      guard
        let option = reading({ () throws(JSONProblem) in
          try element.string { .tr("option {index} must be a string, found {found}", ["index": i, "found": $0]) }
        })
      else {
        valid = false
        options.append("")
        keyEnds.append(keys.count)
        continue
      }
      // Options that normalize alike look alike to the learner, so they count as repeats; letter
      // case tells options apart (`GB` gigabyte, `Gb` gigabit), as in Moodle.
      let start = keys.count
      AnswerText.appendNormalizedUTF8(option, foldingCase: false, to: &keys)
      if keys.count == start {
        report(element.problem(.tr("option {index} is empty", ["index": i])))
        valid = false
      } else if let first = keyIndex.first(equalTo: start..<keys.count, in: keys, ends: keyEnds) {
        report(
          element.problem(
            .tr(
              "option {index} repeats option {first} (\"{text}\")",
              ["index": i, "first": first, "text": options[first]])))
        valid = false
      }
      keyEnds.append(keys.count)
      options.append(option)
    }
    if elements.count < 2 {
      report(value.problem(.tr("needs at least 2 options, found {count}", ["count": elements.count])))
      valid = false
    }
    return (valid ? options : nil, elements.count)
  }

  mutating func checkIndex(_ index: Int, offset: Int, optionCount: Int?) -> Bool {
    guard let optionCount, optionCount > 0 else { return true }
    guard (0..<optionCount).contains(index) else {
      report(
        JSONProblem(
          .tr(
            "answer {index} is not among its {count} options (0...{last})",
            ["index": index, "count": optionCount, "last": optionCount - 1]), at: offset))
      return false
    }
    return true
  }

  mutating func decodeSingle() -> Question.Kind? {
    let (options, optionCount) = options()
    guard let value = value("answer", required: true, .tr("the 0-based index of the right option")) else {
      return nil
    }
    // An array names several right options, any one of which is the answer (Moodle's several `=`).
    let elements = value.array ?? [value]
    let rights = optionIndices(elements, optionCount: optionCount) { _, found in
      .tr("\"answer\" must be an integer (the 0-based index of the right option), found {found}", ["found": found])
    }
    if elements.isEmpty {
      report(value.problem(.tr("\"answer\" must list at least one option index")))
      return nil
    }
    guard let rights, let options, let answer = rights.first else { return nil }
    return .single(options: options, answer: answer, alsoRight: Array(rights.dropFirst()))
  }

  mutating func decodeMultiple() -> Question.Kind? {
    let (options, optionCount) = options()
    guard let value = value("answers", required: true, .tr("an array of 0-based option indices")) else {
      return nil
    }
    guard
      let elements = reading({ () throws(JSONProblem) in
        try value.array { .tr("\"answers\" must be an array of 0-based option indices, found {found}", ["found": $0]) }
      })
    else { return nil }
    if elements.isEmpty {
      report(value.problem(.tr("\"answers\" must list at least one option index")))
      return nil
    }
    let answers = optionIndices(elements, optionCount: optionCount) { position, found in
      .tr("answers[{index}] must be an integer option index, found {found}", ["index": position, "found": found])
    }
    guard let answers, let options else { return nil }
    return .multiple(options: options, answers: answers.sorted())
  }

  /// The option indices `elements` lists, in order, or nil when one is not an integer (`notAnInteger` words that
  /// for the element's position and what was found), is listed twice or is not among the options; every such
  /// element is reported.
  mutating func optionIndices(
    _ elements: [JSONValue], optionCount: Int?, notAnInteger: (_ position: Int, _ found: Message) -> Message
  ) -> [Int]? {
    var indices: [Int] = []
    var listed = Set<Int>()
    var valid = true
    for (position, element) in elements.enumerated() {
      guard let index = element.int else {
        report(element.problem(notAnInteger(position, describe(element))))
        valid = false
        continue
      }
      // A set, not a search of the list: a question may list 100,000 right options.
      if !listed.insert(index).inserted {
        report(element.problem(.tr("answer {index} is listed twice", ["index": index])))
        valid = false
        continue
      }
      valid = checkIndex(index, offset: element.offset, optionCount: optionCount) && valid
      indices.append(index)
    }
    return valid ? indices : nil
  }

  mutating func decodeTrueFalse() -> Question.Kind? {
    guard let value = value("answer", required: true, .trc("what a JSON member must be", "true or false")) else {
      return nil
    }
    let answer = reading { () throws(JSONProblem) in
      try value.boolean { .tr("\"answer\" must be true or false, found {found}", ["found": $0]) }
    }
    return answer.map { .trueFalse(answer: $0) }
  }

  mutating func decodeFill() -> Question.Kind? {
    guard let value = value("answers", required: true, .tr("an array of accepted answers")) else { return nil }
    guard
      let elements = reading({ () throws(JSONProblem) in
        try value.array { .tr("\"answers\" must be an array of accepted answers, found {found}", ["found": $0]) }
      })
    else { return nil }
    if elements.isEmpty {
      report(value.problem(.tr("\"answers\" must list at least one accepted answer")))
      return nil
    }
    var answers: [String] = []
    for (i, element) in elements.enumerated() {
      guard
        let answer = reading({ () throws(JSONProblem) in
          try element.string {
            .tr("accepted answer {index} must be a string, found {found}", ["index": i, "found": $0])
          }
        })
      else { continue }
      if AnswerText.isBlank(answer) {
        report(element.problem(.tr("accepted answer {index} is empty", ["index": i])))
        continue
      }
      answers.append(answer)
    }
    var caseSensitive = false
    if let flag = present("caseSensitive") {
      guard
        let value = reading({ () throws(JSONProblem) in
          try flag.boolean { .tr("\"caseSensitive\" must be true or false, found {found}", ["found": $0]) }
        })
      else { return nil }
      caseSensitive = value
    }
    guard answers.count == elements.count else { return nil }
    return .fill(answers: answers, caseSensitive: caseSensitive)
  }

  mutating func decodeNumeric() -> Question.Kind? {
    var valid = true
    var answer: Double?
    if let value = value("answer", required: true, .tr("a number")) {
      if let number = value.double {
        answer = number
      } else if let text = value.string {
        // Authors may write the answer as a textbook does ("1.0×10³", "10亿"); it must read as a bare number.
        switch NumberReader.read(text) {
        case .success(let reading) where reading.unitText.isEmpty: answer = reading.value
        default:
          report(
            value.problem(
              .tr(
                "\"answer\" \"{text}\" does not read as a plain number; write for example 1000 or \"1.0×10³\"",
                ["text": text])))
        }
      } else {
        report(value.problem(.tr("\"answer\" must be a number, found {found}", ["found": value.typeName])))
      }
    }
    let unit = unitField("unit", &valid)
    let answerUnit = unitField("answerUnit", &valid)
    let tolerance = nonNegativeNumber("tolerance", &valid)
    let relativeTolerance = nonNegativeNumber("relativeTolerance", &valid)
    var unitRequired = false
    if let value = value("unitRequired", required: false, .trc("what a JSON member must be", "true or false")) {
      if let flag = reading({ () throws(JSONProblem) in
        try value.boolean { .tr("\"unitRequired\" must be true or false, found {found}", ["found": $0]) }
      }) {
        unitRequired = flag
      } else {
        valid = false
      }
    }
    var quantity: Quantity?
    if let name = string("quantity", required: false) {
      quantity = Quantity(rawValue: name)
      if quantity == nil {
        let names = Quantity.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        report(
          JSONProblem(
            .tr("unknown quantity \"{quantity}\"; use one of {names}", ["quantity": name, "names": names]),
            at: offset(of: "quantity")))
        valid = false
      }
    } else if present("quantity") != nil {
      valid = false
    }
    // The rules below only mean something beside a unit, and must agree with it.
    if let value = member("answerUnit"), let answerUnit, let unit, answerUnit.quantity != unit.quantity {
      report(
        value.problem(
          .tr(
            "answerUnit \"{answerUnit}\" is a unit of {answerQuantity} but \"unit\" \"{unit}\" is one of {unitQuantity}",
            [
              "answerUnit": answerUnit.symbol, "answerQuantity": answerUnit.quantity.nameMessage, "unit": unit.symbol,
              "unitQuantity": unit.quantity.nameMessage,
            ])))
      valid = false
    }
    if let value = member("quantity"), let quantity, let unit, quantity.unitQuantity != unit.quantity {
      report(
        value.problem(
          .tr(
            "quantity \"{quantity}\" is not measured in \"{unit}\", a unit of {unitQuantity}",
            ["quantity": quantity.rawValue, "unit": unit.symbol, "unitQuantity": unit.quantity.nameMessage])))
      valid = false
    }
    if unit == nil, present("unit") == nil {
      for key in ["answerUnit", "unitRequired", "quantity"] {
        if let value = present(key) {
          report(value.problem(.tr("\"{field}\" needs a \"unit\" for the answer", ["field": key])))
          valid = false
        }
      }
    }
    let kelvinOffset = nonNegativeNumber("kelvinOffset", &valid)
    let decimals = count("decimals", atLeast: 0, &valid)
    let significantFigures = count("significantFigures", atLeast: 1, &valid)
    if decimals != nil, significantFigures != nil, let value = member("significantFigures") {
      report(value.problem(.tr("use \"decimals\" or \"significantFigures\", not both")))
      valid = false
    }
    guard valid, let answer else { return nil }
    let rules = NumericRules(
      answerUnit: answerUnit, unitRequired: unitRequired, quantity: quantity, relativeTolerance: relativeTolerance,
      kelvinOffset: kelvinOffset, decimals: decimals, significantFigures: significantFigures)
    return .numeric(answer: answer, unit: unit, tolerance: tolerance, rules: rules)
  }

  /// The unit named by `key`, nil when absent; an unknown name is reported and clears `valid`.
  mutating func unitField(_ key: String, _ valid: inout Bool) -> MeasurementUnit? {
    if let name = string(key, required: false) {
      if let unit = MeasurementUnit.named(name) { return unit }
      report(
        JSONProblem(
          .tr(
            "unknown unit \"{unit}\"; known units: {units}",
            ["unit": name, "units": MeasurementUnit.all.map(\.symbol).joined(separator: ", ")]),
          at: offset(of: key)))
      valid = false
    } else if let value = present(key), value.string == nil {
      valid = false
    }
    return nil
  }

  /// The whole number at `key` when it is `minimum` or more, nil when absent; anything else is reported.
  mutating func count(_ key: String, atLeast minimum: Int, _ valid: inout Bool) -> Int? {
    guard let value = value(key, required: false, .tr("a whole number")) else { return nil }
    guard let number = value.int, number >= minimum, number <= 20 else {
      report(
        value.problem(
          .tr(
            "\"{field}\" must be a whole number from {minimum} to 20, found {found}",
            ["field": key, "minimum": minimum, "found": describe(value)])))
      valid = false
      return nil
    }
    return number
  }

  /// The number at `key` when it is 0 or more, nil when absent; anything else is reported.
  mutating func nonNegativeNumber(_ key: String, _ valid: inout Bool) -> Double? {
    guard let value = value(key, required: false, .tr("a number")) else { return nil }
    guard let number = value.double else {
      report(
        value.problem(.tr("\"{field}\" must be a number, found {found}", ["field": key, "found": value.typeName])))
      valid = false
      return nil
    }
    guard number >= 0 else {
      report(
        value.problem(
          .tr("{field} {value} is negative; use 0 or more", ["field": key, "value": AnswerText.format(number)])))
      valid = false
      return nil
    }
    return number
  }

  /// `"pairs": [["Canada", "Ottawa"], …]` and optional `"distractors": ["Paris"]`.
  mutating func decodeMatching() -> Question.Kind? {
    guard let value = value("pairs", required: true, .tr("an array of [item, choice] pairs")) else { return nil }
    guard
      let elements = reading({ () throws(JSONProblem) in
        try value.array { .tr("\"pairs\" must be an array of [item, choice] pairs, found {found}", ["found": $0]) }
      })
    else { return nil }
    var items: [String] = []
    var rights: [String] = []
    var valid = true
    for (i, element) in elements.enumerated() {
      guard let pair = element.array, pair.count == 2, let item = pair[0].string, let right = pair[1].string,
        !AnswerText.isBlank(item), !AnswerText.isBlank(right)
      else {
        report(element.problem(.tr("pair {index} must be two non-empty strings, [item, choice]", ["index": i])))
        valid = false
        continue
      }
      items.append(item)
      rights.append(right)
    }
    if elements.count < 2 {
      report(value.problem(.tr("needs at least 2 pairs, found {count}", ["count": elements.count])))
      valid = false
    }
    var distractors: [String] = []
    if let list = self.value("distractors", required: false, .tr("an array of strings")) {
      if let entries = list.array, entries.allSatisfy({ $0.string.map { !AnswerText.isBlank($0) } ?? false }) {
        distractors = entries.compactMap(\.string)
      } else {
        report(list.problem(.tr("\"distractors\" must be an array of non-empty strings")))
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
  func describe(_ value: JSONValue) -> Message {
    guard let number = value.double else { return value.typeName }
    return .tr("{type} ({value})", ["type": value.typeName, "value": AnswerText.format(number)])
  }
}
