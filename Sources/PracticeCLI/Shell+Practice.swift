import CourseOutline
import Foundation
import Localization
import ProgressStorage
import QuizEngine
import Scheduling
import TextLayout

extension Shell {
  func start(_ argument: String) throws(CommandFailure) {
    let node = try resolve(argument)
    let questions = course.questions(inSubtreeOf: node)
    guard !questions.isEmpty else {
      throw CommandFailure(
        messages.tr(
          "{address} {title} has no questions; this course's outline carries none, or pick a part that has some (see 'info')",
          ["address": course.address(of: node), "title": course.nodes[node].title]))
    }
    try? recorder?.nodeOpened(key: course.key(of: node), at: clock.now())
    output.line(
      style.paint(
        messages.trn(
          "Practice: {address} {title}, {count} question", "Practice: {address} {title}, {count} questions",
          count: questions.count, ["address": course.address(of: node), "title": course.nodes[node].title]),
        .bold))
    output.line(
      messages.tr("Answer by letter, number or text; 'skip', 'hint', 'quit'; an empty line repeats the question."))
    try begin(questions, node: node, isMistakesRound: false)
  }

  func practiseMistakes() throws(CommandFailure) {
    guard !lastMistakes.isEmpty else {
      throw CommandFailure(messages.tr("no mistakes to practise: finish a session with a wrong answer first"))
    }
    output.line(
      style.paint(
        messages.trn(
          "Mistakes: {count} question answered wrong", "Mistakes: {count} questions answered wrong",
          count: lastMistakes.count), .bold)
    )
    let node = lastPracticeNode ?? 0
    try begin(lastMistakes, node: node, isMistakesRound: true, sessionKey: lastSessionKey)
  }

  /// - Parameter sessionKey: the node key the session is recorded under; `""` for a review of the
  ///   whole course, which belongs to no node.
  func begin(
    _ questions: [Question], node: Int, isMistakesRound: Bool, keepingOrder: Bool = false,
    sessionKey: String? = nil
  ) throws(CommandFailure) {
    sessionCounter += 1
    let now = clock.now()
    let id = Self.sessionID(at: now, counter: sessionCounter)
    var owners: [String: String] = [:]
    for index in node..<course.nodes[node].subtreeEnd {
      for q in course.nodes[index].questions { owners[q.id] = course.key(of: index) }
    }
    // Questions from `mistakes` may come from anywhere in the course.
    if owners.count < questions.count {
      for index in course.nodes.indices {
        for q in course.nodes[index].questions where owners[q.id] == nil { owners[q.id] = course.key(of: index) }
      }
    }
    let session = PracticeSession(
      questions: questions, seed: seed.map { $0 &+ UInt64(sessionCounter - 1) }, startedAt: now,
      keepingOrder: keepingOrder, messages: messages)
    do {
      try recorder?.sessionStarted(
        id: id, nodeKey: sessionKey ?? course.key(of: node), questionIDs: session.presented.map(\.id), at: now)
    } catch {
      throw CommandFailure(messages.tr("could not start the session: {error}", ["error": error]))
    }
    practice = PracticeRun(
      id: id, node: node, session: session, nodeKeyOfQuestion: owners, isMistakesRound: isMistakesRound,
      questionsByID: Dictionary(questions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }), shownAt: now)
    lastPracticeNode = node
    lastSessionKey = sessionKey
    showCurrentQuestion()
  }

  static func sessionID(at date: Date, counter: Int) -> String {
    let stamp = Int(date.timeIntervalSince1970)
    return "s\(stamp)-\(getpid())-\(counter)"
  }

  func showCurrentQuestion() {
    guard var run = practice, let question = run.session.current else { return }
    if run.pending != nil {
      output.line(messages.tr("Rate your recall: 1 again, 2 hard, 3 good, 4 easy."))
      return
    }
    if run.session.answers.count != run.shownIndex {
      // A new question: its time starts now and no hint was taken yet.
      run.shownAt = clock.now()
      run.hinted = false
      run.shownIndex = run.session.answers.count
      practice = run
    }
    output.line()
    output.line(
      style.paint(
        messages.tr(
          "Question {number} of {total} · {type}",
          ["number": question.number, "total": question.total, "type": question.typeLabel]), .accent))
    output.line(question.prompt)
    for (number, item) in question.items.enumerated() {
      output.line("  \(number + 1). \(item)")
    }
    if !question.items.isEmpty { output.line(style.paint("  " + messages.tr("match each with:"), .dim)) }
    for (label, option) in zip(question.optionLabels, question.options) {
      output.line("  \(label). \(option)")
    }
    switch question.type {
    case .matching:
      output.line(style.paint("  " + messages.tr("(pair every item with a letter, e.g. 1b 2a, or just b a)"), .dim))
    case .card:
      if run.cardRevealed {
        showCardBack(question)
      } else {
        output.line(style.paint("  " + messages.tr("(press Enter to see the back)"), .dim))
      }
    case .trueFalse: output.line(style.paint("  " + messages.tr("(true or false: t/f, 对/错)"), .dim))
    case .multiple: output.line(style.paint("  " + messages.tr("(choose every right option, e.g. A C)"), .dim))
    case .numeric:
      if let unit = question.unit {
        let note =
          question.isUnitRequired
          ? messages.tr("(a number with its unit, e.g. in {unit})", ["unit": unit.symbol])
          : messages.tr("(a number in {unit}; the unit may be left out)", ["unit": unit.symbol])
        output.line(style.paint("  " + note, .dim))
      }
    default: break
    }
  }

  /// A line during practice: an answer, or one of skip, hint, quit, help.
  func handleAnswer(_ line: String) -> Outcome {
    guard var run = practice, let question = run.session.current else {
      practice = nil
      return .ok
    }
    let input = line.trimmingSpaces()
    if let pending = run.pending { return rate(pending, input, question: question) }
    switch input.lowercased() {
    case "" where question.type == .card && !run.cardRevealed:
      run.cardRevealed = true
      practice = run
      showCardBack(question)
      return .ok
    case "":
      showCurrentQuestion()
      return .ok
    case "skip", "跳过":
      let now = clock.now()
      do {
        try recorder?.skipped(
          sessionID: run.id, questionID: question.id, nodeKey: nodeKey(of: question, in: run),
          review: reviewMark(.again), at: now)
      } catch {
        return .failed(
          CommandFailure(messages.tr("your skip was NOT saved: {error}; the question stays open", ["error": error])))
      }
      run.session.skip(at: now)
      practice = run
      output.line(style.paint(messages.tr("Skipped."), .dim))
      advance()
      return .ok
    case "hint", "提示":
      output.line(
        question.hint.map { messages.tr("Hint: {hint}", ["hint": $0]) } ?? messages.tr("No hint for this question."))
      if question.hint != nil {
        run.hinted = true
        practice = run
      }
      return .ok
    case "quit", "q", "退出":
      output.line(messages.tr("Session ended early; your answers so far are kept."))
      finish()
      return .ok
    case "help", "?", "帮助":
      output.line(
        messages.tr("Answer by letter (A), number (1) or text; 'skip' moves on, 'hint' helps, 'quit' ends the session.")
      )
      output.line(
        messages.tr("'!!' right after a graded answer marks it right, when you were right and the grader was not."))
      return .ok
    default:
      break
    }
    let now = clock.now()
    switch question.grade(input) {
    case .invalid(let message):
      output.line(style.paint("? \(message)", .bad))
      return .ok
    case .graded(let feedback):
      if asksRating && question.type != .card {
        // Anki's way: the learner sees the answer, then rates; the record waits for the rating.
        showFeedback(feedback)
        run.pending = PendingAnswer(input: input, feedback: feedback, at: now)
        practice = run
        showCurrentQuestion()
        return .ok
      }
      let previousRight = reviewBooks?.reviewBook().lastRight[question.id] ?? false
      var rating = ReviewRating.rating(
        correct: feedback.isCorrect, helped: run.hinted, previousRight: previousRight,
        seconds: now.timeIntervalSince(run.shownAt), type: question.type)
      // A flashcard under --rate was answered with the rating itself.
      if question.type == .card, ratesCards, let typed = Int(feedback.given).flatMap(Rating.init) { rating = typed }
      // Acknowledge only what is on disk: record first, then show the feedback.
      if let failure = record(input, feedback, rating: rating, at: now, in: &run) {
        return .failed(failure)
      }
      if question.type == .card {
        // Said before the back was shown: show it now, so the learner can check themselves.
        if !run.cardRevealed { showCardBack(question, asking: false) }
        run.cardRevealed = false
        practice = run
      }
      showFeedback(feedback, isCard: question.type == .card)
      advance()
      return .ok
    }
  }

  /// `--rate`: the line after an answer is its rating; the answer is recorded with it.
  private func rate(_ pending: PendingAnswer, _ input: String, question: PresentedQuestion) -> Outcome {
    guard var run = practice else { return .ok }
    if ["quit", "q", "退出"].contains(input.lowercased()) {
      run.pending = nil
      practice = run
      output.line(messages.tr("Session ended early; the last answer was not rated, so it is not kept."))
      finish()
      return .ok
    }
    guard let rating = ReviewRating.parse(input) else {
      return .failed(
        CommandFailure(
          messages.tr(
            "rate with 1 (again), 2 (hard), 3 (good) or 4 (easy), not '{input}'",
            ["input": OutputSanitizer.clean(input)])))
    }
    run.pending = nil
    if let failure = record(pending.input, pending.feedback, rating: rating, at: pending.at, in: &run) {
      run.pending = pending
      practice = run
      return .failed(failure)
    }
    advance()
    return .ok
  }

  /// Records an answer with its rating, then moves the session on; a failure leaves the question open.
  private func record(
    _ input: String, _ feedback: Feedback, rating: Rating, at now: Date, in run: inout PracticeRun
  ) -> CommandFailure? {
    guard let question = run.session.current else { return nil }
    do {
      try recorder?.answered(
        sessionID: run.id, questionID: question.id, nodeKey: nodeKey(of: question, in: run),
        input: input, isCorrect: feedback.isCorrect, review: reviewMark(rating), at: now)
    } catch {
      return CommandFailure(
        messages.tr("your answer was NOT saved: {error}; the question stays open", ["error": error]))
    }
    run.session.commit(feedback, input: input, at: now)
    practice = run
    // `!!` at the next prompt may overrule this answer.
    overrulable = run
    return nil
  }

  private func nodeKey(of question: PresentedQuestion, in run: PracticeRun) -> String {
    run.nodeKeyOfQuestion[question.id] ?? course.key(of: run.node)
  }

  /// The rating with, under `--fuzz`, a fresh uniform draw for the interval's fuzz.
  func reviewMark(_ rating: Rating) -> ReviewMark {
    guard var generator = fuzz else { return ReviewMark(rating: rating.rawValue) }
    let draw = Double(generator.next() >> 11) * 0x1.0p-53
    fuzz = generator
    return ReviewMark(rating: rating.rawValue, fuzz: draw)
  }

  /// `!!`: the learner says the answer just graded (in `run`, as it stood then) was right.
  ///
  /// The journal keeps the grader's verdict and gets an `override` record after it; the session
  /// (running, or just finished by that answer) counts the answer right from now on.
  func overrule(_ run: PracticeRun?) -> Outcome {
    guard var run, let last = run.session.answers.last, !last.isSkipped else {
      return .failed(
        CommandFailure(messages.tr("nothing to overrule: '!!' right after a graded answer marks that answer right")))
    }
    guard !last.isCorrect else {
      output.line(messages.tr("Your answer to question {number} was already counted right.", ["number": last.number]))
      return .ok
    }
    do {
      try recorder?.overruled(
        sessionID: run.id, questionID: last.questionID,
        nodeKey: run.nodeKeyOfQuestion[last.questionID] ?? course.key(of: run.node), at: clock.now())
    } catch {
      return .failed(
        CommandFailure(
          messages.tr("the override was NOT saved: {error}; your answer still counts as wrong", ["error": error])))
    }
    output.line(
      style.paint(
        messages.tr(
          "Overruled by the learner: your answer to question {number} counts as right.", ["number": last.number]),
        .good))
    if var current = practice, current.id == run.id {
      _ = current.session.overrule()
      practice = current
    } else {
      _ = run.session.overrule()
      // That answer ended its session: the summary shown is out of date, and so is `mistakes`.
      lastMistakes.removeAll { $0.id == last.questionID }
      let summary = run.session.summary(at: clock.now())
      output.line(
        messages.tr(
          "Score now: {right} of {answered} right ({percent}%).",
          ["right": summary.correct, "answered": summary.answered, "percent": summary.score]))
    }
    return .ok
  }

  /// The back of a flashcard, and how to say whether it was known.
  func showCardBack(_ question: PresentedQuestion, asking: Bool = true) {
    output.line(style.paint("  " + messages.tr("Back:"), .dim))
    for line in (question.back ?? "").split(separator: "\n", omittingEmptySubsequences: false) {
      output.line("  \(line)")
    }
    guard asking else { return }
    output.line(
      style.paint(
        "  "
          + (ratesCards
            ? messages.tr("(how well did you know it? 1 again, 2 hard, 3 good, 4 easy)")
            : messages.tr("(did you know it? y or n)")),
        .dim))
  }

  func showFeedback(_ feedback: Feedback, isCard: Bool = false) {
    if isCard {
      let mark = feedback.isCorrect ? (style.unicode ? "✓" : "+") : (style.unicode ? "✗" : "x")
      let rated = feedback.given.first?.isNumber == true
      let text: String
      switch (feedback.isCorrect, rated) {
      case (true, false): text = messages.tr("{mark} Known.", ["mark": mark])
      case (false, false): text = messages.tr("{mark} Not known yet.", ["mark": mark])
      case (true, true): text = messages.tr("{mark} Known. Rated {rating}.", ["mark": mark, "rating": feedback.given])
      case (false, true):
        text = messages.tr("{mark} Not known yet. Rated {rating}.", ["mark": mark, "rating": feedback.given])
      }
      output.line(style.paint(text, feedback.isCorrect ? .good : .bad))
    } else if feedback.isCorrect {
      output.line(style.paint(messages.tr("{mark} Correct.", ["mark": style.unicode ? "✓" : "+"]), .good))
    } else {
      output.line(
        style.paint(
          messages.tr(
            "{mark} Wrong. The answer is {answer}.", ["mark": style.unicode ? "✗" : "x", "answer": feedback.expected]),
          .bad))
      output.line("  " + messages.tr("You answered: {answer}", ["answer": feedback.given]))
    }
    // Imported explanations run over several lines (general feedback, then one line per answer).
    for text in [feedback.detail, feedback.explanation].compactMap({ $0 }) where !text.isEmpty {
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) { output.line("  \(line)") }
    }
  }

  func advance() {
    guard let run = practice else { return }
    if run.session.isFinished {
      finish()
    } else {
      showCurrentQuestion()
    }
  }

  func finish() {
    guard var run = practice else { return }
    let now = clock.now()
    let summary = run.session.finish(at: now)
    practice = nil
    do {
      try recorder?.sessionEnded(id: run.id, summary: summary, at: now)
    } catch {
      output.line(
        style.paint(
          messages.tr("The session's end could not be saved ({error}); every answer above was.", ["error": error]), .bad
        ))
    }
    showSummary(summary)
    lastMistakes = summary.mistakes.compactMap { run.questionsByID[$0.questionID] }
    if run.isMistakesRound && !lastMistakes.isEmpty && !summary.endedEarly {
      output.line(messages.tr("{count} still wrong: another round.", ["count": lastMistakes.count]))
      run.isMistakesRound = true
      try? begin(lastMistakes, node: run.node, isMistakesRound: true, sessionKey: lastSessionKey)
    } else if run.isMistakesRound && lastMistakes.isEmpty && !summary.endedEarly {
      output.line(style.paint(messages.tr("Every mistake is put right."), .good))
    } else if !lastMistakes.isEmpty {
      output.line(
        messages.tr("Type 'mistakes' to practise the {count} you got wrong.", ["count": lastMistakes.count]))
    }
  }

  func showSummary(_ summary: SessionSummary) {
    output.line()
    guard summary.answered > 0 else {
      output.line(style.paint(messages.tr("No questions answered."), .bold))
      return
    }
    let values: KeyValuePairs<String, Any> = [
      "right": summary.correct, "answered": summary.answered, "percent": summary.score, "skipped": summary.skipped,
      "unreached": summary.unanswered, "time": Self.duration(summary.duration, messages),
    ]
    let line: String
    switch (summary.skipped > 0, summary.unanswered > 0) {
    case (false, false): line = messages.tr("Score: {right} of {answered} right ({percent}%), in {time}.", values)
    case (true, false):
      line = messages.tr("Score: {right} of {answered} right ({percent}%), {skipped} skipped, in {time}.", values)
    case (false, true):
      line = messages.tr("Score: {right} of {answered} right ({percent}%), {unreached} not reached, in {time}.", values)
    case (true, true):
      line = messages.tr(
        "Score: {right} of {answered} right ({percent}%), {skipped} skipped, {unreached} not reached, in {time}.",
        values)
    }
    output.line(style.paint(line, .bold))
    guard !summary.mistakes.isEmpty else { return }
    output.line(messages.tr("Wrong answers:"))
    for mistake in summary.mistakes {
      output.line("  \(DisplayWidth.truncated(mistake.prompt.replacingOccurrences(of: "\n", with: " "), to: 70))")
      output.line(
        "    "
          + messages.tr("you: {given}    right: {expected}", ["given": mistake.given, "expected": mistake.expected]))
    }
  }

  /// `42s`, `3m 05s`, `1h 02m`; `42秒`, `3分05秒` in Chinese.
  static func duration(_ seconds: TimeInterval, _ messages: Localizer = .english) -> String {
    let total = Int(seconds.rounded())
    if total < 60 { return messages.tr("{seconds}s", ["seconds": total]) }
    if total < 3600 {
      return messages.tr(
        "{minutes}m {seconds}s", ["minutes": total / 60, "seconds": String(format: "%02d", total % 60)])
    }
    return messages.tr(
      "{hours}h {minutes}m", ["hours": total / 3600, "minutes": String(format: "%02d", (total % 3600) / 60)])
  }
}
