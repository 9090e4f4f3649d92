import Localization
import PracticeJSON

/// Reads seed 002's shape: `{"chapterDtoList": [Chapter]}`, chapters nested by `subChapterList`.
///
/// A server may also send the list flat, each chapter naming its parent by
/// `parentId`; both forms (and a mix) load. A `parentId` that contradicts the
/// nesting, an unknown parent, duplicate ids and cycles are problems.
enum ChapterDTOFormat {
  private struct Entry {
    var value: JSONValue
    var id: String
    var title: String
    var parentID: String?
    var parentOffset: Int
    var children: [Int] = []
    var isNested: Bool
  }

  /// The chapter list of a DTO document: at the top, or one level down (`{"data": {"chapterDtoList": …}}`).
  static func chapterList(in root: JSONValue) -> JSONValue? {
    if let list = root["chapterDtoList"] { return list }
    for member in root.members ?? [] {
      if let list = member.value["chapterDtoList"] { return list }
    }
    return nil
  }

  static func build(_ list: JSONValue, into builder: inout CourseBuilder, problems: inout ProblemCollector) {
    guard let top = list.array else {
      problems.add(list.problem(.tr("\"chapterDtoList\" must be an array, found {found}", ["found": list.typeName])))
      return
    }
    var entries: [Entry] = []
    var indexByID: [String: Int] = [:]
    var roots: [Int] = []

    func collect(_ value: JSONValue, nestingParent: Int?, entries: inout [Entry], problems: inout ProblemCollector)
      -> Int?
    {
      guard value.members != nil else {
        problems.add(value.problem(.tr("expected a chapter object, found {found}", ["found": value.typeName])))
        return nil
      }
      var id = ""
      switch value["id"]?.kind {
      case .number(let n) where n.integer != nil: id = String(n.integer!)
      case .string(let s) where !s.isEmpty: id = s
      default:
        problems.add(
          value.problem(with: "id") { .tr("chapter needs an \"id\" (an integer), found {found}", ["found": $0]) })
        id = "?\(value.offset)"
      }
      let title =
        problems.reading { () throws(JSONProblem) in
          try value.string("chapterName") {
            .tr("chapter {id} needs \"chapterName\" as a string, found {found}", ["id": id, "found": $0])
          }
        } ?? "?"
      if let count = value["browseCount"], !count.isNull, !(count.int.map(Course.browseCountRange.contains) ?? false) {
        problems.add(
          count.problem(
            .tr(
              "chapter {id}: \"browseCount\" must be a whole number from 0 to {maximum}, found {value}",
              ["id": id, "maximum": Course.browseCountRange.upperBound, "value": JSONWriter.compact(count)])))
      }
      var parentID: String?
      let parentValue = value["parentId"]
      switch parentValue?.kind {
      case nil, .null: parentID = nil
      case .number(let n) where n.integer == 0: parentID = nil
      case .number(let n) where n.integer != nil: parentID = String(n.integer!)
      case .string(let s): parentID = s.isEmpty || s == "0" ? nil : s
      default:
        problems.add(
          parentValue!.problem(
            .tr(
              "chapter {id}: \"parentId\" must be an integer or null, found {found}",
              ["id": id, "found": parentValue!.typeName])))
      }
      if let nestingParent, let parentID, parentID != entries[nestingParent].id {
        problems.add(
          parentValue!.problem(
            .tr(
              "chapter {id} has parentId {parent} but is nested in chapter {nesting}",
              ["id": id, "parent": parentID, "nesting": entries[nestingParent].id])))
      }
      let index = entries.count
      entries.append(
        Entry(
          value: value, id: id, title: title, parentID: parentID, parentOffset: parentValue?.offset ?? value.offset,
          isNested: nestingParent != nil))
      return index
    }

    // Collect every chapter, nested or not, keeping the nesting as given.
    // Iterative walk: a flat list may chain a million chapters, deeper than any stack.
    var stack: [(value: JSONValue, nestingParent: Int?)] = top.reversed().map { ($0, nil) }
    while let (value, nestingParent) = stack.popLast() {
      guard let index = collect(value, nestingParent: nestingParent, entries: &entries, problems: &problems) else {
        continue
      }
      if let nestingParent { entries[nestingParent].children.append(index) }
      if let first = indexByID[entries[index].id] {
        problems.add(
          JSONProblem(
            .tr(
              "duplicate id {id} (first at {place})",
              ["id": entries[index].id, "place": problems.position(of: entries[first].value.offset)]),
            at: value.offset(of: "id")))
      } else {
        indexByID[entries[index].id] = index
      }
      switch value["subChapterList"]?.kind {
      case .array(let subs):
        for sub in subs.reversed() { stack.append((sub, index)) }
      case nil, .null:
        break
      default:
        let v = value["subChapterList"]!
        problems.add(
          v.problem(
            .tr(
              "chapter {id}: \"subChapterList\" must be an array, found {found}",
              ["id": entries[index].id, "found": v.typeName])))
      }
    }

    // Top-level chapters that name a parent are attached to it (the flat form).
    for index in entries.indices where !entries[index].isNested {
      guard let parentID = entries[index].parentID else {
        roots.append(index)
        continue
      }
      guard let parent = indexByID[parentID] else {
        problems.add(
          JSONProblem(
            .tr(
              "chapter {id}: parentId {parent} names no chapter in this file",
              ["id": entries[index].id, "parent": parentID]), at: entries[index].parentOffset))
        roots.append(index)
        continue
      }
      if parent == index {
        problems.add(
          JSONProblem(
            .tr("chapter {id} is its own parent", ["id": entries[index].id]), at: entries[index].parentOffset))
        continue
      }
      entries[parent].children.append(index)
    }

    // Build in preorder; whatever is not reached from a root sits on a cycle.
    var reached = [Bool](repeating: false, count: entries.count)
    var walk: [(index: Int, next: Int)] = []
    for root in roots {
      walk.append((root, -1))
      while !walk.isEmpty {
        let (index, next) = walk[walk.count - 1]
        if next == -1 {
          reached[index] = true
          let entry = entries[index]
          let fields = entry.value.members!.filter { $0.key != "subChapterList" }
          builder.begin(
            id: entry.id, title: entry.title,
            details: NodeDetails(fields: fields, description: entry.value["description"]?.string))
        }
        let children = entries[index].children
        if next + 1 < children.count {
          walk[walk.count - 1].next = next + 1
          walk.append((children[next + 1], -1))
        } else {
          builder.end()
          walk.removeLast()
        }
      }
    }
    for index in entries.indices where !reached[index] && entries[index].parentID != nil {
      if entries[index].parentID == entries[index].id { continue }
      problems.add(
        JSONProblem(
          .tr(
            "chapter {id} is on a cycle of parentIds (parentId {parent}); no chapter on it reaches the top",
            ["id": entries[index].id, "parent": entries[index].parentID!]), at: entries[index].parentOffset))
    }
  }
}
