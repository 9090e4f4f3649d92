import Calculation
import QuizEngine

/// The answer grader: the input (as text) graded against one question of every type, options in course
/// order and reversed. A refusal must say why.
package enum GradeFuzzHarness {
  static let questions: [Question] = [
    Question(id: "s", prompt: "?", explanation: "", kind: .single(options: ["甲", "B", "ｃ", "4"], answer: 2)),
    Question(
      id: "s2", prompt: "?", explanation: "",
      kind: .single(options: ["米（m）", "3.45 cm", "GB", "Gb"], answer: 1, alsoRight: [3])),
    Question(
      id: "m", prompt: "?", explanation: "", kind: .multiple(options: ["a", "b", "c", "d", "e"], answers: [0, 3])),
    Question(id: "t", prompt: "?", explanation: "", kind: .trueFalse(answer: false)),
    Question(id: "f", prompt: "?", explanation: "", kind: .fill(answers: ["Straße", "ｗａｔｅｒ", "水"])),
    Question(
      id: "n", prompt: "?", explanation: "",
      kind: .numeric(answer: 1.0e-3, unit: MeasurementUnit.named("kg"), tolerance: nil)),
    Question(
      id: "n2", prompt: "?", explanation: "",
      kind: .numeric(answer: -40, unit: MeasurementUnit.named("°C"), tolerance: 0.5)),
    Question(id: "n3", prompt: "?", explanation: "", kind: .numeric(answer: 12, unit: nil, tolerance: 0)),
    // The answer normaliser, the number reader's equations and Chinese numerals, precision, K offsets and
    // the option matcher's brackets, parts, values and shorter forms.
    Question(
      id: "c", prompt: "?", explanation: "",
      kind: .single(options: ["米（m）", "千米（km）", "蒸发和沸腾", "3.45 cm", "3.450 cm", "仍为 100 g"], answer: 0),
      conventions: AnswerConventions(kelvinOffset: 273, neutralAdditions: ["的"])),
    Question(
      id: "cm", prompt: "?", explanation: "",
      kind: .multiple(options: ["冰", "铁", "海波", "Rio de Janeiro"], answers: [0, 2])),
    Question(
      id: "fz", prompt: "?", explanation: "", kind: .fill(answers: ["液化", "metre", "物態變化"], caseSensitive: true)),
    Question(
      id: "np", prompt: "?", explanation: "",
      kind: .numeric(
        answer: 3.45, unit: MeasurementUnit.named("cm"), tolerance: 0.01, rules: NumericRules(decimals: 2))),
    Question(
      id: "nk", prompt: "?", explanation: "",
      kind: .numeric(
        answer: 0, unit: MeasurementUnit.named("℃"), tolerance: 0.1,
        rules: NumericRules(kelvinOffset: 273, significantFigures: 1))),
    // A calculated question's choice form with its values drawn: its shown choices graded as `single`'s.
    Question(
      id: "cc", prompt: "{m} g, {V} cm³?", explanation: "",
      kind: .calculated(
        CalculatedQuestion(
          definition: CalculatedDefinition(
            variables: [
              CalculatedVariable(name: "m", source: .list([DrawnValue(54)])),
              CalculatedVariable(name: "V", source: .list([DrawnValue(20)])),
            ],
            choices: CalculatedChoices(
              texts: ["{=m/V} g/cm³", "{=V/m} g/cm³", "{=m*V} g/cm³"], right: [0], multiple: false),
            format: CorrectAnswerFormat(.decimals, 2))!))
    ).drawingValues(seed: 1),
  ]

  package static func run(_ bytes: [UInt8]) {
    let input = String(decoding: bytes, as: UTF8.self)
    for question in questions {
      let count = question.kind.options.count
      for order in [nil, Array((0..<count).reversed())] as [[Int]?] {
        switch PresentedQuestion(question, optionOrder: order).grade(input) {
        case .graded(let feedback): _ = feedback.expected
        case .invalid(let message): precondition(!message.isEmpty)
        }
      }
    }
  }
}
