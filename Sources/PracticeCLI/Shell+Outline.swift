import CourseOutline
import Foundation
import PracticeJSON
import PracticeTime
import TextLayout

extension Shell {
  /// Finds the node an argument names (see `Course.resolve`), as a command's failure.
  func resolve(_ argument: String) throws(CommandFailure) -> Int {
    do { return try course.resolve(argument) } catch { throw CommandFailure(error) }
  }

  /// Like tapping a row: a node with children toggles, a leaf shows its info.
  func tap(_ node: Int) -> Outcome {
    if course.hasChildren(node) {
      showToggle(of: node, changes: outline.toggle(node))
    } else {
      showInfo(node)
    }
    return .ok
  }

  func list(_ argument: String) throws(CommandFailure) {
    guard argument.isEmpty else { throw CommandFailure("ls takes no argument; use 'expand ADDR' to open a node") }
    writeRows(outline.rows.lazy.map { Int($0) })
  }

  func toggle(_ argument: String) throws(CommandFailure) {
    let node = try resolve(argument)
    guard course.hasChildren(node) else {
      throw CommandFailure("\(course.address(of: node)) \(course.nodes[node].title) has no children to show or hide")
    }
    showToggle(of: node, changes: outline.toggle(node))
  }

  func expand(_ argument: String) throws(CommandFailure) {
    let (word, rest) = Shell.split(argument)
    if word.lowercased() == "all" {
      var depth: Int?
      if !rest.isEmpty {
        guard let d = Int(rest), d >= 1 else {
          throw CommandFailure("expand all: DEPTH must be a whole number from 1, not '\(OutputSanitizer.clean(rest))'")
        }
        depth = d
      }
      outline.expandAll(depth: depth)
      saveExpansion()
      output.line("\(outline.rows.count) rows visible")
      return
    }
    let node = try resolve(argument)
    let changes = outline.expand(node)
    if changes.isEmpty && !course.hasChildren(node) {
      output.line("\(course.address(of: node)) \(course.nodes[node].title) has no children")
      return
    }
    showToggle(of: node, changes: changes)
  }

  func collapse(_ argument: String) throws(CommandFailure) {
    var (word, rest) = Shell.split(argument)
    if word.lowercased() == "all" && rest.isEmpty {
      outline.collapseAll()
      saveExpansion()
      output.line("\(outline.rows.count) rows visible")
      return
    }
    var recursive = false
    if word == "-r" {
      recursive = true
      (word, rest) = (rest, "")
    } else {
      word = argument
    }
    let node = try resolve(word)
    let changes = recursive ? outline.collapseSubtree(node) : outline.collapse(node)
    showToggle(of: node, changes: changes)
  }

  /// Prints the toggled node and the rows it revealed: only what changed.
  func showToggle(of node: Int, changes: [RowChange]) {
    saveExpansion()
    guard let row = outline.row(of: node) else { return }
    var end = row + 1
    if outline.isExpanded[node] {
      let subtreeEnd = Int32(course.nodes[node].subtreeEnd)
      while end < outline.rows.count && outline.rows[end] < subtreeEnd { end += 1 }
    }
    writeRows(outline.rows[row..<end].lazy.map { Int($0) })
  }

  /// Marks the expansion for saving at the end of the run: a toggle must not cost a file write
  /// that grows with the outline.
  func saveExpansion() {
    expansionChanged = true
  }

  /// Saves what the run leaves behind (the outline's expansion) so the next run opens the same way.
  public func close() {
    interrupt()
    guard expansionChanged else { return }
    expansionChanged = false
    try? recorder?.saveExpandedNodes(outline.expandedNodes.map { course.key(of: $0) })
  }

  /// Writes rows as aligned columns: marker and address, title, status.
  func writeRows<Rows: Collection>(_ rows: Rows) where Rows.Element == Int {
    let addresses = Self.addresses(of: rows, in: course)
    var firstWidth = 0
    var titleWidth = 0
    let statuses = rows.map { status?.status(of: $0, in: course) }
    let showStatus = statuses.contains { $0 != nil }
    for (node, address) in zip(rows, addresses) {
      firstWidth = max(firstWidth, course.nodes[node].depth * 2 + 2 + address.utf8.count)
      if showStatus { titleWidth = max(titleWidth, DisplayWidth.of(course.nodes[node].title)) }
    }
    var text = ""
    text.reserveCapacity(65_536 + 256)
    for (i, (node, address)) in zip(rows, addresses).enumerated() {
      let n = course.nodes[node]
      let marker =
        course.hasChildren(node) ? (outline.isExpanded[node] ? style.expandedMarker : style.collapsedMarker) : " "
      text += String(repeating: " ", count: n.depth * 2)
      text += marker
      text += " "
      text += address
      text += String(repeating: " ", count: firstWidth - n.depth * 2 - 2 - address.utf8.count + 2)
      if showStatus, let s = statuses[i] {
        text += DisplayWidth.padded(n.title, to: titleWidth)
        text += "  "
        text += s
      } else {
        text += n.title
      }
      text += "\n"
      if text.utf8.count > 65_536 {
        output.write(text)
        text.removeAll(keepingCapacity: true)
      }
    }
    output.write(text)
  }

  /// Each row's address; consecutive rows in outline order extend their parent's, so a long
  /// listing builds each address with one concatenation instead of walking up the tree.
  static func addresses<Rows: Collection>(of rows: Rows, in course: Course) -> [String] where Rows.Element == Int {
    var result: [String] = []
    result.reserveCapacity(rows.count)
    var prefixByDepth: [String] = []
    var nodeByDepth: [Int] = []
    for node in rows {
      let n = course.nodes[node]
      if n.depth == 0 {
        prefixByDepth = [String(n.ordinal)]
        nodeByDepth = [node]
      } else if n.depth <= nodeByDepth.count, nodeByDepth[n.depth - 1] == n.parent {
        prefixByDepth.removeSubrange(n.depth...)
        nodeByDepth.removeSubrange(n.depth...)
        prefixByDepth.append(prefixByDepth[n.depth - 1] + "." + String(n.ordinal))
        nodeByDepth.append(node)
      } else {
        // Not below the previous rows (e.g. search results): compute it from the tree.
        let address = course.address(of: node)
        result.append(address)
        prefixByDepth = []
        nodeByDepth = []
        continue
      }
      result.append(prefixByDepth[n.depth])
    }
    return result
  }

  func info(_ argument: String) throws(CommandFailure) {
    showInfo(try resolve(argument))
  }

  func showInfo(_ node: Int) {
    let n = course.nodes[node]
    try? recorder?.nodeOpened(key: course.key(of: node), at: clock.now())
    output.line("\(course.address(of: node))  \(n.title)")
    var fields: [(String, String)] = []
    if let id = n.id { fields.append(("id", "#\(id)")) }
    let trail = (course.ancestors(of: node).reversed() + [node]).map { course.nodes[$0].title }
    if trail.count > 1 { fields.append(("path", trail.joined(separator: " › "))) }
    fields.append(("level", "\(n.depth + 1)"))
    let children = Array(course.children(of: node)).count
    if children > 0 { fields.append(("children", "\(children)")) }
    let questions = course.questions(inSubtreeOf: node)
    if !questions.isEmpty {
      var counts: [String: Int] = [:]
      for q in questions { counts[q.kind.type.label, default: 0] += 1 }
      let byType = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
      let own = n.questions.count == questions.count ? "" : " (\(n.questions.count) here)"
      fields.append(("questions", "\(questions.count)\(own): \(byType)"))
    }
    if let description = n.details?.description { fields.append(("description", description)) }
    for member in n.details?.fields ?? [] where !["id", "chapterName", "description"].contains(member.key) {
      fields.append((member.key, Self.describe(member)))
    }
    fields += status?.infoFields(of: node, in: course) ?? []
    let width = fields.map { DisplayWidth.of($0.0) }.max() ?? 0
    for (key, value) in fields {
      // A value over several lines (an imported bank's descriptions) stays in its column.
      let lines = value.split(separator: "\n", omittingEmptySubsequences: false)
      output.line("  \(DisplayWidth.padded(key + ":", to: width + 1))  \(lines[0])")
      for line in lines.dropFirst() { output.line(String(repeating: " ", count: width + 5) + line) }
    }
  }

  /// A field's value for people: epoch-millisecond dates as UTC dates, JSON otherwise.
  static func describe(_ member: JSONMember) -> String {
    let key = member.key.lowercased()
    if key.hasSuffix("date") || key.hasSuffix("timestamp") || key.hasSuffix("time"), let ms = member.value.int {
      let date = Date(timeIntervalSince1970: Double(ms) / 1000)
      return "\(UTCTime.iso8601(date)) (\(ms))"
    }
    switch member.value.kind {
    case .string(let s): return s.isEmpty ? "\"\"" : s
    default: return JSONWriter.compact(member.value)
    }
  }

  func find(_ argument: String) throws(CommandFailure) {
    guard !argument.isEmpty else { throw CommandFailure("find needs some text to look for") }
    guard argument.count <= Course.maximumSearchLength else {
      throw CommandFailure(
        "find: the text is \(argument.count) characters long; give at most \(Course.maximumSearchLength)")
    }
    let matches = course.search(argument)
    guard !matches.isEmpty else {
      throw CommandFailure("nothing matches '\(OutputSanitizer.clean(argument))'")
    }
    for node in matches { outline.reveal(node) }
    saveExpansion()
    output.line(
      "\(matches.count) match\(matches.count == 1 ? "" : "es") for '\(OutputSanitizer.clean(argument))', now shown:")
    writeRows(matches)
  }
}
