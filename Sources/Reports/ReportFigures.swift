package import Foundation

/// The figures of one node (covering its whole subtree) or of a whole report.
///
/// The definitions are `StudyFigures`': scores are the credit (right answers, partly right ones by
/// their fraction) over the questions a full session on the node set, in percent; accuracy is
/// `(correct + partialCredit) / answers` over every attempt, also in percent.
///
/// ```swift
/// let total = report.total
/// print(total.accuracy ?? 0, "\(total.mastered)/\(total.questions)")
/// ```
package struct ReportFigures: Sendable, Hashable {
  /// A leaf: opened, or one of its questions answered; a parent: every leaf below it read.
  package var hadRead = false
  /// Leaves in the subtree (1 for a leaf).
  package var leaves = 0
  /// Leaves in the subtree that were read.
  package var leavesRead = 0
  /// The course's starting `browseCount` plus recorded openings, summed over the subtree.
  package var browseCount = 0
  /// Sessions of any kind started on any node of the subtree with at least one answer, skip or essay response (one
  /// started and left at once is not counted, nor its time).
  package var sessions = 0
  /// The best score (percent) of the full sessions started on this node itself, `nil` when none has a score.
  package var bestScore: Double?
  /// The score of the latest-started of those sessions.
  package var lastScore: Double?
  /// Every attempt at a question of the subtree.
  package var answers = 0
  /// The attempts that were right, answers the learner overruled with `!!` included.
  package var correct = 0
  /// The partial credit of the attempts that were partly right (each between 0 and 1), summed.
  package var partialCredit: Double = 0
  /// The attempts graded wrong that the learner overruled (`!!`); each is also in `correct`.
  package var overruled = 0
  /// Answers and skips recorded after the learner asked for the question's hint.
  package var hints = 0
  /// Questions answered at least once.
  package var answered = 0
  /// Questions in the subtree.
  package var questions = 0
  /// Questions never answered or skipped (`StudyFigures.isNew`).
  package var new = 0
  /// Questions whose current FSRS interval is 21 days or more (`StudyFigures.isMastered`).
  package var mastered = 0
  /// Questions whose latest graded answer is wrong, or that were skipped since (what `mistakes` practises).
  package var toRetry = 0
  /// Sum of session durations in whole milliseconds: from each start or resume to the last answer
  /// before the next (`SessionRecord.activeMilliseconds`).
  package var millisecondsSpent: Int64 = 0
  /// The latest of node openings and answers.
  package var lastStudied: Date?
  /// Questions due for review at the report's time (FSRS-6, from the answer history).
  package var due = 0
  /// Questions with a review memory (answered or skipped at least once).
  package var reviewed = 0
  /// Reviewed questions whose last review is a whole day or more before the report's time: the
  /// ones FSRS predicts a recall for (it counts whole days, so on a review's day it says 100 %,
  /// even right after a wrong answer).
  package var retentionQuestions = 0
  /// Sum over those of the predicted probability of recall at the report's time.
  package var retentionSum: Double = 0

  package init() {}

  /// The credit earned over every answer, in percent (`StudyFigures.accuracy`); `nil` before any answer.
  package var accuracy: Double? {
    StudyFigures.accuracy(right: correct, partialCredit: partialCredit, answers: answers)
  }

  /// The mean predicted recall now of the questions last reviewed a day or more ago, in percent;
  /// `nil` when there are none (nothing reviewed, or everything reviewed within the last day).
  package var meanRetention: Double? {
    retentionQuestions > 0 ? retentionSum * 100 / Double(retentionQuestions) : nil
  }

  /// Time spent in whole seconds, the milliseconds' exact sum rounded once (half up), as every
  /// format shows it and `sql/class-report.sql` computes it.
  package var secondsSpent: Int { Int(millisecondsSpent.plusSaturating(500) / 1000) }

  /// Mastery: the share of questions mastered, in percent; `nil` when there are no questions.
  package var masteredShare: Double? {
    questions > 0 ? Double(mastered) * 100 / Double(questions) : nil
  }

  /// Adds a child's subtree figures; `hadRead`, `bestScore` and `lastScore` are the caller's to decide.
  mutating func add(_ other: ReportFigures) {
    leaves = leaves.plusSaturating(other.leaves)
    leavesRead = leavesRead.plusSaturating(other.leavesRead)
    browseCount = browseCount.plusSaturating(other.browseCount)
    sessions = sessions.plusSaturating(other.sessions)
    answers = answers.plusSaturating(other.answers)
    correct = correct.plusSaturating(other.correct)
    partialCredit += other.partialCredit
    overruled = overruled.plusSaturating(other.overruled)
    hints = hints.plusSaturating(other.hints)
    answered = answered.plusSaturating(other.answered)
    questions = questions.plusSaturating(other.questions)
    new = new.plusSaturating(other.new)
    mastered = mastered.plusSaturating(other.mastered)
    toRetry = toRetry.plusSaturating(other.toRetry)
    millisecondsSpent = millisecondsSpent.plusSaturating(other.millisecondsSpent)
    due += other.due
    reviewed += other.reviewed
    retentionQuestions += other.retentionQuestions
    retentionSum += other.retentionSum
    if let date = other.lastStudied { lastStudied = max(lastStudied ?? date, date) }
  }
}

extension FixedWidthInteger {
  /// `self + other`, held at `.max` (or `.min`) instead of trapping: counts come from files,
  /// and one learner's forged folder must not crash a teacher's report.
  ///
  /// ```swift
  /// Int.max.plusSaturating(1)  // Int.max
  /// ```
  func plusSaturating(_ other: Self) -> Self {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }
}
