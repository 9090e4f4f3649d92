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

  /// - Parameter seed: `--seed`, what calculated questions' stored value sets are drawn with (Moodle XML).
  func run(_ path: String, format: String, outputPath: String?, seed: UInt64 = 0) -> Int32 {
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
    var text = ""
    var questions = course.questionCount
    if format == "moodle-xml" {
      text = MoodleXMLExporter.text(course, seed: seed)
    } else {
      let gift = GiftExporter.export(course)
      text = gift.text
      questions -= gift.blanksLeftOut
      // GIFT cannot write a calculated or ordering question (nor can Moodle's own GIFT export): the rest is exported.
      // One line for each type left out, naming its questions: a course's 13 calculated questions were 13 lines.
      let leftOut = course.allQuestions.filter { !GiftExporter.writes($0.kind.type) }
      // Counted as exported no more than a Cloze question's blanks are.
      questions -= leftOut.count
      if questions <= 0 && course.questionCount > 0 {
        // A file with no question in it is no export: the teacher would import an empty bank into Moodle.
        errors.line(
          "practice: "
            + messages.trn(
              "export --format gift {path}: its {count} question cannot be written in GIFT (it is calculated, ordering or Cloze); nothing was written: use --format moodle-xml",
              "export --format gift {path}: none of its {count} questions can be written in GIFT (they are calculated, ordering or Cloze); nothing was written: use --format moodle-xml",
              count: course.questionCount, ["path": path]))
        return 1
      }
      let calculated = leftOut.filter { $0.kind.type == .calculated }.map(\.id)
      let ordering = leftOut.filter { $0.kind.type != .calculated }.map(\.id)
      if !calculated.isEmpty {
        errors.line(
          messages.trn(
            "Warning: question {ids} is calculated, which GIFT cannot write; it is left out (export --format moodle-xml keeps it)",
            "Warning: {count} questions are calculated, which GIFT cannot write: {ids}; they are left out (export --format moodle-xml keeps them)",
            count: calculated.count, ["ids": messages.list(calculated)]))
      }
      if !ordering.isEmpty {
        errors.line(
          messages.trn(
            "Warning: question {ids} is an ordering question, which GIFT cannot write; it is left out (export --format moodle-xml keeps it)",
            "Warning: {count} questions are ordering questions, which GIFT cannot write: {ids}; they are left out (export --format moodle-xml keeps them)",
            count: ordering.count, ["ids": messages.list(ordering)]))
      }
      if gift.clozeLeftOut > 0 {
        // A warning, not a failure: the rest of the course is written (Moodle's own GIFT export
        // leaves a Cloze question out with only a comment, and says nothing).
        let message = messages.trn(
          "{count} Cloze question left out: GIFT cannot hold one (Moodle's own GIFT export leaves it out too); --format moodle-xml keeps it",
          "{count} Cloze questions left out: GIFT cannot hold them (Moodle's own GIFT export leaves them out too); --format moodle-xml keeps them",
          count: gift.clozeLeftOut)
        errors.line(path + ": " + messages.tr("warning: {message}", ["message": message]))
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
    errors.line(
      messages.trn(
        "Exported {count} question to {path} ({format}).", "Exported {count} questions to {path} ({format}).",
        count: questions, ["path": outputPath, "format": format]))
    return 0
  }
}
