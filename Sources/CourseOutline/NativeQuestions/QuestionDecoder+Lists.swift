import Localization
import PracticeJSON
import QuizEngine
import TextLayout

extension QuestionDecoder {
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

  /// "a number (2.5)" for a non-integral number, else the type, so the message shows what is wrong.
  func describe(_ value: JSONValue) -> Message {
    guard let number = value.double else { return value.typeName }
    return .tr("{type} ({value})", ["type": value.typeName, "value": AnswerText.format(number)])
  }
}
