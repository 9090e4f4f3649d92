import CourseImport
import CourseOutline
import Localization

/// `practice validate PATH…`: every problem of every course or question bank, with its location.
///
/// Problems are in the reader's language (`messages`, or the course's own language on a machine
/// without a locale); `FILE:LINE:COLUMN:` prefixes stay as they are for editors and scripts.
struct CourseValidation {
  let output: any TextOutput
  let errors: any TextOutput
  let reader: CourseReader
  /// The catalog for a file: the run's language, given the course when it loaded.
  let messages: (Course?) -> Localizer

  func run(_ paths: [String]) -> Int32 {
    var failed = false
    for path in paths {
      do {
        let result = try reader.read([path])
        let l = messages(result.course)
        for problem in result.problems { output.line(problem.localized(by: l)) }
        // Warnings leave the status alone: the course loads, and its odd text is shown visibly.
        if result.formats == [.json] {
          for warning in reader.loader.textWarnings(path: path) { output.line(warning.localized(by: l)) }
        }
        var errorCount = result.errors.count
        // Calculated questions' formulas on many drawn values: a failing draw is an error, as a load error is.
        if result.formats == [.json], errorCount == 0 {
          let calculated = reader.loader.calculatedProblems(path: path)
          for problem in calculated.errors + calculated.warnings { output.line(problem.localized(by: l)) }
          errorCount += calculated.errors.count
        }
        // A bank's (Moodle XML) likewise, on its stored value sets or its ranges.
        if result.formats != [.json], errorCount == 0 {
          let calculated = reader.calculatedProblems(path: path)
          for problem in calculated { output.line(problem.localized(by: l)) }
          errorCount += calculated.count
        }
        if errorCount == 0, let course = result.course {
          let questions = course.questionCount
          output.line(
            l.tr(
              "{path}: ok (nodes: {nodes}, questions: {questions})",
              ["path": path, "nodes": course.count, "questions": questions]))
          if result.formats != [.json] {
            let counts = result.counts.map { l.tr("{label}: {count}", ["label": l.tr($0.label), "count": $0.count]) }
            output.line("  " + l.list(counts))
            if !result.warnings.isEmpty {
              output.line(
                "  "
                  + l.trn(
                    "{count} warning (listed above)", "{count} warnings (listed above)", count: result.warnings.count))
            }
            for essay in result.essays {
              output.line("  " + l.tr("not auto-gradable (essay, skipped in practice): {essay}", ["essay": essay]))
            }
          }
        } else {
          failed = true
          output.line(l.trn("{path}: {count} problem", "{path}: {count} problems", count: errorCount, ["path": path]))
        }
      } catch {
        failed = true
        output.line(messages(nil).describe(argument: error))
      }
    }
    return failed ? 1 : 0
  }
}
