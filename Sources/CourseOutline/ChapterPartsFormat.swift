import Localization
import PracticeJSON

/// Reads seed 000's shape: `[{"chapterName": String, "parts": [String]}]`.
enum ChapterPartsFormat {
  static func build(_ root: JSONValue, into builder: inout CourseBuilder, problems: inout ProblemCollector) {
    guard let chapters = root.array else { return }
    for chapter in chapters {
      guard let members = chapter.members else {
        problems.add(
          chapter.problem(
            .tr(
              "expected a chapter object with \"chapterName\" and \"parts\", found {found}",
              ["found": chapter.typeName])))
        continue
      }
      let title =
        problems.reading { () throws(JSONProblem) in
          try chapter.string("chapterName") {
            .tr("chapter needs \"chapterName\" as a string, found {found}", ["found": $0])
          }
        } ?? "?"
      let others = members.filter { $0.key != "chapterName" && $0.key != "parts" }
      builder.begin(id: nil, title: title, details: others.isEmpty ? nil : NodeDetails(fields: others))
      if let parts = chapter.present("parts"),
        let titles = problems.reading({ () throws(JSONProblem) in
          try parts.array { .tr("\"parts\" must be an array of strings, found {found}", ["found": $0]) }
        })
      {
        for part in titles {
          if let partTitle = problems.reading({ () throws(JSONProblem) in
            try part.string { .tr("a part title must be a string, found {found}", ["found": $0]) }
          }) {
            builder.leaf(id: nil, title: partTitle)
          }
        }
      }
      builder.end()
    }
  }
}
