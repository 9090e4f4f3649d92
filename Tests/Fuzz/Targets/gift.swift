// libFuzzer target: the gift importer. The input is read as a file; whatever it gives must build a
// course whose questions are valid, and export as GIFT and Moodle XML without trapping. Every problem
// must have a place in the file (line and column from 1).
import CourseImport
import CourseOutline
import QuizEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (questions, problems) = GiftParser.parse(bytes: bytes, file: "f.gift")
  for problem in problems { precondition(problem.line >= 1 && problem.column >= 1 && !problem.message.isEmpty) }
  let items = GiftConverter.items(questions)
  let course = BankBuilder.course(
    files: [BankFile(id: "f", title: "f", items: items)], id: "f", title: "f", source: "f")
  for question in course.allQuestions {
    precondition(!question.id.isEmpty)
    let (decoded, decodeProblems) = Question.decode(question.json)
    _ = (decoded, decodeProblems)
  }
  _ = GiftExporter.text(course)
  _ = MoodleXMLExporter.text(course)
  return 0
}
