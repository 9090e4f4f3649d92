/// One node of a class report: who has read it and how the class does on it.
///
/// ```swift
/// for row in report.nodes where !row.notRead.isEmpty { print(row.node.address, row.notRead.joined(separator: ", ")) }
/// ```
package struct ClassNodeRow: Sendable, Hashable {
  package var node: ReportNode
  /// Learners whose progress could be read.
  package var users = 0
  /// Of those, how many have read the node (for a parent: the node itself or every leaf under it).
  package var usersRead = 0
  /// Who has not, in name order.
  package var notRead: [String] = []
  /// Sessions on the subtree, summed over learners.
  package var sessions = 0
  /// How many learners have a scored session in the subtree.
  package var scoredUsers = 0
  /// Sum of those learners' best scores, for `averageScore`.
  package var bestScoreSum: Double = 0
  /// The best score of anyone.
  package var bestScore: Double?
  package var answers = 0
  package var correct = 0
  /// The partial credit of partly right answers, summed over learners.
  package var partialCredit: Double = 0
  /// Answers graded wrong that learners marked right with `!!` (each also in `correct`), summed over learners.
  package var overruled = 0
  /// Answers and skips given after a hint, summed over learners.
  package var hints = 0
  /// Questions in the subtree.
  package var questions = 0

  package init(node: ReportNode) {
    self.node = node
  }

  /// The mean of each learner's best score here, over learners with a scored session.
  package var averageScore: Double? { scoredUsers > 0 ? bestScoreSum / Double(scoredUsers) : nil }

  /// The credit over every answer of the whole class, in percent (`StudyFigures.accuracy`).
  package var accuracy: Double? {
    StudyFigures.accuracy(right: correct, partialCredit: partialCredit, answers: answers)
  }

  /// Adds one learner's figures for this node.
  mutating func add(user: String, _ f: ReportFigures) {
    users += 1
    if f.hadRead { usersRead += 1 } else { notRead.append(user) }
    sessions = sessions.plusSaturating(f.sessions)
    if let best = f.bestScore {
      scoredUsers += 1
      bestScoreSum += best
      bestScore = max(bestScore ?? best, best)
    }
    answers = answers.plusSaturating(f.answers)
    correct = correct.plusSaturating(f.correct)
    partialCredit += f.partialCredit
    overruled = overruled.plusSaturating(f.overruled)
    hints = hints.plusSaturating(f.hints)
    questions = f.questions
  }
}
