import PracticeJSON

/// Something wrong with a question in a course file: the JSON layer's located problem, whose
/// `offset` (always set here) the course loader turns into `file:line:column`.
///
/// ```swift
/// let (_, problems) = Question.decode(json)
/// problems.first?.message  // question "ch1.1-q03": answer 4 is not among its 4 options (0...3)
/// ```
public typealias QuestionProblem = JSONProblem
