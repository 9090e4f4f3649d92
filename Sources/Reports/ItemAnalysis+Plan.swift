import CourseOutline
import Foundation
import ProgressStorage
import QuizEngine
import TextLayout

extension ItemAnalysis {
  /// What is analysed, worked out once from the course: the questions, and for each node its key and the
  /// questions of its subtree (an attempt on it must answer or skip every one).
  struct Plan: Sendable {
    var course: Course
    var root: Int?
    var rule: AttemptRule
    var questions: [Question]
    /// Each analysed question's index in `questions`, by id.
    var column: [String: Int]
    /// The node index of each progress key.
    var nodeOfKey: [String: Int]
    var rows: [ItemRow]
    /// The questions of each node's subtree, by node index (sessions on any of them may be attempts).
    var subtreeQuestions: [Int: [Question]]
    /// Each question as a session in the course's order shows it (no seed), by id.
    var inOrder: [String: PresentedQuestion]
    /// Answers already read, shared by the learners' readers.
    var cache = ResponseCache()

    /// `labels` name a prompt's pictures and sounds in the report's language (text, Markdown, HTML);
    /// JSON and CSV keep English ones, as their other words.
    init(course: Course, root: Int?, rule: AttemptRule, labels: MediaLabels = .english) {
      self.course = course
      self.root = root
      self.rule = rule
      let range = root.map { $0..<course.nodes[$0].subtreeEnd } ?? 0..<course.count
      var questions: [Question] = []
      var rows: [ItemRow] = []
      var column: [String: Int] = [:]
      for index in range {
        let node = ReportNode(course: course, index: index)
        // An essay is graded by no one: no item to analyse.
        for (n, question) in course.nodes[index].questions.enumerated()
        where column[question.id] == nil && question.kind != .essay {
          column[question.id] = questions.count
          questions.append(question)
          rows.append(
            ItemRow(
              questionID: question.id, node: node, number: n + 1, type: question.kind.type,
              prompt: question.promptInContext, shownPrompt: question.promptInContext(labels: labels)))
        }
      }
      self.questions = questions
      self.column = column
      self.rows = rows
      var nodeOfKey: [String: Int] = [:]
      var subtreeQuestions: [Int: [Question]] = [:]
      var inOrder: [String: PresentedQuestion] = [:]
      for index in range {
        nodeOfKey[course.key(of: index)] = index
        subtreeQuestions[index] = course.questions(inSubtreeOf: index)
        for question in course.nodes[index].questions { inOrder[question.id] = PresentedQuestion(question) }
      }
      self.nodeOfKey = nodeOfKey
      self.subtreeQuestions = subtreeQuestions
      self.inOrder = inOrder
    }

    func empty(now: Date) -> ItemAnalysis {
      ItemAnalysis(
        courseID: course.id, courseTitle: course.title, generated: now,
        scope: root.map { ReportNode(course: course, index: $0) }, rule: rule, items: rows)
    }

    /// The learner's attempts in `state`, in the order they started.
    func attempts(in state: ProgressState) -> [Attempt] {
      var found: [Attempt] = []
      let rootKey = root.map { course.key(of: $0) }
      for session in state.sessionsByStart where session.kind == nil || session.kind == .full {
        if let rootKey, session.node != rootKey { continue }
        guard let node = nodeOfKey[session.node], let attempt = attempt(session, node: node) else { continue }
        found.append(attempt)
        if rule == .first && root != nil { break }
      }
      guard rule == .first, root == nil, !found.isEmpty else { return found }
      // The whole course, first attempts: each question's mark from the first session that asked it.
      var combined = found[0]
      for attempt in found.dropFirst() {
        for q in attempt.marks.indices where combined.marks[q] == nil && attempt.marks[q] != nil {
          combined.marks[q] = attempt.marks[q]
          combined.responses[q] = attempt.responses[q]
          combined.overruled[q] = attempt.overruled[q]
          combined.skipped[q] = attempt.skipped[q]
        }
      }
      return [combined]
    }

    /// The session as an attempt, when it answered or skipped every question of `node`'s subtree.
    func attempt(_ session: SessionRecord, node: Int) -> Attempt? {
      let asked = subtreeQuestions[node] ?? []
      guard !asked.isEmpty else { return nil }
      var latest: [String: SessionAnswer] = [:]
      for answer in session.answers { latest[answer.questionID] = answer }
      var skipped: Set<String> = []
      for skip in session.skips where latest[skip.questionID] == nil { skipped.insert(skip.questionID) }
      // An essay's response is no answer: the attempt is complete without it.
      for question in asked
      where question.kind != .essay && latest[question.id] == nil && !skipped.contains(question.id) {
        return nil
      }
      let count = questions.count
      var attempt = Attempt(
        marks: [Double?](repeating: nil, count: count), responses: [QuestionResponse?](repeating: nil, count: count),
        overruled: [Bool](repeating: false, count: count), skipped: [Bool](repeating: false, count: count))
      // The options as this session showed them: its seed shuffled the node's questions and their options.
      var presented: [String: PresentedQuestion] = [:]
      let shuffled = session.seed != nil
      if shuffled && asked.contains(where: { !$0.kind.options.isEmpty }) {
        let replay = PracticeSession(questions: asked, seed: session.seed, startedAt: session.start)
        if replay.presented.map(\.id) == session.questionIDs {
          for shown in replay.presented { presented[shown.id] = shown }
        }
      }
      for question in asked {
        guard let q = column[question.id] else { continue }
        if let answer = latest[question.id] {
          // A partly right answer marks its fraction, as Moodle marks it.
          attempt.marks[q] = answer.credit
          attempt.overruled[q] = answer.overruled
          // Options as shown: the replayed shuffle, or the course's order for a session without a seed (or
          // for a question without options); unknown when the course changed since a shuffled session.
          let shown =
            presented[question.id] ?? (!shuffled || question.kind.options.isEmpty ? inOrder[question.id] : nil)
          attempt.responses[q] =
            QuestionResponse.recalled(answer, question: question)
            ?? shown.flatMap { cache.response(answer.given, question: $0) }
        } else {
          attempt.marks[q] = 0
          attempt.skipped[q] = true
        }
      }
      return attempt
    }
  }
}
