package import QuizEngine

/// What the outline, the greeting and a review's plan need of a question: its id and its type,
/// known without decoding the question (see `DeferredQuestions`).
package struct QuestionSummary: Sendable, Equatable {
  package var id: String
  package var type: QuestionType

  package init(id: String, type: QuestionType) {
    self.id = id
    self.type = type
  }
}

/// A node's questions as summaries, in course order: read from the questions themselves when they
/// are decoded, from what the loader noted when they are not, without decoding them or gathering
/// an array.
///
/// ```swift
/// for summary in course.nodes[index].questionSummaries where summary.type != .essay { … }
/// ```
package struct QuestionSummaries: RandomAccessCollection, Sendable {
  let storage: CourseNode.QuestionStorage

  package var startIndex: Int { 0 }
  package var endIndex: Int {
    switch storage {
    case .decoded(let questions): questions.count
    case .deferred(let deferred): deferred.summaries.count
    }
  }

  package subscript(position: Int) -> QuestionSummary {
    switch storage {
    case .decoded(let questions): QuestionSummary(id: questions[position].id, type: questions[position].kind.type)
    case .deferred(let deferred): deferred.summaries[position]
    }
  }
}
