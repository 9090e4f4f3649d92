package import CourseOutline
package import Foundation
package import Localization
import PracticeFiles
package import ProgressStorage
import QuizEngine
package import TextLayout

/// Moodle's item analysis of a class: which questions work (facility, discrimination, weight), how
/// reliable the test is, and what the class answered, from the learners' finished sessions.
///
/// An attempt is a finished `start` session on the analysed node itself: every question of its subtree
/// answered or skipped (skipped marks 0); `mistakes` rounds and reviews are not attempts. Marks are 1 or 0,
/// an answer overruled with `!!` marking 1. Over the whole course (no node), each session on any node is an
/// attempt at its own questions; with `.first` each learner's first finished session for each question
/// makes one attempt of the whole course.
///
/// ```swift
/// let analysis = ItemAnalysis.build(course: course, dataDirectory: dir, root: 5, attempts: .first, now: Date())
/// print(analysis.render(.text))
/// ```
package struct ItemAnalysis: Sendable {
  /// Which attempts count (`--attempts`).
  package enum AttemptRule: String, Sendable, CaseIterable {
    /// Each learner's first attempt, as Moodle's default.
    case first
    /// Every attempt.
    case all
  }

  package var courseID: String
  package var courseTitle: String
  package var generated: Date
  /// The analysed node; nil for the whole course.
  package var scope: ReportNode?
  package var rule: AttemptRule
  /// The analysed questions in course order, with their figures.
  package var items: [ItemRow]
  /// The whole test's figures.
  package var test = TestStatistics()
  /// Learners whose progress was read, and how many of them made an attempt.
  package var learners = 0
  package var learnersWithAttempts = 0
  /// Learners whose files could not be read (`total` nil, `failure` set).
  package var unreadable: [ClassUserLine] = []
  /// Marks overruled with `!!` among the attempts.
  package var overruled: Int { items.reduce(0) { $0 + $1.overruled } }
  /// Set when the data directory itself could not be listed.
  package var problem: Message?
  /// The catalog text, Markdown and HTML speak through; JSON and CSV stay English.
  package var messages = Localizer.english

  /// Reads every learner of `course` under `dataDirectory`, a few at a time (one per core).
  package static func build(
    course: Course, dataDirectory: String, root: Int?, attempts rule: AttemptRule, now: Date, lockTimeout: Double = 2,
    labels: MediaLabels = .english
  ) -> ItemAnalysis {
    let plan = Plan(course: course, root: root, rule: rule, labels: labels)
    var analysis = plan.empty(now: now)
    let folders: [LearnerFolder]
    do {
      folders = try LearnerFolder.all(in: dataDirectory, course: course.id)
    } catch {
      analysis.problem = ClassReport.problem(listing: dataDirectory, error)
      return analysis
    }
    // Read as the class report reads: one lock deadline, never through a link, owners checked in a class folder.
    let deadline = LockDeadline(seconds: lockTimeout)
    let isClass = SharedClassFolder.isClassFolder((try? POSIXFileSystem().stat(dataDirectory)) ?? nil)
    let read = ConcurrentMap.map(folders) { folder -> LearnerAttempts in
      let user = LookAlikeText.shown(folder.learner)
      do throws(ProgressError) {
        let progress = try folder.read(checkingOwner: isClass) { (directory) throws(ProgressError) in
          try ReadOnlyProgress.load(directory: directory, until: deadline)
        }
        return LearnerAttempts(user: user, attempts: plan.attempts(in: progress.state))
      } catch {
        return LearnerAttempts(user: user, attempts: [], failure: error)
      }
    }
    analysis.finish(read, plan: plan)
    return analysis
  }

  /// The analysis of states already in memory (one per learner), e.g. in tests.
  package static func build(
    course: Course, states: [(user: String, state: ProgressState)], root: Int?, attempts rule: AttemptRule, now: Date,
    labels: MediaLabels = .english
  ) -> ItemAnalysis {
    let plan = Plan(course: course, root: root, rule: rule, labels: labels)
    var analysis = plan.empty(now: now)
    analysis.finish(states.map { LearnerAttempts(user: $0.user, attempts: plan.attempts(in: $0.state)) }, plan: plan)
    return analysis
  }

  /// One learner's attempts, or why they could not be read.
  struct LearnerAttempts: Sendable {
    var user: String
    var attempts: [Attempt]
    var failure: ProgressError?
  }

  /// One attempt: a mark per analysed question (nil: not in this attempt) and what was answered.
  struct Attempt: Sendable {
    var marks: [Double?]
    /// nil: skipped, or an answer the grader cannot read any more.
    var responses: [QuestionResponse?]
    var overruled: [Bool]
    var skipped: [Bool]
  }

  mutating func finish(_ read: [LearnerAttempts], plan: Plan) {
    var marks: [[Double?]] = []
    var tallies = [[QuestionResponse: Int]](repeating: [:], count: items.count)
    for learner in read {
      if let failure = learner.failure {
        unreadable.append(ClassUserLine(name: learner.user, total: nil, failure: failure))
        continue
      }
      learners += 1
      if !learner.attempts.isEmpty { learnersWithAttempts += 1 }
      for attempt in learner.attempts {
        marks.append(attempt.marks)
        for q in items.indices where attempt.marks[q] != nil {
          if attempt.overruled[q] { items[q].overruled += 1 }
          if let mark = attempt.marks[q], mark > 0, mark < 1 { items[q].partlyRight += 1 }
          if let response = attempt.responses[q] {
            tallies[q][response, default: 0] += 1
          } else if attempt.skipped[q] {
            items[q].skipped += 1
          } else {
            items[q].otherAnswers += 1
          }
        }
      }
    }
    let stats = ItemStatistics(
      marks: marks, maxMarks: [Double](repeating: 1, count: items.count),
      randomGuessScores: plan.questions.map(Self.randomGuessScore))
    test = stats.test
    for q in items.indices {
      items[q].statistics = stats.questions[q]
      items[q].responses = Self.responses(tallies[q], question: plan.questions[q], other: &items[q].otherAnswers)
    }
  }

  /// What guessing scores, as a fraction, for choice questions as Moodle's question types define it: a single
  /// choice (right options)/n, true or false 1/2, a multiple choice (all or nothing) one of the 2ⁿ − 1 non-empty
  /// combinations of options.
  static func randomGuessScore(_ question: Question) -> Double? { question.kind.model.randomGuessScore }

  /// Choice questions: every option in course order, counted once per attempt that chose it. Others: the
  /// most frequent answers (ties by text), the rest added to `other`.
  static func responses(_ tally: [QuestionResponse: Int], question: Question, other: inout Int) -> [ItemResponse] {
    if let choices = question.kind.model.choiceTally {
      return optionCounts(
        tally, options: choices.options, right: choices.right,
        fractions: choices.lettered ? question.credit.fractions : [], labelled: choices.lettered)
    }
    var rows: [ItemResponse] = []
    for (response, count) in tally {
      switch response {
      case .text(let text, let right, let fraction):
        rows.append(ItemResponse(text: text, count: count, right: right, fraction: right ? 1 : fraction))
      case .rating(let text, let knew): rows.append(ItemResponse(text: text, count: count, right: knew))
      case .options: other += count
      }
    }
    rows.sort { $0.count != $1.count ? $0.count > $1.count : $0.text < $1.text }
    other += rows.dropFirst(ItemRow.answersShown).reduce(0) { $0 + $1.count }
    return Array(rows.prefix(ItemRow.answersShown))
  }

  /// `A`…`Z` for the first 26 options, then their numbers, as the grader names them.
  static func letter(_ i: Int) -> String { i < 26 ? String(UnicodeScalar(UInt8(65 + i))) : String(i + 1) }

  static func optionCounts(
    _ tally: [QuestionResponse: Int], options: [String], right: Set<Int>, fractions: [Double] = [],
    labelled: Bool = true
  ) -> [ItemResponse] {
    var counts = [Int](repeating: 0, count: options.count)
    for (response, count) in tally {
      if case .options(let chosen) = response {
        for i in chosen where i < counts.count { counts[i] += count }
      }
    }
    return options.indices.map { i in
      ItemResponse(
        text: labelled ? "\(letter(i)). \(options[i])" : options[i], count: counts[i],
        right: right.contains(i),
        // An option's own weight where the bank gave one (a penalty earns nothing).
        fraction: right.contains(i) && fractions.isEmpty
          ? 1 : fractions.indices.contains(i) ? AnswerCredit.clamped(fractions[i]) : 0)
    }
  }
}
