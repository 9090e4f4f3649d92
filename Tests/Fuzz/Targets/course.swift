// libFuzzer target: the course loader on arbitrary bytes (every shape: chapters array, chapterDtoList, native).
import CourseOutline

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (course, problems) = CourseLoader().parse(bytes, file: "fuzz.json")
  if let course {
    // Walk what was built: addresses, keys, an outline expanded and collapsed.
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
  return 0
}
