import CourseImport
import CourseOutline
import Localization
import PracticeFiles
import ProgressStorage
import QuizEngine

/// `practice export --format gift|moodle-xml COURSE [--output FILE]`: a course for Moodle's import.
struct ExportCommand {
  let output: any TextOutput
  let errors: any TextOutput
  let reader: CourseReader
  /// The reader's language for a course (nil before it loads): `--lang`, the locale, else the
  /// exported course's own `language`.
  let language: (Course?) -> Localizer

  func run(_ path: String, format: String, outputPath: String?) -> Int32 {
    let course: Course
    let messages: Localizer
    do {
      let (loaded, warnings) = try reader.load(path: path)
      course = loaded
      messages = language(loaded)
      for warning in warnings { errors.line(warning.localized(by: messages)) }
    } catch {
      errors.line(language(nil).describe(argument: error))
      return 1
    }
    let text = format == "moodle-xml" ? MoodleXMLExporter.text(course) : GiftExporter.text(course)
    if format != "moodle-xml" {
      // GIFT cannot write a calculated question (nor can Moodle's own GIFT export): the rest is exported.
      for question in course.allQuestions where question.kind.type == .calculated {
        errors.line(
          messages.tr(
            "Warning: question {id} is calculated, which GIFT cannot write; it is left out (export --format moodle-xml keeps it)",
            ["id": question.id]))
      }
    }
    guard let outputPath else {
      output.write(text)
      return 0
    }
    do throws(FileSystemError) {
      // Never over the course being exported (`c.json --output ./c.json`, a hard link).
      try AtomicFileWriter().replace(
        outputPath, with: Array(text.utf8),
        mode: try POSIXFileSystem().modeForReplacing(outputPath, readingFrom: [path]))
    } catch {
      errors.line("practice: " + messages.describe(output: error, command: "export"))
      return 1
    }
    let questions = course.questionCount
    errors.line(
      messages.trn(
        "Exported {count} question to {path} ({format}).", "Exported {count} questions to {path} ({format}).",
        count: questions, ["path": outputPath, "format": format]))
    return 0
  }
}
