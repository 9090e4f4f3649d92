// libFuzzer target: the answer grader. The input (as text) is graded against one question of every type,
// options in course order and reversed.
import QuizEngine

let questions: [Question] = [
  Question(id: "s", prompt: "?", explanation: "", kind: .single(options: ["甲", "B", "ｃ", "4"], answer: 2)),
  Question(id: "m", prompt: "?", explanation: "", kind: .multiple(options: ["a", "b", "c", "d", "e"], answers: [0, 3])),
  Question(id: "t", prompt: "?", explanation: "", kind: .trueFalse(answer: false)),
  Question(id: "f", prompt: "?", explanation: "", kind: .fill(answers: ["Straße", "ｗａｔｅｒ", "水"])),
  Question(id: "n", prompt: "?", explanation: "", kind: .numeric(answer: 1.0e-3, unit: MeasurementUnit.named("kg"), tolerance: nil)),
  Question(id: "n2", prompt: "?", explanation: "", kind: .numeric(answer: -40, unit: MeasurementUnit.named("°C"), tolerance: 0.5)),
  Question(id: "n3", prompt: "?", explanation: "", kind: .numeric(answer: 12, unit: nil, tolerance: 0)),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for question in questions {
    let count = question.kind.options.count
    for order in [nil, Array((0..<count).reversed())] as [[Int]?] {
      switch PresentedQuestion(question, optionOrder: order).grade(input) {
      case .graded(let feedback): _ = feedback.expected
      case .invalid(let message): precondition(!message.isEmpty)
      }
    }
  }
  return 0
}
