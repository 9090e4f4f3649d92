import CourseOutline

/// The course loader on arbitrary bytes (every shape: chapters array, chapterDtoList, native): what it
/// builds is walked (addresses, keys, an outline expanded, toggled and compared with a recomputation).
///
/// Driven by the libFuzzer target `course` (Targets/course.swift) and, on the kept inputs, by
/// FuzzInputReplayTests in `make test`.
package enum CourseFuzzHarness {
  package static func run(_ bytes: [UInt8]) {
    let (course, problems) = CourseLoader().parse(bytes, file: "fuzz.json")
    if let course {
      var outline = Outline(course: course)
      outline.expandAll()
      for i in 0..<min(course.count, 64) {
        _ = course.address(of: i)
        _ = course.key(of: i)
        outline.toggle(i)
      }
      precondition(Array(outline.rows) == Outline.visibleRows(course: course, isExpanded: outline.isExpanded))
    }
    for problem in problems { _ = problem.description }
  }
}
