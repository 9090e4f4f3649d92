import CourseOutline

/// `practice validate PATH…`: every problem of every course, with its location.
struct CourseValidation {
  let output: TextOutput
  let errors: TextOutput
  let loader: CourseLoader

  func run(_ paths: [String]) -> Int32 {
    var failed = false
    for path in paths {
      do {
        let (course, problems) = try loader.inspect(path: path)
        for problem in problems { output.line(problem.description) }
        // Warnings leave the status alone: the course loads, and its odd text is shown visibly.
        for warning in loader.textWarnings(path: path) { output.line(warning.description) }
        if problems.isEmpty, let course {
          let questions = course.allQuestions.count
          output.line("\(path): ok, \(course.count) nodes, \(questions) questions")
        } else {
          failed = true
          output.line("\(path): \(problems.count) problem\(problems.count == 1 ? "" : "s")")
        }
      } catch {
        failed = true
        output.line("\(error)")
      }
    }
    return failed ? 1 : 0
  }
}
