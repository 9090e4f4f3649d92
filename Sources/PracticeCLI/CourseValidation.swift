import CourseImport
import CourseOutline

/// `practice validate PATH…`: every problem of every course or question bank, with its location.
struct CourseValidation {
  let output: any TextOutput
  let errors: any TextOutput
  let reader: CourseReader

  func run(_ paths: [String]) -> Int32 {
    var failed = false
    for path in paths {
      do {
        let result = try reader.read([path])
        for problem in result.problems { output.line(problem.description) }
        // Warnings leave the status alone: the course loads, and its odd text is shown visibly.
        if result.formats == [.json] {
          for warning in reader.loader.textWarnings(path: path) { output.line(warning.description) }
        }
        let errorCount = result.errors.count
        if errorCount == 0, let course = result.course {
          let questions = course.allQuestions.count
          output.line("\(path): ok, \(course.count) nodes, \(questions) questions")
          if result.formats != [.json] {
            output.line("  " + result.counts.map { "\($0.label): \($0.count)" }.joined(separator: ", "))
            if !result.warnings.isEmpty {
              output.line("  \(result.warnings.count) warning\(result.warnings.count == 1 ? "" : "s") (listed above)")
            }
            for essay in result.essays { output.line("  not auto-gradable (essay, skipped in practice): \(essay)") }
          }
        } else {
          failed = true
          output.line("\(path): \(errorCount) problem\(errorCount == 1 ? "" : "s")")
        }
      } catch {
        failed = true
        output.line("\(error)")
      }
    }
    return failed ? 1 : 0
  }
}
