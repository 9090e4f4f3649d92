package import Foundation
package import Localization

/// A run through a list of questions: one at a time, graded, ending in a summary.
///
/// A value type: copying a session forks it. Times are passed in, never read, so tests and
/// replays are exact; a seed fixes the question order and every choice question's option order.
///
/// ```swift
/// var session = PracticeSession(questions: leafQuestions, seed: 7, startedAt: clock.now())
/// while let q = session.current {
///   // show q.number/q.total, q.prompt, q.options labelled A, B, …
///   switch session.answer(readLine()!, at: clock.now()) {
///   case .graded(let feedback): _ = feedback  // show it
///   case .invalid(let message): _ = message   // show it, ask again
///   }
/// }
/// let summary = session.finish(at: clock.now())
/// ```
package struct PracticeSession: Sendable {
  /// The questions in presented order, options already shuffled.
  package let presented: [PresentedQuestion]
  package let startedAt: Date
  package let seed: UInt64?
  /// The catalog grading speaks through.
  package let messages: Localizer
  /// Answers and skips so far, in order.
  package private(set) var answers: [AnsweredQuestion] = []
  private var mistakes: [Mistake] = []
  private var finishedAt: Date?

  /// The largest seed a session stores (2^53 - 1): JSON numbers are exact up to there.
  package static let seedLimit: UInt64 = (1 << 53) - 1

  /// Orders `questions` for practice.
  ///
  /// - Parameter seed: shuffles questions (those sharing a passage kept together, in the given
  ///   order), then the options of each choice question in presented
  ///   order, with ``SeededRandomNumberGenerator``; nil keeps the given order and option order,
  ///   except the options a type always shuffles (a matching question's choices), by its id.
  /// - Parameter keepingOrder: asks the questions in the given order even with a seed (a review
  ///   session asks the most overdue first); options are still shuffled.
  /// - Parameter messages: the catalog grading speaks through (expectations, details), the learner's language.
  /// - Parameter valueSeed: draws a calculated question's values (with its id, so each question draws
  ///   its own); the same seed shows the same values, as a resumed session must. Without one, `seed`,
  ///   else the start time.
  /// - Parameter valueAttempts: by question id, how many times the learner met each calculated
  ///   question before this session (none: 0): its stored sets are shown in Moodle's cycle, the next
  ///   set each attempt, keyed by `learner` (``Question/drawingValues(seed:attempt:learner:)``).
  package init(
    questions: [Question], seed: UInt64?, startedAt: Date, keepingOrder: Bool = false, messages: Localizer = .english,
    valueSeed: UInt64? = nil, valueAttempts: [String: Int] = [:], learner: String = ""
  ) {
    self.startedAt = startedAt
    self.seed = seed
    self.messages = messages
    let values = valueSeed ?? seed ?? Self.stableSeed(String(startedAt.timeIntervalSince1970))
    // A separate generator per question: the option orders below stay what they were before values existed.
    var ordered = questions.map { question in
      question.kind.type == .calculated
        ? question.drawingValues(
          seed: values ^ Self.stableSeed(question.id), attempt: valueAttempts[question.id] ?? 0, learner: learner)
        : question
    }
    var optionOrders: [[Int]?] = Array(repeating: nil, count: questions.count)
    if let seed {
      var rng = SeededRandomNumberGenerator(seed: seed)
      if !keepingOrder {
        let courseOrder = ordered
        rng.shuffle(&ordered)
        ordered = Self.keepingPassagesTogether(ordered, courseOrder: courseOrder)
      }
      for (i, question) in ordered.enumerated() where !question.kind.options.isEmpty {
        optionOrders[i] = rng.shuffled(Array(question.kind.options.indices))
      }
    } else {
      // In the course's order a matching question's choices would follow its items (the answer
      // always `a b c d`): such options are shuffled by the question's id, the same at every replay.
      for (i, question) in ordered.enumerated() where question.kind.type.model.alwaysShuffled {
        var rng = SeededRandomNumberGenerator(seed: Self.stableSeed(question.id))
        optionOrders[i] = rng.shuffled(Array(question.kind.options.indices))
      }
    }
    presented = ordered.enumerated().map { i, question in
      PresentedQuestion(
        question, number: i + 1, total: ordered.count, optionOrder: optionOrders[i], messages: messages)
    }
    // An empty session has nothing to ask and ends at once.
    if presented.isEmpty { finishedAt = startedAt }
  }
}

extension PracticeSession {
  /// The seed a session's calculated values are drawn from: its seed, else one from its id (a session
  /// in course order has no seed), so that resuming it draws them again alike.
  package static func valueSeed(seed: UInt64?, sessionID: String) -> UInt64 {
    seed ?? stableSeed(sessionID)
  }

  /// A seed from `text` that every run computes alike (FNV-1a over its UTF-8; Swift's `hashValue`
  /// changes from run to run).
  static func stableSeed(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  /// The question to answer now; nil when the session is finished.
  package var current: PresentedQuestion? {
    guard finishedAt == nil, answers.count < presented.count else { return nil }
    return presented[answers.count]
  }

  package var isFinished: Bool { current == nil }

  /// Grades `input` against the current question and moves on; `.invalid` leaves it current.
  package mutating func answer(_ input: String, at date: Date) -> AnswerOutcome {
    guard let question = current else {
      return .invalid(messages.tr("the session is over; there is no question to answer"))
    }
    let outcome = question.grade(input)
    guard case .graded(let feedback) = outcome else { return outcome }
    commit(feedback, input: input, at: date)
    return outcome
  }

  /// Records the current question's answer as already graded, and moves on.
  ///
  /// For a caller that must act between grading and moving on (save the answer, ask for a
  /// rating): grade once with `current?.grade(input)`, then commit that feedback.
  ///
  /// ```swift
  /// if case .graded(let feedback) = session.current?.grade("B") {
  ///   try save(feedback)
  ///   session.commit(feedback, input: "B", at: now)
  /// }
  /// ```
  package mutating func commit(_ feedback: Feedback, input: String, at date: Date, hinted: Bool = false) {
    guard let question = current else { return }
    if !feedback.isCorrect {
      mistakes.append(
        Mistake(
          questionID: question.id, prompt: question.question.promptInContext(labels: .localized(messages)),
          given: feedback.given,
          expected: feedback.expected,
          explanation: question.question.explanation))
    }
    record(
      question, input: input, given: feedback.given, isCorrect: feedback.isCorrect, skipped: false, at: date,
      hinted: hinted, fraction: feedback.fraction)
  }

  /// Marks the last graded answer right, as the learner says it was (`!!` after a typo).
  ///
  /// Returns the overruled answer, or nil when there is none to overrule: nothing graded yet, the
  /// last entry was a skip, or the last answer was right (or already overruled). Works after the
  /// session has finished too, so the last question's answer can be overruled.
  package mutating func overrule() -> AnsweredQuestion? {
    guard let index = answers.indices.last, !answers[index].isSkipped, !answers[index].isCorrect else { return nil }
    answers[index].isCorrect = true
    answers[index].fraction = 1
    answers[index].isOverruled = true
    mistakes.removeAll { $0.questionID == answers[index].questionID }
    return answers[index]
  }

  /// Keeps what the learner wrote to the current question, an essay, and moves on: graded by no
  /// one, it counts in none of the summary's figures.
  package mutating func respond(_ input: String, at date: Date) {
    guard let question = current else { return }
    record(question, input: input, given: input, isCorrect: false, skipped: false, at: date, hinted: false)
    answers[answers.count - 1].isResponse = true
  }

  /// Moves past the current question without grading it.
  package mutating func skip(at date: Date, hinted: Bool = false) {
    guard let question = current else { return }
    record(question, input: "", given: "", isCorrect: false, skipped: true, at: date, hinted: hinted)
  }

  /// Puts back an answer given before the session stopped (a resumed session), with the result
  /// recorded then: it is not graded again, so a changed rule never rewrites history.
  package mutating func restoreAnswer(
    _ input: String, isCorrect: Bool, at date: Date, hinted: Bool = false, fraction: Double? = nil
  ) {
    guard let question = current else { return }
    var given = input
    var expected = ""
    if case .graded(let feedback) = question.grade(input) {
      given = feedback.given
      expected = feedback.expected
    }
    if !isCorrect {
      mistakes.append(
        Mistake(
          questionID: question.id, prompt: question.question.promptInContext(labels: .localized(messages)),
          given: given, expected: expected,
          explanation: question.question.explanation))
    }
    record(
      question, input: input, given: given, isCorrect: isCorrect, skipped: false, at: date, hinted: hinted,
      fraction: fraction)
  }

  /// Puts back a skip made before the session stopped.
  package mutating func restoreSkip(at date: Date, hinted: Bool = false) { skip(at: date, hinted: hinted) }

  /// Ends the session, keeping every answer given so far, and returns its summary.
  ///
  /// Finishing again returns the same summary: the end time is the first one.
  package mutating func finish(at date: Date) -> SessionSummary {
    if finishedAt == nil { finishedAt = date }
    return summary(at: date)
  }

  /// The summary so far; while running, the duration runs to `date`.
  package func summary(at date: Date) -> SessionSummary {
    let end = finishedAt ?? date
    // Essays are graded by no one: neither they nor what was written to them count.
    let answers = self.answers.filter { !$0.isResponse }
    let total = presented.count - presented.filter { $0.type == .essay }.count
    let answered = answers.filter { !$0.isSkipped }.count
    let correct = answers.filter(\.isCorrect).count
    let skipped = answers.count - answered
    var summary = SessionSummary(
      total: total, answered: answered, correct: correct, skipped: skipped,
      // Left: every question not reached, essays too (a session quit before its essays is not
      // finished, so it shows no score, as the store counts it).
      unanswered: max(0, presented.count - self.answers.count),
      score: SessionSummary.percent(correct, of: total),
      duration: end.timeIntervalSince(startedAt),
      endedEarly: self.answers.count < presented.count,
      mistakes: mistakes, answers: answers)
    summary.essaysWritten = self.answers.filter { $0.isResponse && !$0.input.isEmpty }.count
    // Partial credit: the score is the sum of fractions over the questions set.
    if answers.contains(where: { !$0.isCorrect && $0.fraction > 0 }) {
      summary.score = SessionSummary.percent(credit: summary.credit, of: total)
    }
    return summary
  }

  private mutating func record(
    _ question: PresentedQuestion, input: String, given: String, isCorrect: Bool, skipped: Bool, at date: Date,
    hinted: Bool, fraction: Double? = nil
  ) {
    let previous = answers.last?.answeredAt ?? startedAt
    var answer = AnsweredQuestion(
      questionID: question.id, number: question.number, input: input, given: given, isCorrect: isCorrect,
      isSkipped: skipped, answeredAt: date, timeTaken: date.timeIntervalSince(previous))
    answer.usedHint = hinted
    if let fraction, !isCorrect, !skipped { answer.fraction = AnswerCredit.clamped(fraction) }
    answers.append(answer)
    // Answering the last question ends the session then, not when the summary is first asked for.
    if answers.count == presented.count { finishedAt = date }
  }
}
