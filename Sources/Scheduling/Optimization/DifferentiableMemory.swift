/// One question's memory while a review history is replayed under trial parameters: the state
/// py-fsrs's `Card` carries through its optimiser (phase, step, stability, difficulty, last review).
///
/// Due times are left out: the loss depends on when reviews happened, not when they were due.
struct DifferentiableMemory<Number: FSRSArithmetic> {
  var phase: LearningPhase = .learning
  var step: Int? = 0
  var stability: Number?
  var difficulty: Number?
  /// Milliseconds since 1970.
  var lastReview: Int64?

  /// The state without its gradient: what py-fsrs's optimiser keeps of a card across an Adam step.
  var detached: Self {
    var copy = self
    copy.stability = stability?.detached
    copy.difficulty = difficulty?.detached
    return copy
  }
}
