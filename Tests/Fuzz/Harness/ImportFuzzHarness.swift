import CourseImport
import CourseOutline
import QuizEngine

/// The four bank importers: the input is read as a bank file; whatever it gives must build a course
/// whose questions are valid and export as GIFT and Moodle XML without trapping, and every problem must
/// have a place in the file (line and column from 1).
package enum ImportFuzzHarness {
  /// The importers, by the fuzz targets' names (`gift`, `xml`, `aiken`, `csv`).
  package enum Format: String, CaseIterable {
    case gift, xml, aiken, csv
  }

  package static func run(_ bytes: [UInt8], format: Format) {
    let (questions, problems): ([GiftQuestion], [ImportProblem])
    switch format {
    case .gift: (questions, problems) = GiftParser.parse(bytes: bytes, file: "f.gift")
    case .xml: (questions, problems) = MoodleXMLReader.parse(bytes: bytes, file: "f.xml")
    case .aiken: (questions, problems) = AikenReader.parse(bytes: bytes, file: "f.txt")
    case .csv: (questions, problems) = DelimitedReader.parse(bytes: bytes, file: "f.csv")
    }
    for problem in problems { precondition(problem.line >= 1 && problem.column >= 1 && !problem.message.isEmpty) }
    let course = BankBuilder.course(
      files: [BankFile(id: "f", title: "f", items: GiftConverter.items(questions))], id: "f", title: "f", source: "f")
    for question in course.allQuestions {
      precondition(!question.id.isEmpty)
      _ = Question.decode(question.json)
    }
    _ = GiftExporter.text(course)
    _ = MoodleXMLExporter.text(course)
  }
}
