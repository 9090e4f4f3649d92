import CourseOutline
import PracticeCLI

/// The command parser: input lines go to Shell.handle on a small course (with questions, so answers are
/// graded too); the first line is also split on spaces and given to Invocation.parse.
package enum ShellFuzzHarness {
  static let courseText = """
    {"format": "practice-course", "id": "fuzz", "title": "Fuzz",
     "nodes": [
      {"id": "a", "title": "力 Force", "children": [
        {"id": "a1", "title": "Part one", "questions": [
          {"id": "q1", "type": "single", "prompt": "1+1?", "options": ["1", "2", "3"], "answer": 1},
          {"id": "q2", "type": "multiple", "prompt": "even?", "options": ["2", "3", "4"], "answers": [0, 2]},
          {"id": "q3", "type": "truefalse", "prompt": "sky blue?", "answer": true},
          {"id": "q4", "type": "fill", "prompt": "H2O is?", "answers": ["water", "水"]},
          {"id": "q5", "type": "numeric", "prompt": "g?", "answer": 9.8, "unit": "m/s²", "tolerance": 0.1}
        ]},
        {"id": "a2", "title": "Part two"}
      ]},
      {"id": "b", "title": "Chapter B", "children": [{"id": "b1", "title": "Deep", "children": [{"id": "b11", "title": "Deeper"}]}]}
     ]}
    """

  static let course: Course = {
    let (course, problems) = CourseLoader().parse(Array(courseText.utf8), file: "fuzz-course.json")
    guard let course else { fatalError("fuzz course does not load: \(problems)") }
    return course
  }()

  package static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64)
    if let first = lines.first {
      _ = try? Invocation.parse(first.split(separator: " ").map(String.init))
    }
    let output = StringOutput()
    let shell = Shell(course: course, output: output, configuration: ShellConfiguration(seed: 7))
    for line in lines {
      if case .quit = shell.handle(String(line)) { break }
      _ = shell.prompt
    }
  }
}
