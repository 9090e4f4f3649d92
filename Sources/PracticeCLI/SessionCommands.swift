import CourseOutline
import Foundation
import Localization
import PracticeTime
import ProgressStorage
import QuizEngine
import Study
import TextLayout

/// `start`, `resume` and `mistakes`: which session to begin or take up again (as the study policy
/// chooses), said in the learner's words; the practice controller runs it.
struct SessionCommands: ShellPart {
  let context: ShellContext
  /// Today's limits (they bound a resumed review's announcement of its new questions).
  let limits: DailyLimits

  /// `start [--in-order] ADDR`: a full session on the node; on a terminal, offers to resume an
  /// unfinished one first.
  func start(
    _ argument: String, practice: inout PracticeController, state: inout ShellState
  ) throws(CommandFailure) {
    let (inOrder, address) = Shell.takeFlag("--in-order", from: argument)
    let node = try resolve(address)
    guard !course.questions(inSubtreeOf: node).isEmpty else {
      throw CommandFailure(
        messages.tr(
          "{address} {title} has no questions; this course's outline carries none, or pick a part that has some (see 'info')",
          ["address": course.address(of: node), "title": course.nodes[node].title]))
    }
    if configuration.isInteractive, let record = policy(limits: limits).resumeOffer(on: node) {
      state = .confirmingResume(PendingResume(record: record, node: node, inOrder: inOrder))
      return
    }
    try beginFull(node, inOrder: inOrder, practice: &practice, state: &state)
  }

  private func beginFull(
    _ node: Int, inOrder: Bool, practice: inout PracticeController, state: inout ShellState
  ) throws(CommandFailure) {
    let questions = course.questions(inSubtreeOf: node)
    wrapped(
      messages.trn(
        "Practice: {address} {title}, {count} question", "Practice: {address} {title}, {count} questions",
        count: questions.count, ["address": course.address(of: node), "title": course.nodes[node].title]),
      tone: .bold)
    wrapped(
      messages.tr("Answer by letter, number or text; 'skip', 'hint', 'quit'; an empty line repeats the question."))
    try practice.begin(
      questions, node: node, kind: .full, seed: practice.nextSeed(inOrder: inOrder), state: &state)
  }

  /// `resume [ADDR]`: continues the latest unfinished session, review or `mistakes` round (on ADDR, when given).
  func resume(
    _ argument: String, practice: inout PracticeController, state: inout ShellState
  ) throws(CommandFailure) {
    let node = argument.isEmpty ? nil : try resolve(argument)
    let values: KeyValuePairs<String, Any> = ["address": node.map { course.address(of: $0) } ?? ""]
    switch (policy(limits: limits).sessionToResume(on: node), node != nil) {
    case (.session(let record), _): try resumeSession(record, practice: &practice, state: &state)
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
  func practiseMistakes(
    _ argument: String, practice: inout PracticeController, state: inout ShellState
  ) throws(CommandFailure) {
    let scope = argument.isEmpty ? nil : try resolve(argument)
    let questions = policy(limits: limits).mistakes(in: scope)
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
    try practice.begin(
      questions, node: scope, kind: .mistakes, seed: practice.nextSeed(inOrder: false), state: &state)
  }

  /// Why `mistakes` has nothing to practise: the scope has no questions, none is answered yet, or
  /// every latest answer is right ("every question answered is right" is also true of none answered,
  /// and would mislead a learner who has not begun).
  private func nothingToRetry(in scope: Int?) -> CommandFailure {
    let values: KeyValuePairs<String, Any> = ["address": scope.map { course.address(of: $0) } ?? ""]
    let text =
      switch (scope == nil, policy(limits: limits).whyNoMistakes(in: scope)) {
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
  func answerResumeQuestion(
    _ line: String, practice: inout PracticeController, state: inout ShellState
  ) -> Shell.Outcome {
    guard case .confirmingResume(let pending) = state else { return .ok }
    let word = line.precomposedStringWithCompatibilityMapping.trimmingSpaces().lowercased()
      .trimmingScalars(where: { ".!。！".unicodeScalars.contains($0) })
    do {
      if Self.resumeWords.contains(word) {
        state = .browsing
        try resumeSession(pending.record, practice: &practice, state: &state)
      } else if Self.restartWords.contains(word) {
        state = .browsing
        try beginFull(pending.node, inOrder: pending.inOrder, practice: &practice, state: &state)
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
  func resumeSession(
    _ record: SessionRecord, practice: inout PracticeController, state: inout ShellState
  ) throws(CommandFailure) {
    let now = clock.now()
    let replay: SessionReplay
    do {
      // The time already spent carries on, so the summary's duration leaves out the break.
      replay = try SessionReplay(
        of: record, in: course, startedAt: now.addingTimeInterval(-record.activeSeconds), messages,
        progress: recorder?.state, learner: configuration.learner)
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
          ? ReviewCommands(context: context, limits: limits).newBlockAnnouncement(
            of: session.presented.map(\.question), since: record.start) : [:]))
    practice.showCurrentQuestion(state: &state)
    // Its hint was shown before the break: shown again, and it counts for the answer as it would
    // have without the break (a right answer is then Hard).
    if record.hintedQuestion == current.id, case .practising(var run) = state {
      // Already on disk (its `hint` record or the end): shown again without a second record.
      run.hinted = true
      state = .practising(run)
      _ = practice.handleAnswer("hint", state: &state)
    }
  }
}
