import CourseOutline
import Foundation
import Localization
import PracticeJSON
import PracticeTime
import QuizEngine
import TextLayout

/// Browsing the outline: `ls`, `toggle`, `expand`, `collapse`, `find`, `info` and a node typed
/// alone (a tap on its row). Holds the outline's expansion and what its listings measured.
struct OutlineBrowser: ShellPart {
  let context: ShellContext
  /// The outline as the learner opened it.
  private(set) var outline: Outline
  /// Whether the expansion changed since it was saved: saved once, at the end of the run.
  private(set) var expansionChanged = false
  /// The titles' widths, measured once for every listing of the run.
  private var titleMeasures = TitleMeasures()
  /// The columns of the last listing of the whole outline, and which rows it had: `expand all`
  /// then `ls` measures a million rows once.
  private var outlineColumns: (rows: Outline.Revision, columns: RowListing.Columns)?

  init(context: ShellContext, outline: Outline) {
    self.context = context
    self.outline = outline
  }

  /// Like tapping a row: a node with children toggles, a leaf shows its info.
  mutating func tap(_ node: Int) -> Shell.Outcome {
    if course.hasChildren(node) {
      showToggle(of: node, changes: outline.toggle(node))
    } else {
      showInfo(node)
    }
    return .ok
  }

  mutating func list(_ argument: String) throws(CommandFailure) {
    guard argument.isEmpty else {
      throw CommandFailure(messages.tr("ls takes no argument; use 'expand ADDR' to open a node"))
    }
    writeOutline()
  }

  mutating func toggle(_ argument: String) throws(CommandFailure) {
    let node = try resolve(argument)
    guard course.hasChildren(node) else {
      throw CommandFailure(
        messages.tr(
          "{address} {title} has no children to show or hide",
          ["address": course.address(of: node), "title": course.nodes[node].title]))
    }
    showToggle(of: node, changes: outline.toggle(node))
  }

  mutating func expand(_ argument: String) throws(CommandFailure) {
    let (word, rest) = Shell.split(argument)
    if Shell.isAll(word) {
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

  mutating func collapse(_ argument: String) throws(CommandFailure) {
    var (word, rest) = Shell.split(argument)
    if Shell.isAll(word) && rest.isEmpty {
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
  mutating func showToggle(of node: Int, changes: [RowChange]) {
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
  mutating func saveExpansion() {
    expansionChanged = true
  }

  /// Saves the outline's expansion when it changed, so the next run opens the same way; returns a
  /// warning to show when it could not be saved.
  mutating func saveChangedExpansion() -> String? {
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
  mutating func writeRows<Rows: Collection>(_ rows: Rows) where Rows.Element == Int {
    let nodes = rows.map { Int32($0) }
    let statuses = context.status?.statusColumn(of: nodes, in: course) ?? StatusColumn()
    RowListing(course: course, isExpanded: outline.isExpanded, style: style, width: width())
      .write(nodes, statuses: statuses, titles: &titleMeasures, to: output)
  }

  /// Writes every visible row, as `writeRows` does, in the columns of the last such listing while
  /// the rows are the same.
  mutating func writeOutline() {
    let nodes = outline.rows.array
    let statuses = context.status?.statusColumn(of: nodes, in: course) ?? StatusColumn()
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

  mutating func find(_ argument: String) throws(CommandFailure) {
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
