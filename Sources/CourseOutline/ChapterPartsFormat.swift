import PracticeJSON

/// Reads seed 000's shape: `[{"chapterName": String, "parts": [String]}]`.
enum ChapterPartsFormat {
  static func build(_ root: JSONValue, into builder: inout CourseBuilder, problems: inout ProblemCollector) {
    guard let chapters = root.array else { return }
    for chapter in chapters {
      guard chapter.members != nil else {
        problems.add(
          "expected a chapter object with \"chapterName\" and \"parts\", found \(chapter.typeDescription)",
          at: chapter.offset)
        continue
      }
      let title: String
      if let name = chapter["chapterName"]?.string {
        title = name
      } else {
        problems.add(
          "chapter needs \"chapterName\" as a string, found \(chapter.found("chapterName"))",
          at: chapter.offset(of: "chapterName"))
        title = "?"
      }
      let others = chapter.members!.filter { $0.key != "chapterName" && $0.key != "parts" }
      builder.begin(id: nil, title: title, details: others.isEmpty ? nil : NodeDetails(fields: others))
      switch chapter["parts"]?.kind {
      case .array(let parts):
        for part in parts {
          if let partTitle = part.string {
            builder.leaf(id: nil, title: partTitle)
          } else {
            problems.add("a part title must be a string, found \(part.typeDescription)", at: part.offset)
          }
        }
      case nil, .null:
        break
      default:
        problems.add(
          "\"parts\" must be an array of strings, found \(chapter["parts"]!.typeDescription)",
          at: chapter.offset(of: "parts"))
      }
      builder.end()
    }
  }
}
