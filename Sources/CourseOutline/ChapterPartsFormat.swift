import Localization
import PracticeJSON

/// Reads seed 000's shape: `[{"chapterName": String, "parts": [String]}]`.
enum ChapterPartsFormat {
  static func build(_ root: JSONValue, into builder: inout CourseBuilder, problems: inout ProblemCollector) {
    guard let chapters = root.array else { return }
    for chapter in chapters {
      guard chapter.members != nil else {
        problems.add(
          .tr(
            "expected a chapter object with \"chapterName\" and \"parts\", found {found}",
            ["found": chapter.typeName]),
          at: chapter.offset)
        continue
      }
      let title: String
      if let name = chapter["chapterName"]?.string {
        title = name
      } else {
        problems.add(
          .tr(
            "chapter needs \"chapterName\" as a string, found {found}", ["found": chapter.typeName(of: "chapterName")]),
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
            problems.add(.tr("a part title must be a string, found {found}", ["found": part.typeName]), at: part.offset)
          }
        }
      case nil, .null:
        break
      default:
        problems.add(
          .tr("\"parts\" must be an array of strings, found {found}", ["found": chapter["parts"]!.typeName]),
          at: chapter.offset(of: "parts"))
      }
      builder.end()
    }
  }
}
