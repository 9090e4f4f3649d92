import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Scheduling
import Study
import TextLayout

/// Runs practice sessions: asks each question, grades and records each answer (with its FSRS
/// rating) before acknowledging it, and ends the session with its summary. Works on the shell's
/// state it is given (`practising`, `rating`), and starts sessions for the study commands.
struct PracticeController: ShellPart {
  let context: ShellContext
  /// Sessions started in this run: each takes the next `--seed`, and its id is unique.
  private var sessionCounter = 0
  /// `--fuzz`'s draws, taken one per rating.
  private var fuzz: SeededRandomNumberGenerator?
  /// The session the last graded answer belongs to, as it stood then, for the next line only:
  /// `!!` there may overrule that answer (the session may have ended with it). Not a state of its
  /// own: it lasts one line, whatever the state.
  var justGraded: PracticeRun?

  init(context: ShellContext) {
    self.context = context
    fuzz = context.configuration.fuzz
  }

  /// `--rate`: the learner rates each answer 1–4 (a flashcard is answered with its rating).
  var learnerRates: Bool { configuration.ratings == .byLearner }

  /// How questions, feedback and summaries are shown.
  var view: SessionView { SessionView(context: context) }

  /// The seed of the next session: from `--seed` (one per session of the run), else fresh; nil keeps the file's order.
  mutating func nextSeed(inOrder: Bool) -> UInt64? {
    sessionCounter += 1
    guard !inOrder else { return nil }
    // Kept below 2^53, so the seed stored with the session reads back exactly in any JSON tool.
    if let seed = configuration.seed { return (seed &+ UInt64(sessionCounter - 1)) & PracticeSession.seedLimit }
    return UInt64.random(in: 0...PracticeSession.seedLimit)
  }

  /// Starts a session; `node` nil is the whole course (recorded under the node key `""`).
  mutating func begin(
    _ questions: [Question], node: Int?, kind: SessionKind, seed: UInt64?, keepingOrder: Bool = false,
    announcements: [Int: String] = [:], state: inout ShellState
  ) throws(CommandFailure) {
    let now = clock.now()
    let id = Self.sessionID(at: now, counter: sessionCounter)
    // A calculated question's stored sets are shown in Moodle's cycle: the next set each time the learner meets it.
    let attempts = recorder.map { CalculatedAttempts.before(nil, of: questions, in: $0.state) } ?? [:]
    let session = PracticeSession(
      questions: questions, seed: seed, startedAt: now, keepingOrder: keepingOrder, messages: messages,
      valueSeed: PracticeSession.valueSeed(seed: seed, sessionID: id), valueAttempts: attempts,
      learner: configuration.learner)
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
    showCurrentQuestion(state: &state)
  }

  static func sessionID(at date: Date, counter: Int) -> String {
    let stamp = Int(date.timeIntervalSince1970)
    return "s\(stamp)-\(getpid())-\(counter)"
  }

  mutating func showCurrentQuestion(state: inout ShellState) {
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
    SessionView(context: context).showQuestion(question, cardRevealed: run.cardRevealed)
  }

  /// A line during practice: an answer, or one of skip, hint, quit, help.
  mutating func handleAnswer(_ line: String, state: inout ShellState) -> Shell.Outcome {
    guard case .practising(var run) = state, let question = run.session.current else {
      state = .browsing
      return .ok
    }
    let input = line.trimmingSpaces()
    switch input.lowercased() {
    case "" where question.type == .card && !run.cardRevealed:
      run.cardRevealed = true
      state = .practising(run)
      view.showCardBack(question)
      return .ok
    case "":
      showCurrentQuestion(state: &state)
      return .ok
    case "skip" where question.type == .essay, "跳过" where question.type == .essay:
      // Recorded as an empty response, not a skip: a skip is rated Again and put among the
      // questions to retry, and an essay counts in neither; the record lets a resumed session go
      // on after it and the session finish.
      let now = clock.now()
      do {
        try recorder?.responded(
          sessionID: run.id, questionID: question.id, nodeKey: nodeKey(of: question, in: run), text: "", at: now)
      } catch {
        return .failed(
          CommandFailure(
            messages.tr(
              "your skip was NOT saved: {error}; the question stays open", ["error": messages.describe(error)])))
      }
      run.session.respond("", at: now)
      state = .practising(run)
      wrapped(messages.tr("Skipped."), tone: .dim)
      advance(state: &state)
      return .ok
    case "skip", "跳过":
      let now = clock.now()
      do {
        try recorder?.skipped(
          sessionID: run.id, questionID: question.id, nodeKey: nodeKey(of: question, in: run),
          values: ShownValues(shownBy: question.question), review: reviewMark(.again, hinted: run.hinted), at: now)
      } catch {
        return .failed(
          CommandFailure(
            messages.tr(
              "your skip was NOT saved: {error}; the question stays open", ["error": messages.describe(error)])))
      }
      run.session.skip(at: now, hinted: run.hinted)
      state = .practising(run)
      wrapped(messages.tr("Skipped."), tone: .dim)
      advance(state: &state)
      return .ok
    case "hint", "提示":
      return showHint(question, in: &run, state: &state)
    case "quit", "q", "退出":
      // The summary after it says how to go on.
      wrapped(messages.tr("Session ended early; your answers so far are kept."))
      finish(state: &state)
      return .ok
    case "help", "?", "帮助":
      wrapped(
        messages.tr("Answer by letter (A), number (1) or text; 'skip' moves on, 'hint' helps, 'quit' ends the session.")
      )
      wrapped(
        configuration.overrideSwitch.refusal(messages)
          ?? messages.tr("'!!' right after a graded answer marks it right, when you were right and the grader was not.")
      )
      return .ok
    default:
      break
    }
    let now = clock.now()
    if question.type == .essay { return keepResponse(input, at: now, in: &run, state: &state) }
    switch question.grade(input) {
    case .invalid(let message):
      wrapped("? \(message)", rest: "  ", tone: .bad)
      return .ok
    case .graded(let feedback):
      if learnerRates && question.type != .card {
        // Anki's way: the learner sees the answer, then rates; the record waits for the rating.
        view.showFeedback(feedback, of: question.question)
        state = .rating(run, PendingAnswer(input: input, feedback: feedback, at: now))
        showCurrentQuestion(state: &state)
        return .ok
      }
      let rating = ReviewRating.rating(
        of: feedback, type: question.type, helped: run.hinted,
        previousRight: context.reviewBooks?.reviewBook().lastRight[question.id] ?? false,
        seconds: now.timeIntervalSince(run.shownAt), learnerRates: learnerRates)
      // Acknowledge only what is on disk: record first, then show the feedback.
      if let failure = record(input, feedback, rating: rating, at: now, in: &run, state: &state) {
        return .failed(failure)
      }
      if question.type == .card {
        // Said before the back was shown: show it now, so the learner can check themselves.
        if !run.cardRevealed { view.showCardBack(question, asking: false) }
        run.cardRevealed = false
        state = .practising(run)
      }
      view.showFeedback(feedback, of: question.question, isCard: question.type == .card)
      advance(state: &state)
      return .ok
    }
  }

  /// `--rate`: the line after an answer is its rating; the answer is recorded with it.
  mutating func rate(_ line: String, _ pending: PendingAnswer, in run: PracticeRun, state: inout ShellState)
    -> Shell.Outcome
  {
    var run = run
    let input = line.trimmingSpaces()
    if ["quit", "q", "退出"].contains(input.lowercased()) {
      state = .practising(run)
      wrapped(messages.tr("Session ended early; the last answer was not rated, so it is not kept."))
      finish(state: &state)
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
    if let failure = record(pending.input, pending.feedback, rating: rating, at: pending.at, in: &run, state: &state) {
      return .failed(failure)
    }
    advance(state: &state)
    return .ok
  }

  /// Records an answer with its rating, then moves the session on; a failure leaves the question open.
  private mutating func record(
    _ input: String, _ feedback: Feedback, rating: Rating, at now: Date, in run: inout PracticeRun,
    state: inout ShellState
  ) -> CommandFailure? {
    guard let question = run.session.current else { return nil }
    do {
      try recorder?.answered(
        sessionID: run.id, questionID: question.id, nodeKey: nodeKey(of: question, in: run),
        input: input, isCorrect: feedback.isCorrect, fraction: feedback.fraction,
        values: ShownValues(shownBy: question.question), review: reviewMark(rating, hinted: run.hinted), at: now)
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

  /// An essay's answer: kept in the journal (acknowledged once saved), graded by no one, then the
  /// explanation (Moodle's general feedback) shown.
  private mutating func keepResponse(
    _ input: String, at now: Date, in run: inout PracticeRun, state: inout ShellState
  ) -> Shell.Outcome {
    guard let question = run.session.current else { return .ok }
    do {
      try recorder?.responded(
        sessionID: run.id, questionID: question.id, nodeKey: nodeKey(of: question, in: run), text: input, at: now)
    } catch {
      return .failed(
        CommandFailure(
          messages.tr(
            "your answer was NOT saved: {error}; the question stays open", ["error": messages.describe(error)])))
    }
    run.session.respond(input, at: now)
    state = .practising(run)
    wrapped(messages.tr("Your answer is kept; an essay is not graded."), tone: .dim)
    if !question.question.explanation.isEmpty { view.courseText(MarkedText(question.question.explanation)) }
    advance(state: &state)
    return .ok
  }

  func nodeKey(of question: PresentedQuestion, in run: PracticeRun) -> String {
    run.nodeKeyOfQuestion[question.id] ?? run.node.map { course.key(of: $0) } ?? ""
  }

  /// The rating with, under `--fuzz`, a fresh uniform draw for the interval's fuzz.
  /// The mark records whether the current question's hint was shown, so reports count hints used.
  mutating func reviewMark(_ rating: Rating, hinted: Bool) -> ReviewMark {
    guard var generator = fuzz else { return ReviewMark(rating: rating.rawValue, hinted: hinted) }
    let draw = Double(generator.next() >> 11) * 0x1.0p-53
    fuzz = generator
    return ReviewMark(rating: rating.rawValue, fuzz: draw, hinted: hinted)
  }

  /// `!!`: the learner says the answer just graded (in `run`, as it stood then) was right.
  ///
  /// The journal keeps the grader's verdict and gets an `override` record after it; the session
  /// (running, or just finished by that answer) counts the answer right from now on.
  mutating func overrule(_ run: PracticeRun?, state: inout ShellState) -> Shell.Outcome {
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

  mutating func advance(state: inout ShellState) {
    guard case .practising(let run) = state else { return }
    if run.session.isFinished {
      finish(state: &state)
    } else {
      showCurrentQuestion(state: &state)
    }
  }

  mutating func finish(state: inout ShellState) {
    guard case .practising(var run) = state else { return }
    let now = clock.now()
    // A hint shown for the question left open counts for its answer when the session is resumed.
    let hinted = run.hinted ? run.session.current?.id : nil
    let summary = run.session.finish(at: now)
    state = .browsing
    do {
      try recorder?.sessionEnded(id: run.id, summary: summary, hinted: hinted, at: now)
    } catch {
      wrapped(
        messages.tr(
          "The session's end could not be saved ({error}); every answer above was.",
          ["error": messages.describe(error)]), tone: .bad)
    }
    view.showSummary(summary)
    // (The limits play no part in what follows a session.)
    switch policy(limits: configuration.limits).followUp(after: run.kind, on: run.node, endedEarly: summary.endedEarly)
    {
    case .allPutRight: wrapped(messages.tr("Every mistake is put right."), tone: .good)
    case .anotherRound(let left):
      wrapped(messages.tr("{count} still to retry: another round.", ["count": left.count]))
      try? begin(left, node: run.node, kind: .mistakes, seed: nextSeed(inOrder: false), state: &state)
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
}
