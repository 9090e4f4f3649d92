/// One node of a class report: who has read it and how the class does on it.
///
/// ```swift
/// for row in report.nodes where !row.notRead.isEmpty { print(row.node.address, row.notRead.joined(separator: ", ")) }
/// ```
public struct ClassNodeRow: Sendable, Hashable {
  public var node: ReportNode
  /// Learners whose progress could be read.
  public var users = 0
  /// Of those, how many have read the node (for a parent: the node itself or every leaf under it).
  public var usersRead = 0
  /// Who has not, in name order.
  public var notRead: [String] = []
  /// Sessions on the subtree, summed over learners.
  public var sessions = 0
  /// How many learners have a scored session in the subtree.
  public var scoredUsers = 0
  /// Sum of those learners' best scores, for `averageScore`.
  public var bestScoreSum: Double = 0
  /// The best score of anyone.
  public var bestScore: Double?
  public var answers = 0
  public var correct = 0
  /// The partial credit of partly right answers, summed over learners.
  public var partialCredit: Double = 0
  /// Answers graded wrong that learners marked right with `!!` (each also in `correct`), summed over learners.
  public var overruled = 0
  /// Answers and skips given after a hint, summed over learners.
  public var hints = 0
  /// Questions in the subtree.
  public var questions = 0

  public init(node: ReportNode) {
    self.node = node
  }

  /// The mean of each learner's best score here, over learners with a scored session.
  public var averageScore: Double? { scoredUsers > 0 ? bestScoreSum / Double(scoredUsers) : nil }

  /// The credit over every answer of the whole class, in percent (`StudyFigures.accuracy`).
  public var accuracy: Double? {
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
