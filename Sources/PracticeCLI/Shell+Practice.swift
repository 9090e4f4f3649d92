import CourseOutline
import Foundation
import Localization
import ProgressStorage
import QuizEngine
import Reports
import Scheduling
import Study
import TextLayout

extension Shell {
  /// `start [--in-order] ADDR`: a full session on the node; on a terminal, offers to resume an
  /// unfinished one first.
  func start(_ argument: String) throws(CommandFailure) {
    let (inOrder, address) = Self.takeFlag("--in-order", from: argument)
    let node = try resolve(address)
    guard !course.questions(inSubtreeOf: node).isEmpty else {
      throw CommandFailure(
        messages.tr(
          "{address} {title} has no questions; this course's outline carries none, or pick a part that has some (see 'info')",
          ["address": course.address(of: node), "title": course.nodes[node].title]))
    }
    if isInteractive, let record = policy.resumeOffer(on: node) {
      state = .confirmingResume(PendingResume(record: record, node: node, inOrder: inOrder))
      return
    }
    try beginFull(node, inOrder: inOrder)
  }

  private func beginFull(_ node: Int, inOrder: Bool) throws(CommandFailure) {
    let questions = course.questions(inSubtreeOf: node)
    wrapped(
      messages.trn(
        "Practice: {address} {title}, {count} question", "Practice: {address} {title}, {count} questions",
        count: questions.count, ["address": course.address(of: node), "title": course.nodes[node].title]),
      tone: .bold)
    wrapped(
      messages.tr("Answer by letter, number or text; 'skip', 'hint', 'quit'; an empty line repeats the question."))
    try begin(questions, node: node, kind: .full, seed: nextSeed(inOrder: inOrder))
  }

  /// `resume [ADDR]`: continues the latest unfinished session, review or `mistakes` round (on ADDR, when given).
  func resume(_ argument: String) throws(CommandFailure) {
    let node = argument.isEmpty ? nil : try resolve(argument)
    let values: KeyValuePairs<String, Any> = ["address": node.map { course.address(of: $0) } ?? ""]
    switch (policy.sessionToResume(on: node), node != nil) {
    case (.session(let record), _): try resumeSession(record)
    case (.neverStarted, true):
      throw CommandFailure(
        messages.tr("nothing to resume on {address}: no session was started there yet; type 'start {address}'", values))
    case (.finished, true):
      throw CommandFailure(
        messages.tr("nothing to resume on {address}: its last session was finished; type 'start {address}'", values))
    case (.neverStarted, false):
      throw CommandFailure(messages.tr("nothing to resume: no session was started yet; type 'start ADDR' to begin one"))
    case (.finished, false):
      throw CommandFailure(
        messages.tr("nothing to resume: your last session was finished; type 'start ADDR' for a new one"))
    }
  }

  /// `mistakes [ADDR]`: the questions whose latest answer is wrong or that were skipped, in the
  /// subtree or the whole course, round after round.
  func practiseMistakes(_ argument: String) throws(CommandFailure) {
    let scope = argument.isEmpty ? nil : try resolve(argument)
    let questions = policy.mistakes(in: scope)
    guard !questions.isEmpty else { throw nothingToRetry(in: scope) }
    let heading =
      scope.map {
        messages.trn(
          "Mistakes in {address}: {count} question to retry (answered wrong, partly right or skipped)",
          "Mistakes in {address}: {count} questions to retry (answered wrong, partly right or skipped)",
          count: questions.count,
          ["address": course.address(of: $0)])
      }
      ?? messages.trn(
        "Mistakes: {count} question to retry (answered wrong, partly right or skipped)",
        "Mistakes: {count} questions to retry (answered wrong, partly right or skipped)", count: questions.count)
    wrapped(heading, tone: .bold)
    try begin(questions, node: scope, kind: .mistakes, seed: nextSeed(inOrder: false))
  }

  /// Why `mistakes` has nothing to practise: the scope has no questions, none is answered yet, or
  /// every latest answer is right ("every question answered is right" is also true of none answered,
  /// and would mislead a learner who has not begun).
  private func nothingToRetry(in scope: Int?) -> CommandFailure {
    let values: KeyValuePairs<String, Any> = ["address": scope.map { course.address(of: $0) } ?? ""]
    let text =
      switch (scope == nil, policy.whyNoMistakes(in: scope)) {
      case (true, .noQuestions): messages.tr("no mistakes to practise: this course has no questions")
      case (true, .noneAnswered):
        messages.tr("no mistakes to practise: no question has been answered yet; type 'start ADDR' to begin")
      case (true, .allRight):
        messages.tr("no mistakes to practise: every question answered has its latest answer right")
      case (false, .noQuestions): messages.tr("no mistakes to practise in {address}: it has no questions", values)
      case (false, .noneAnswered):
        messages.tr(
          "no mistakes to practise in {address}: none of its questions has been answered yet; type 'start {address}' to begin",
          values)
      case (false, .allRight):
        messages.tr(
          "no mistakes to practise in {address}: every question answered has its latest answer right", values)
      }
    return CommandFailure(text)
  }

  /// Answers that take a session up again (an empty line too), in English and Chinese; compared after
  /// NFKC and lower-casing, so `Ｙ` and `YES` count.
  static let resumeWords: Set<String> = ["", "y", "yes", "是", "是的", "好", "好的", "要", "继续", "繼續"]
  /// Answers that start the session again from its first question.
  static let restartWords: Set<String> = ["n", "no", "否", "不", "不是", "不要", "重新开始", "重新開始"]

  /// The answer to `Resume at question 8 of 14? [Y/n]` (in Chinese `[是/否]`).
  func answerResumeQuestion(_ line: String) -> Outcome {
    guard case .confirmingResume(let pending) = state else { return .ok }
    let word = line.precomposedStringWithCompatibilityMapping.trimmingSpaces().lowercased()
      .trimmingScalars(where: { ".!。！".unicodeScalars.contains($0) })
    do {
      if Self.resumeWords.contains(word) {
        state = .browsing
        try resumeSession(pending.record)
      } else if Self.restartWords.contains(word) {
        state = .browsing
        try beginFull(pending.node, inOrder: pending.inOrder)
      } else {
        return .failed(CommandFailure(messages.tr("answer y to resume where you stopped, or n to start again")))
      }
    } catch {
      return .failed(error)
    }
    return .ok
  }

  /// Takes an unfinished session, review or `mistakes` round up again: the same questions and
  /// options in the same order, at the first question neither answered nor skipped.
  func resumeSession(_ record: SessionRecord) throws(CommandFailure) {
    let now = clock.now()
    let replay: SessionReplay
    do {
      // The time already spent carries on, so the summary's duration leaves out the break.
      replay = try SessionReplay(
        of: record, in: course, startedAt: now.addingTimeInterval(-record.activeSeconds), messages)
    } catch {
      switch error {
      case .nodeGone(let key):
        throw CommandFailure(messages.tr("cannot resume: the course no longer has the node {node}", ["node": key]))
      case .allAnswered:
        throw CommandFailure(messages.tr("nothing to resume: every question of that session was answered"))
      }
    }
    let (node, session) = (replay.node, replay.session)
    guard let current = session.current else { return }
    do {
      try recorder?.sessionResumed(id: record.id, at: now)
    } catch {
      throw CommandFailure(messages.tr("could not resume the session: {error}", ["error": messages.describe(error)]))
    }
    let kind = record.kind ?? .full
    let values: KeyValuePairs<String, Any> = [
      "place": node.map { "\(course.address(of: $0)) \(course.nodes[$0].title)" } ?? course.title,
      "number": current.number, "total": current.total,
    ]
    let heading =
      switch kind {
      case .review: messages.tr("Resuming the review of {place}, at question {number} of {total}", values)
      case .mistakes: messages.tr("Resuming the mistakes of {place}, at question {number} of {total}", values)
      default:
        messages.tr(
          "Resuming: {address} {title}, at question {number} of {total}",
          [
            "address": node.map { course.address(of: $0) } ?? "", "title": node.map { course.nodes[$0].title } ?? "",
            "number": current.number, "total": current.total,
          ])
      }
    wrapped(heading, tone: .bold)
    state = .practising(
      PracticeRun(
        id: record.id, node: node, session: session, nodeKeyOfQuestion: owners(of: replay.pool), kind: kind,
        shownAt: now,
        announcements: kind == .review
          ? newBlockAnnouncement(of: session.presented.map(\.question), since: record.start) : [:]))
    showCurrentQuestion()
  }

  /// The seed of the next session: from `--seed` (one per session of the run), else fresh; nil keeps the file's order.
  func nextSeed(inOrder: Bool) -> UInt64? {
    sessionCounter += 1
    guard !inOrder else { return nil }
    // Kept below 2^53, so the seed stored with the session reads back exactly in any JSON tool.
    if let seed { return (seed &+ UInt64(sessionCounter - 1)) & PracticeSession.seedLimit }
    return UInt64.random(in: 0...PracticeSession.seedLimit)
  }

  /// Starts a session; `node` nil is the whole course (recorded under the node key `""`).
  func begin(
    _ questions: [Question], node: Int?, kind: SessionKind, seed: UInt64?, keepingOrder: Bool = false,
    announcements: [Int: String] = [:]
  ) throws(CommandFailure) {
    let now = clock.now()
    let id = Self.sessionID(at: now, counter: sessionCounter)
    let session = PracticeSession(
      questions: questions, seed: seed, startedAt: now, keepingOrder: keepingOrder, messages: messages)
    do {
      try recorder?.sessionStarted(
        id: id, nodeKey: node.map { course.key(of: $0) } ?? "", questionIDs: session.presented.map(\.id), at: now,
        kind: kind, seed: seed)
    } catch {
      throw CommandFailure(messages.tr("could not start the session: {error}", ["error": messages.describe(error)]))
    }
    state = .practising(
      PracticeRun(
        id: id, node: node, session: session, nodeKeyOfQuestion: owners(of: questions), kind: kind, shownAt: now,
        announcements: announcements))
    showCurrentQuestion()
  }

  /// Each question's owning node key: answers are recorded against the part that holds the question.
  func owners(of questions: [Question]) -> [String: String] {
    let wanted = Set(questions.map(\.id))
    var owners: [String: String] = [:]
    for index in course.nodes.indices where !course.nodes[index].questions.isEmpty {
      for q in course.nodes[index].questions where wanted.contains(q.id) && owners[q.id] == nil {
        owners[q.id] = course.key(of: index)
      }
    }
    return owners
  }

  /// `--in-order 2.3` → (true, "2.3").
  static func takeFlag(_ flag: String, from argument: String) -> (Bool, String) {
    var words = argument.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let found = words.contains(flag)
    words.removeAll { $0 == flag }
    return (found, words.joined(separator: " "))
  }

  static func sessionID(at date: Date, counter: Int) -> String {
    let stamp = Int(date.timeIntervalSince1970)
    return "s\(stamp)-\(getpid())-\(counter)"
  }

  func showCurrentQuestion() {
    if case .rating = state {
      wrapped(messages.tr("Rate your recall: 1 again, 2 hard, 3 good, 4 easy."))
      return
    }
    guard case .practising(var run) = state, let question = run.session.current else { return }
    if run.session.answers.count != run.shownIndex {
      // A new question: its time starts now and no hint was taken yet.
      run.shownAt = clock.now()
      run.hinted = false
      run.shownIndex = run.session.answers.count
      state = .practising(run)
      // A review's block of new questions is announced where it begins.
      if let announcement = run.announcements[run.shownIndex] {
        output.line()
        wrapped(announcement, tone: .bold)
      }
    }
    output.line()
    wrapped(
      messages.tr(
        "Question {number} of {total} · {type}",
        ["number": question.number, "total": question.total, "type": question.typeLabel]), tone: .accent)
    if let instructions = question.question.instructions {
      courseText(instructions)
      output.line()
    }
    if let passage = question.passage { courseText(MarkedText(passage, markup: question.question.format)) }
    courseText(question.question.markedPrompt)
    for (number, item) in question.items.enumerated() { listed(item, label: "\(number + 1)") }
    if !question.items.isEmpty { note(messages.tr("match each with:")) }
    for (label, option) in zip(question.optionLabels, question.options) { listed(option, label: label) }
    switch question.type {
    case .matching:
      note(messages.tr("(pair every item with a letter, e.g. 1b 2a, or just b a)"))
    case .card:
      if run.cardRevealed {
        showCardBack(question)
      } else {
        note(messages.tr("(press Enter to see the back)"))
      }
    case .trueFalse: note(messages.tr("(true or false: t/f)"))
    case .multiple: note(messages.tr("(choose every right option, e.g. A C)"))
    case .fill where question.isCaseSensitive:
      note(messages.tr("(capital and small letters count)"))
    case .numeric:
      if let unit = question.unit {
        note(
          question.isUnitRequired
            ? messages.tr("(a number with its unit, e.g. in {unit})", ["unit": unit.symbol])
            : messages.tr("(a number in {unit}; the unit may be left out)", ["unit": unit.symbol]))
      }
    default: break
    }
  }

  /// A line during practice: an answer, or one of skip, hint, quit, help.
  func handleAnswer(_ line: String) -> Outcome {
    guard case .practising(var run) = state, let question = run.session.current else {
      state = .browsing
      return .ok
    }
    let input = line.trimmingSpaces()
    switch input.lowercased() {
    case "" where question.type == .card && !run.cardRevealed:
      run.cardRevealed = true
      state = .practising(run)
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
          review: reviewMark(.again, hinted: run.hinted), at: now)
      } catch {
        return .failed(
          CommandFailure(
            messages.tr(
              "your skip was NOT saved: {error}; the question stays open", ["error": messages.describe(error)])))
      }
      run.session.skip(at: now, hinted: run.hinted)
      state = .practising(run)
      wrapped(messages.tr("Skipped."), tone: .dim)
      advance()
      return .ok
    case "hint", "提示":
      wrapped(
        question.hint.map { messages.tr("Hint: {hint}", ["hint": $0]) } ?? messages.tr("No hint for this question."),
        rest: "  ")
      if question.hint != nil {
        run.hinted = true
        state = .practising(run)
      }
      return .ok
    case "quit", "q", "退出":
      // The summary after it says how to go on.
      wrapped(messages.tr("Session ended early; your answers so far are kept."))
      finish()
      return .ok
    case "help", "?", "帮助":
      wrapped(
        messages.tr("Answer by letter (A), number (1) or text; 'skip' moves on, 'hint' helps, 'quit' ends the session.")
      )
      wrapped(
        overrideSwitch.refusal(messages)
          ?? messages.tr("'!!' right after a graded answer marks it right, when you were right and the grader was not.")
      )
      return .ok
    default:
      break
    }
    let now = clock.now()
    switch question.grade(input) {
    case .invalid(let message):
      wrapped("? \(message)", rest: "  ", tone: .bad)
      return .ok
    case .graded(let feedback):
      if learnerRates && question.type != .card {
        // Anki's way: the learner sees the answer, then rates; the record waits for the rating.
        showFeedback(feedback)
        state = .rating(run, PendingAnswer(input: input, feedback: feedback, at: now))
        showCurrentQuestion()
        return .ok
      }
      let rating = ReviewRating.rating(
        of: feedback, type: question.type, helped: run.hinted,
        previousRight: reviewBooks?.reviewBook().lastRight[question.id] ?? false,
        seconds: now.timeIntervalSince(run.shownAt), learnerRates: learnerRates)
      // Acknowledge only what is on disk: record first, then show the feedback.
      if let failure = record(input, feedback, rating: rating, at: now, in: &run) {
        return .failed(failure)
      }
      if question.type == .card {
        // Said before the back was shown: show it now, so the learner can check themselves.
        if !run.cardRevealed { showCardBack(question, asking: false) }
        run.cardRevealed = false
        state = .practising(run)
      }
      showFeedback(feedback, isCard: question.type == .card)
      advance()
      return .ok
    }
  }

  /// `--rate`: the line after an answer is its rating; the answer is recorded with it.
  func rate(_ line: String, _ pending: PendingAnswer, in run: PracticeRun) -> Outcome {
    var run = run
    let input = line.trimmingSpaces()
    if ["quit", "q", "退出"].contains(input.lowercased()) {
      state = .practising(run)
      wrapped(messages.tr("Session ended early; the last answer was not rated, so it is not kept."))
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
    // A failure leaves the answer waiting for its rating, as it was.
    if let failure = record(pending.input, pending.feedback, rating: rating, at: pending.at, in: &run) {
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
        input: input, isCorrect: feedback.isCorrect, fraction: feedback.fraction,
        review: reviewMark(rating, hinted: run.hinted), at: now)
    } catch {
      return CommandFailure(
        messages.tr("your answer was NOT saved: {error}; the question stays open", ["error": messages.describe(error)]))
    }
    run.session.commit(feedback, input: input, at: now, hinted: run.hinted)
    state = .practising(run)
    // `!!` at the next prompt may overrule this answer.
    justGraded = run
    return nil
  }

  private func nodeKey(of question: PresentedQuestion, in run: PracticeRun) -> String {
    run.nodeKeyOfQuestion[question.id] ?? run.node.map { course.key(of: $0) } ?? ""
  }

  /// The rating with, under `--fuzz`, a fresh uniform draw for the interval's fuzz.
  /// The mark records whether the current question's hint was shown, so reports count hints used.
  func reviewMark(_ rating: Rating, hinted: Bool) -> ReviewMark {
    guard var generator = fuzz else { return ReviewMark(rating: rating.rawValue, hinted: hinted) }
    let draw = Double(generator.next() >> 11) * 0x1.0p-53
    fuzz = generator
    return ReviewMark(rating: rating.rawValue, fuzz: draw, hinted: hinted)
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
      wrapped(messages.tr("Your answer to question {number} was already counted right.", ["number": last.number]))
      return .ok
    }
    do {
      try recorder?.overruled(
        sessionID: run.id, questionID: last.questionID,
        nodeKey: run.nodeKeyOfQuestion[last.questionID] ?? run.node.map { course.key(of: $0) } ?? "", at: clock.now())
    } catch {
      return .failed(
        CommandFailure(
          messages.tr(
            "the override was NOT saved: {error}; your answer still counts as wrong",
            ["error": messages.describe(error)])))
    }
    wrapped(
      messages.tr(
        "Overruled by the learner: your answer to question {number} counts as right.", ["number": last.number]),
      tone: .good)
    if case .practising(var current) = state, current.id == run.id {
      _ = current.session.overrule()
      state = .practising(current)
    } else {
      _ = run.session.overrule()
      // That answer ended its session: the summary shown is out of date.
      let summary = run.session.summary(at: clock.now())
      wrapped(
        summary.partlyRight > 0
          ? messages.tr(
            "Score now: {credit} of {total} ({percent}%).",
            ["credit": CreditText.marks(summary.credit), "total": summary.total, "percent": summary.score])
          : messages.tr(
            "Score now: {right} of {total} right ({percent}%).",
            ["right": summary.correct, "total": summary.total, "percent": summary.score]))
    }
    return .ok
  }

  /// The back of a flashcard, and how to say whether it was known.
  func showCardBack(_ question: PresentedQuestion, asking: Bool = true) {
    note(messages.tr("Back:"))
    wrapped(question.back ?? "", first: "  ", rest: "  ")
    guard asking else { return }
    note(
      learnerRates
        ? messages.tr("(how well did you know it? 1 again, 2 hard, 3 good, 4 easy)")
        : messages.tr("(did you know it? y or n)"))
  }

  func showFeedback(_ feedback: Feedback, isCard: Bool = false) {
    if isCard {
      let mark = feedback.isCorrect ? style.rightMark : style.wrongMark
      let rated = feedback.given.first?.isNumber == true
      let text: String
      switch (feedback.isCorrect, rated) {
      case (true, false): text = messages.tr("{mark} Known.", ["mark": mark])
      case (false, false): text = messages.tr("{mark} Not known yet.", ["mark": mark])
      case (true, true): text = messages.tr("{mark} Known. Rated {rating}.", ["mark": mark, "rating": feedback.given])
      case (false, true):
        text = messages.tr("{mark} Not known yet. Rated {rating}.", ["mark": mark, "rating": feedback.given])
      }
      wrapped(text, rest: "  ", tone: feedback.isCorrect ? .good : .bad)
    } else if feedback.isCorrect {
      wrapped(messages.tr("{mark} Correct.", ["mark": style.rightMark]), rest: "  ", tone: .good)
    } else if feedback.fraction > 0 {
      wrapped(
        messages.tr(
          "{mark} Partly right. The answer is {answer}.", ["mark": style.partMark, "answer": feedback.expected]),
        rest: "  ", tone: .bad)
      wrapped(messages.tr("You answered: {answer}", ["answer": feedback.given]), first: "  ", rest: "  ")
    } else {
      wrapped(
        messages.tr("{mark} Wrong. The answer is {answer}.", ["mark": style.wrongMark, "answer": feedback.expected]),
        rest: "  ", tone: .bad)
      wrapped(messages.tr("You answered: {answer}", ["answer": feedback.given]), first: "  ", rest: "  ")
    }
    // The credit, the chosen answer's own feedback, then the general feedback (the explanation), as
    // Moodle shows them; each of their lines wraps at word boundaries under its own indent.
    for text in [feedback.detail, feedback.answerFeedback, feedback.explanation].compactMap({ $0 }) where !text.isEmpty
    {
      wrapped(text, first: "  ", rest: "  ")
    }
  }

  func advance() {
    guard case .practising(let run) = state else { return }
    if run.session.isFinished {
      finish()
    } else {
      showCurrentQuestion()
    }
  }

  func finish() {
    guard case .practising(var run) = state else { return }
    let now = clock.now()
    let summary = run.session.finish(at: now)
    state = .browsing
    do {
      try recorder?.sessionEnded(id: run.id, summary: summary, at: now)
    } catch {
      wrapped(
        messages.tr(
          "The session's end could not be saved ({error}); every answer above was.",
          ["error": messages.describe(error)]), tone: .bad)
    }
    showSummary(summary)
    switch policy.followUp(after: run.kind, on: run.node, endedEarly: summary.endedEarly) {
    case .allPutRight: wrapped(messages.tr("Every mistake is put right."), tone: .good)
    case .anotherRound(let left):
      wrapped(messages.tr("{count} still to retry: another round.", ["count": left.count]))
      try? begin(left, node: run.node, kind: .mistakes, seed: nextSeed(inOrder: false))
    case .suggestMistakes(let count):
      if let node = run.node {
        wrapped(
          messages.trn(
            "{count} question to retry in {address} (answered wrong, partly right or skipped): type 'mistakes {address}'.",
            "{count} questions to retry in {address} (answered wrong, partly right or skipped): type 'mistakes {address}'.",
            count: count, ["address": course.address(of: node)]))
      } else {
        wrapped(
          messages.trn(
            "{count} question to retry (answered wrong, partly right or skipped): type 'mistakes'.",
            "{count} questions to retry (answered wrong, partly right or skipped): type 'mistakes'.", count: count))
      }
    case .nothing: break
    }
  }

  func showSummary(_ summary: SessionSummary) {
    output.line()
    guard summary.answered + summary.skipped > 0 else {
      wrapped(messages.tr("No questions answered."), tone: .bold)
      return
    }
    let time = Self.duration(summary.duration, messages)
    if summary.unanswered > 0 {
      // Unfinished: no score yet (as Moodle grades only finished attempts), never a percentage of
      // questions it did not ask; what was answered, what is left, and the way on.
      var details = [
        messages.tr("{right} right of {answered} answered", ["right": summary.correct, "answered": summary.answered])
      ]
      if summary.partlyRight > 0 {
        details.append(messages.tr("{count} partly right", ["count": summary.partlyRight]))
      }
      if summary.skipped > 0 { details.append(messages.tr("{count} skipped", ["count": summary.skipped])) }
      details.append(messages.tr("{count} left", ["count": summary.unanswered]))
      wrapped(
        messages.tr(
          "Not finished, so no score yet: {details}; in {time}.",
          ["details": details.joined(separator: messages.tr(", ")), "time": time]), tone: .bold)
      wrapped(messages.tr("Type 'resume' to go on where you stopped."))
    } else {
      showScore(summary, time: time)
    }
    if summary.hints > 0 {
      wrapped(messages.trn("{count} hint used.", "{count} hints used.", count: summary.hints))
    }
    guard !summary.mistakes.isEmpty else { return }
    // Partly right answers are listed too (they are to retry): the heading says so.
    wrapped(summary.partlyRight > 0 ? messages.tr("Wrong and partly right answers:") : messages.tr("Wrong answers:"))
    // A prompt is cut to one line, of the terminal's width when that is narrower.
    let excerpt = min(70, width().map { max($0 - 2, 10) } ?? 70)
    for mistake in summary.mistakes {
      let prompt = DisplayWidth.truncated(mistake.prompt.replacingOccurrences(of: "\n", with: " "), to: excerpt)
      output.line("  " + prompt)
      let values: KeyValuePairs<String, Any> = ["given": mistake.given, "expected": mistake.expected]
      let side = messages.tr("you: {given}    right: {expected}", values)
      // Side by side only when both fit: wrapped, the right answer would start mid-line and be missed.
      let fits = width().map { DisplayWidth.of("    " + side) <= $0 } ?? true
      let lines = fits ? [side] : messages.tr("you: {given}\nright: {expected}", values).components(separatedBy: "\n")
      for line in lines { wrapped(line, first: "    ", rest: "      ") }
    }
  }

  /// A finished session's score: right answers over the questions it set (skipped ones are not right).
  private func showScore(_ summary: SessionSummary, time: String) {
    var rest: [String] = []
    if summary.partlyRight > 0 {
      rest.append(messages.tr("{count} right", ["count": summary.correct]))
      rest.append(messages.tr("{count} partly right", ["count": summary.partlyRight]))
    }
    if summary.wrong > 0 { rest.append(messages.tr("{count} wrong", ["count": summary.wrong])) }
    if summary.skipped > 0 { rest.append(messages.tr("{count} skipped", ["count": summary.skipped])) }
    // With partial credit the score counts fractions: 3.8 of 5 (Moodle's marks).
    let score =
      summary.partlyRight > 0
      ? messages.tr(
        "Score: {credit} of {total} ({percent}%)",
        ["credit": CreditText.marks(summary.credit), "total": summary.total, "percent": summary.score])
      : messages.tr(
        "Score: {right} of {total} right ({percent}%)",
        ["right": summary.correct, "total": summary.total, "percent": summary.score])
    // Whole sentences per case, so a translation places its own punctuation between the parts.
    let line =
      rest.isEmpty
      ? messages.tr("{score}; in {time}.", ["score": score, "time": time])
      : messages.tr(
        "{score}; {details}; in {time}.",
        ["score": score, "details": rest.joined(separator: messages.tr(", ")), "time": time])
    wrapped(line, tone: .bold)
  }

  /// A dim note under a question, `  (true or false: t/f)`, wrapped under its indent.
  func note(_ text: String) {
    wrapped(text, first: "  ", rest: "  ", tone: .dim)
  }

  /// Course text in its markup (a prompt, instructions) rendered for this terminal: styles in
  /// color or as marks, media as placeholders in the learner's language, wrapped to the width.
  func courseText(_ text: MarkedText, first: String = "", rest: String = "") {
    let rendered = MarkupRenderer.render(text, labels: .localized(messages))
    for line in StyledLines.lines(rendered, color: style.color, width: width(), first: first, rest: rest) {
      output.line(line)
    }
  }

  /// An option or a matching item, `  B. text`, its wrapped lines indented under the text.
  func listed(_ text: String, label: String) {
    let first = "  \(label). "
    wrapped(text, first: first, rest: String(repeating: " ", count: DisplayWidth.of(first)))
  }

  /// Writes `text` wrapped to the terminal's width at word boundaries (never inside a word, never
  /// before closing punctuation like `。`), `first` before its first line and `rest` (a hanging
  /// indent) before the others; each of its own lines is a paragraph. Unwrapped when the width is
  /// unknown (files and pipes keep whole lines).
  ///
  /// The text is cleaned here, before any tone is painted around it: a course's own escape codes
  /// (an option written `ESC[32m…`) show as `\u{1B}[32m` even on a color terminal, where the output
  /// lets the program's colors through.
  func wrapped(_ text: String, first: String = "", rest: String = "", tone: OutputStyle.Tone? = nil) {
    for line in wrappedLines(OutputSanitizer.clean(text), first: first, rest: rest) {
      output.line(tone.map { style.paint(line, $0) } ?? line)
    }
  }

  /// The lines `wrapped` writes: `text` fitted to the terminal's width, `first` before its first
  /// line and `rest` before the others; whole lines when the width is unknown.
  func wrappedLines(_ text: String, first: String = "", rest: String = "") -> [String] {
    var lines: [String] = []
    for (i, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lead = i == 0 ? first : rest
      // A line that fits is kept as written: wrapping would fold its runs of spaces.
      guard let width = width(), DisplayWidth.of(lead + paragraph) > width else {
        lines.append(lead + paragraph)
        continue
      }
      // Room for the wider of the two leads, so a hanging indent deeper than the first line's
      // (`    you: …` then `      …`) cannot push a line past the edge.
      let room = max(width - max(DisplayWidth.of(lead), DisplayWidth.of(rest)), 10)
      for (j, line) in TextWrapping.lines(String(paragraph), width: room).enumerated() {
        lines.append((j == 0 ? lead : rest) + line)
      }
    }
    return lines
  }

  /// `42s`, `3m 05s`, `1h 02m`; `42秒`, `3分05秒` in Chinese.
  static func duration(_ seconds: TimeInterval, _ messages: Localizer = .english) -> String {
    messages.duration(seconds: seconds)
  }
}
