import Localization
import PracticeJSON
import QuizEngine

extension CourseLoader {
  /// `validate`'s check of a native course's calculated questions: each formula tried on many drawn
  /// value sets (``CalculatedDefinition/sweepProblems(_:)``), so a division by zero that one learner
  /// in fifty would meet is found by the teacher first. Loading does not do this (it would cost every
  /// start a thousand evaluations per formula).
  ///
  /// ```swift
  /// for problem in CourseLoader().calculatedProblems(path: "course.json").errors { print(problem) }
  /// // course.json:12:24: answer m / (V - 20) fails for 33 of 1000 drawn value sets, such as m = 54.0, V = 20: …
  /// ```
  package func calculatedProblems(path: String) -> (errors: [CourseProblem], warnings: [CourseProblem]) {
    guard let file = try? resolve(path), let bytes = try? read(file) else { return ([], []) }
    var problems = ProblemCollector(file: file, bytes: bytes)
    var warnings = ProblemCollector(file: file, bytes: bytes)
    var text = bytes
    if startsWithChapterListMember(bytes) {
      text = [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "}")]
      problems.offsetShift = -1
      warnings.offsetShift = -1
    }
    guard let root = try? JSONParser.parse(text) else { return ([], []) }
    Self.collectCalculatedProblems(root, into: &problems, warnings: &warnings)
    return (problems.reported, warnings.reported)
  }

  private static func collectCalculatedProblems(
    _ value: JSONValue, into problems: inout ProblemCollector, warnings: inout ProblemCollector
  ) {
    switch value.kind {
    case .array(let items):
      for item in items { collectCalculatedProblems(item, into: &problems, warnings: &warnings) }
    case .object(let members):
      if value["type"]?.string == "calculated" {
        let id = value["id"]?.string ?? "?"
        func named(_ problem: JSONProblem) -> JSONProblem {
          problem.with(.tr("question \"{id}\": {problem}", ["id": id, "problem": problem.text]))
        }
        let found = CalculatedDefinition.sweepProblems(value)
        for problem in found.errors { problems.add(named(problem)) }
        for problem in found.warnings { warnings.add(named(problem)) }
        return
      }
      for member in members where member.key == "nodes" || member.key == "children" || member.key == "questions" {
        collectCalculatedProblems(member.value, into: &problems, warnings: &warnings)
      }
    default: break
    }
  }
}
