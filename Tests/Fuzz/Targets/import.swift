// libFuzzer target for the four bank importers (fuzz targets gift, xml, aiken and csv): run-fuzz.sh
// builds this file once and names the importer in FUZZ_IMPORT_FORMAT. The input is read as a file;
// whatever it gives must build a course whose questions are valid, and export as GIFT and Moodle XML
// without trapping. Every problem must have a place in the file (line and column from 1).
import CourseImport
import CourseOutline
import Glibc
import QuizEngine

/// The importer under test, chosen once at start-up.
nonisolated(unsafe) var importer: (_ bytes: [UInt8]) -> (questions: [GiftQuestion], problems: [ImportProblem]) = {
  _ in fatalError("LLVMFuzzerInitialize did not run")
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>)
  -> Int32
{
  let format = getenv("FUZZ_IMPORT_FORMAT").map { String(cString: $0) } ?? ""
  switch format {
  case "gift": importer = { GiftParser.parse(bytes: $0, file: "f.gift") }
  case "xml": importer = { MoodleXMLReader.parse(bytes: $0, file: "f.xml") }
  case "aiken": importer = { AikenReader.parse(bytes: $0, file: "f.txt") }
  case "csv": importer = { DelimitedReader.parse(bytes: $0, file: "f.csv") }
  default: fatalError("FUZZ_IMPORT_FORMAT must be gift, xml, aiken or csv, not '\(format)'")
  }
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let (questions, problems) = importer(Array(UnsafeBufferPointer(start: data, count: size)))
  for problem in problems { precondition(problem.line >= 1 && problem.column >= 1 && !problem.message.isEmpty) }
  let course = BankBuilder.course(
    files: [BankFile(id: "f", title: "f", items: GiftConverter.items(questions))], id: "f", title: "f", source: "f")
  for question in course.allQuestions {
    precondition(!question.id.isEmpty)
    _ = Question.decode(question.json)
  }
  _ = GiftExporter.text(course)
  _ = MoodleXMLExporter.text(course)
  return 0
}
