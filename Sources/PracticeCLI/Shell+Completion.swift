import CourseOutline
import TextLayout

extension Shell {
  /// Candidates for the last word of `text` (the line up to the cursor): commands first, then
  /// addresses and titles for the commands that take a node.
  ///
  /// The line editor replaces only the text after the last space, so a title with spaces
  /// (`第一章 物态极其变化`) is offered as the rest of its current word.
  package func completions(for text: String) -> [String] {
    let candidates = fullCompletions(for: text)
    guard let space = text.lastIndex(of: " ") else { return candidates }
    var argumentStart = text.firstIndex(of: " ").map { text.index(after: $0) } ?? text.endIndex
    // Extra spaces before the argument (`start  2`) are not part of it, as the command reads it.
    func skipSpaces() {
      while argumentStart < text.endIndex && text[argumentStart] == " " {
        argumentStart = text.index(after: argumentStart)
      }
    }
    skipSpaces()
    for flag in ["-r ", "--in-order "] where text[argumentStart...].hasPrefix(flag) {
      argumentStart = text.index(argumentStart, offsetBy: flag.count)
      skipSpaces()
    }
    guard argumentStart <= space else { return candidates }
    let typedHead = String(text[argumentStart...space])
    return candidates.compactMap { $0.hasPrefix(typedHead) ? String($0.dropFirst(typedHead.count)) : nil }
  }

  func fullCompletions(for text: String) -> [String] {
    if isPractising {
      let words = ["skip", "hint", "quit"]
      return words.filter { $0.hasPrefix(text.lowercased()) && !text.isEmpty }
    }
    guard let space = text.firstIndex(of: " ") else {
      let commands = ShellCommand.allCases.map(\.rawValue).filter { $0.hasPrefix(text.lowercased()) }
      let nodes = text.isEmpty ? [] : nodeCompletions(text)
      return commands + nodes
    }
    let word = String(text[..<space])
    let argument = String(text[text.index(after: space)...].drop(while: { $0 == " " }))
    guard case .found(let command) = ShellCommand.named(word) else { return [] }
    switch command {
    case .help:
      return ShellCommand.allCases.map(\.rawValue).filter { $0.hasPrefix(argument.lowercased()) }
    case .expand where "all".hasPrefix(argument) && !argument.isEmpty,
      .collapse where "all".hasPrefix(argument) && !argument.isEmpty:
      return ["all"] + nodeCompletions(argument)
    case .toggle, .expand, .collapse, .info, .start, .report, .review, .due, .resume, .mistakes:
      var lastArgument = argument
      for flag in ["-r ", "--in-order ", "--new "] where lastArgument.hasPrefix(flag) {
        lastArgument = String(lastArgument.dropFirst(flag.count).drop(while: { $0 == " " }))
      }
      return nodeCompletions(lastArgument)
    // Listed, not `default:`, so a new command must say here how its argument completes.
    case .set:
      return ["new-per-day", "reviews-per-day"].filter { $0.hasPrefix(argument.lowercased()) }
    case .ls, .find, .quit:
      return []
    }
  }

  /// What Tab's list shows for a candidate: an address (`2.1`, `#1295`) with its title, anything
  /// else as it is; through the sanitiser every output passes, as a title may hold escape codes.
  package func completionLabel(_ candidate: String) -> String {
    guard candidate.first == "#" || candidate.first?.isNumber == true, let address = NodeAddress(candidate),
      let node = course.index(of: address)
    else { return OutputSanitizer.clean(candidate) }
    return OutputSanitizer.clean("\(candidate) \(course.nodes[node].title)")
  }

  /// Addresses of visible rows starting with `prefix`, `#ids`, and the addresses of the nodes whose
  /// title starts with it: Tab puts into the line what the commands take, so `start 熔` becomes
  /// `start 1.2`, never a title (one that others share would be ambiguous, and titles are long).
  /// Only a title typed on past a space (`第一章 物`) completes as the rest of that title, as the
  /// line editor replaces just the last word.
  func nodeCompletions(_ prefix: String) -> [String] {
    if prefix.hasPrefix("#") {
      let id = prefix.dropFirst()
      return course.nodes.compactMap { $0.id }.filter { $0.hasPrefix(id) }.prefix(200).map { "#" + $0 }
    }
    if let first = prefix.unicodeScalars.first, ("0"..."9").contains(first) {
      // Addresses: the visible rows first (what the user sees), then children of a typed parent.
      var found: [String] = []
      for row in outline.rows {
        let address = course.address(of: Int(row))
        if address.hasPrefix(prefix) { found.append(address) }
        if found.count >= 200 { break }
      }
      // Hidden nodes too: the children of a typed parent (`start 2` or `start 2.` Tab lists 2.1,
      // 2.2…) and those of the part before the last dot (`start 2.3` completes inside 2).
      let parents = [prefix.lastIndex(of: ".").map { String(prefix[..<$0]) }, prefix].compactMap { $0 }
      for parent in parents {
        guard let address = NodeAddress(parent), let node = course.index(of: address) else { continue }
        for child in course.children(of: node) where found.count < 200 {
          let childAddress = course.address(of: child)
          if childAddress.hasPrefix(prefix), !found.contains(childAddress) { found.append(childAddress) }
        }
      }
      return found
    }
    if !prefix.contains(" ") {
      var found: [String] = []
      for index in course.nodes.indices where course.nodes[index].title.hasPrefix(prefix) {
        found.append(course.address(of: index))
        if found.count >= 200 { break }
      }
      return found
    }
    var titles: [String] = []
    var seen: Set<String> = []
    for node in course.nodes where node.title.hasPrefix(prefix) && !seen.contains(node.title) {
      seen.insert(node.title)
      titles.append(node.title)
      if titles.count >= 200 { break }
    }
    return titles
  }
}
