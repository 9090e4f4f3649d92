// Stand-in until the QuizEngine branch lands.
import PracticeJSON

public struct Question: Sendable, Equatable {
  public var id: String
}

public struct QuestionProblem: Sendable, Equatable {
  public var offset: Int
  public var message: String
}

extension Question {
  public static func decode(_ json: JSONValue) -> (question: Question?, problems: [QuestionProblem]) {
    guard let id = json["id"]?.string else { return (nil, [QuestionProblem(offset: json.offset, message: "question has no id")]) }
    return (Question(id: id), [])
  }
}
