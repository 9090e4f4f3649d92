import PracticeJSON
package import QuizEngine
import Synchronization

/// A native course's question objects kept as the bytes they were read from, each node's decoded
/// when its questions are first asked for.
///
/// Opening a course to study decodes none of them: the outline, the greeting and the progress
/// need only each question's id and type, which the loader notes (`QuestionSummary`). Decoding is
/// most of a course's load (144 questions: 5.8 of the 7 million instructions `practice -c quit`
/// took), and a learner may study one part of the course in an evening.
///
/// A broken question must still stop the course at once, with its `file:line:column`: that is
/// what `Course.checkDeferredQuestions()` settles, decoding every question once, unless the learner's progress folder
/// notes that this very program already read these very bytes without a problem
/// (`course-checked`, see `CourseCheckNote`). So a question decoded later cannot fail; should one fail anyway (the note
/// forged), it is left out of its node.
package final class DeferredQuestions: Sendable {
  /// The course file's bytes, which the questions' spans index.
  let bytes: [UInt8]
  /// How the course reads answers, set on each question as the eager loader sets it.
  let conventions: AnswerConventions
  /// What the course's bytes are: the note of a check names it.
  package let digest: CourseDigest

  init(bytes: [UInt8], conventions: AnswerConventions) {
    self.bytes = bytes
    self.conventions = conventions
    self.digest = CourseDigest(of: bytes)
  }

  /// Decodes the question object at `span` as the eager loader does: nil when it has a problem.
  func decode(_ span: Range<Int>, passages: [String: String]) -> Question? {
    bytes.withUnsafeBufferPointer { buffer -> Question? in
      var scanner = JSONScanner(bytes: buffer)
      scanner.index = span.lowerBound
      guard let item = try? scanner.readValue(), scanner.index == span.upperBound else { return nil }
      let (decoded, problems) = Question.decode(item)
      guard var question = decoded, problems.isEmpty else { return nil }
      question.conventions = conventions
      if let passage = question.passage {
        guard let text = passages[passage.id] else { return nil }
        question.passage?.text = text
      }
      return question
    }
  }
}

/// One node's questions in a `DeferredQuestions`: their spans and summaries, and the questions
/// once decoded (under a lock: a course is shared by the threads that read a class's progress).
package final class DeferredNodeQuestions: Sendable {
  let source: DeferredQuestions
  /// Each question object's bytes in the course file, from `{` to past `}`.
  let spans: [Range<Int>]
  let summaries: [QuestionSummary]
  /// The node's passages, by id: a question naming one gets its text.
  let passages: [String: String]
  private let decoded = Mutex<[Question]?>(nil)

  init(source: DeferredQuestions, spans: [Range<Int>], summaries: [QuestionSummary], passages: [String: String]) {
    self.source = source
    self.spans = spans
    self.summaries = summaries
    self.passages = passages
  }

  /// The node's questions, decoded on the first call.
  var questions: [Question] {
    decoded.withLock { cached in
      if let cached { return cached }
      let questions = spans.compactMap { source.decode($0, passages: passages) }
      cached = questions
      return questions
    }
  }

  /// Decodes every question now (`questions` keeps them); false when any has a problem.
  func check() -> Bool { questions.count == spans.count }

  /// Whether the questions were decoded (for tests of what opening a course decodes).
  var isDecoded: Bool { decoded.withLock { $0 != nil } }
}
