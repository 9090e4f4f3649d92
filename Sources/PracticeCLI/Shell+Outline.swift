import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTime
import QuizEngine
import TextLayout

extension Shell {
  /// Finds the node an argument names (see `Course.resolve`), as a command's failure.
  func resolve(_ argument: String) throws(CommandFailure) -> Int {
    do { return try course.resolve(argument, messages: messages) } catch {
      throw CommandFailure(error.description(messages))
    }
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
    guard argument.isEmpty else {
      throw CommandFailure(messages.tr("ls takes no argument; use 'expand ADDR' to open a node"))
    }
    writeOutline()
  }

  func toggle(_ argument: String) throws(CommandFailure) {
    let node = try resolve(argument)
    guard course.hasChildren(node) else {
      throw CommandFailure(
        messages.tr(
          "{address} {title} has no children to show or hide",
          ["address": course.address(of: node), "title": course.nodes[node].title]))
    }
    showToggle(of: node, changes: outline.toggle(node))
  }

  func expand(_ argument: String) throws(CommandFailure) {
    let (word, rest) = Shell.split(argument)
    if Self.isAll(word) {
      var depth: Int?
      if !rest.isEmpty {
        guard let d = Int(rest), d >= 1 else {
          throw CommandFailure(
            messages.tr(
              "expand all: DEPTH must be a whole number from 1, not '{depth}'", ["depth": OutputSanitizer.clean(rest)]))
        }
        depth = d
      }
      if outline.expandAll(depth: depth) { saveExpansion() }
      // The rows it opened, as `expand ADDR` shows its own: here, the whole outline.
      writeOutline()
      return
    }
    let node = try resolve(argument)
    let changes = outline.expand(node)
    if changes.isEmpty && !course.hasChildren(node) { return sayHasNoChildren(node) }
    showToggle(of: node, changes: changes)
  }

  /// What `expand` and `collapse` say of a leaf: not an error, as there is nothing to do.
  private func sayHasNoChildren(_ node: Int) {
    output.line(
      messages.tr(
        "{address} {title} has no children", ["address": course.address(of: node), "title": course.nodes[node].title]))
  }

  func collapse(_ argument: String) throws(CommandFailure) {
    var (word, rest) = Shell.split(argument)
    if Self.isAll(word) && rest.isEmpty {
      if outline.collapseAll() { saveExpansion() }
      output.line(messages.trn("{count} row visible", "{count} rows visible", count: outline.rows.count))
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
    // As `expand` says of a leaf: collapsing one would only open its chapter to show its row.
    guard course.hasChildren(node) else { return sayHasNoChildren(node) }
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

  /// Saves what the run leaves behind (the outline's expansion) so the next run opens the same way;
  /// returns a warning to show when it could not be saved.
  @discardableResult
  public func close() -> String? {
    interrupt()
    guard expansionChanged else { return nil }
    expansionChanged = false
    do {
      try recorder?.saveExpandedNodes(outline.expandedNodes.map { course.key(of: $0) })
    } catch {
      return messages.tr(
        "Warning: which parts of the outline are open was not saved: {error} The next run opens the outline as it was saved before.",
        ["error": messages.describe(error)])
    }
    return nil
  }

  /// Writes rows as aligned columns: marker and address, title, status (see `RowListing`).
  func writeRows<Rows: Collection>(_ rows: Rows) where Rows.Element == Int {
    let nodes = rows.map { Int32($0) }
    let statuses = status?.statusColumn(of: nodes, in: course) ?? StatusColumn()
    RowListing(course: course, isExpanded: outline.isExpanded, style: style, width: width())
      .write(nodes, statuses: statuses, titles: &titleMeasures, to: output)
  }

  /// Writes every visible row, as `writeRows` does, in the columns of the last such listing while
  /// the rows are the same.
  func writeOutline() {
    let nodes = outline.rows.array
    let statuses = status?.statusColumn(of: nodes, in: course) ?? StatusColumn()
    let listing = RowListing(course: course, isExpanded: outline.isExpanded, style: style, width: width())
    let columns: RowListing.Columns
    if let kept = outlineColumns, kept.rows == outline.rowsRevision {
      columns = kept.columns
    } else {
      columns = listing.columns(of: nodes, titles: &titleMeasures)
      outlineColumns = (outline.rowsRevision, columns)
    }
    listing.write(nodes, columns: columns, statuses: statuses, titles: &titleMeasures, to: output)
  }

  func info(_ argument: String) throws(CommandFailure) {
    showInfo(try resolve(argument))
  }

  func showInfo(_ node: Int) {
    let n = course.nodes[node]
    try? recorder?.nodeOpened(key: course.key(of: node), at: clock.now())
    output.line("\(course.address(of: node))  \(n.title)")
    var fields: [(String, String)] = []
    if let id = n.id { fields.append((messages.tr("id"), "#\(id)")) }
    let trail = (course.ancestors(of: node).reversed() + [node]).map { course.nodes[$0].title }
    if trail.count > 1 { fields.append((messages.tr("path"), trail.joined(separator: " › "))) }
    fields.append((messages.tr("level"), "\(n.depth + 1)"))
    let children = Array(course.children(of: node)).count
    if children > 0 { fields.append((messages.tr("children"), "\(children)")) }
    let questions = course.questions(inSubtreeOf: node)
    if !questions.isEmpty {
      var counts: [String: Int] = [:]
      for q in questions { counts[q.kind.type.label, default: 0] += 1 }
      let byType = counts.sorted { $0.key < $1.key }.map {
        messages.tr("{count} {type}", ["count": $0.value, "type": messages.tr($0.key)])
      }
      let byTypeList = messages.list(byType)
      let values: KeyValuePairs<String, Any> = [
        "total": questions.count, "here": n.questions.count, "types": byTypeList,
      ]
      fields.append(
        (
          messages.tr("questions"),
          n.questions.count == questions.count
            ? messages.tr("{total}: {types}", values) : messages.tr("{total} ({here} here): {types}", values)
        ))
    }
    if let description = n.details?.description { fields.append((messages.tr("description"), description)) }
    // The instructions a bank's descriptions gave this node's questions, each once.
    var instructions: [MarkedText] = []
    for q in n.questions { if let given = q.instructions, !instructions.contains(given) { instructions.append(given) } }
    for given in instructions {
      let shown = MarkupRenderer.render(given, labels: .localized(messages))
      fields.append((messages.tr("instructions"), style.color ? shown.plain : shown.marked))
    }
    for member in n.details?.fields ?? [] where !["id", "chapterName", "description"].contains(member.key) {
      fields.append((member.key, Self.describe(member)))
    }
    fields += status?.infoFields(of: node, in: course) ?? []
    let width = fields.map { DisplayWidth.of($0.0) }.max() ?? 0
    let column = String(repeating: " ", count: width + 5)
    for (key, value) in fields {
      // A value over several lines (an imported bank's descriptions), or wrapped on a terminal,
      // stays in its column.
      wrapped(value, first: "  \(DisplayWidth.padded(key + ":", to: width + 1))  ", rest: column)
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
    guard !argument.isEmpty else { throw CommandFailure(messages.tr("find needs some text to look for")) }
    guard argument.count <= Course.maximumSearchLength else {
      throw CommandFailure(
        messages.tr(
          "find: the text is {count} characters long; give at most {maximum}",
          ["count": argument.count, "maximum": Course.maximumSearchLength]))
    }
    let matches = course.search(argument)
    guard !matches.isEmpty else {
      throw CommandFailure(messages.tr("nothing matches '{text}'", ["text": OutputSanitizer.clean(argument)]))
    }
    for node in matches { outline.reveal(node) }
    saveExpansion()
    output.line(
      messages.trn(
        "{count} match for '{text}', now shown:", "{count} matches for '{text}', now shown:", count: matches.count,
        ["text": OutputSanitizer.clean(argument)]))
    writeRows(matches)
  }
}
