import Localization
import TextLayout

/// The commands of the REPL, with the help text each shows.
///
/// Any unique prefix of a name works (`exp` is `expand`).
package enum ShellCommand: String, CaseIterable, Sendable {
  case ls
  case toggle
  case expand
  case collapse
  case info
  case find
  case start
  case resume
  case mistakes
  case review
  case due
  case set
  case report
  case help
  case quit

  package var usage: String {
    switch self {
    case .ls: return "ls"
    case .toggle: return "toggle ADDR"
    case .expand: return "expand ADDR | expand all [DEPTH]"
    case .collapse: return "collapse [-r] ADDR | collapse all"
    case .info: return "info ADDR"
    case .find: return "find TEXT"
    case .start: return "start [--in-order] ADDR"
    case .resume: return "resume [ADDR]"
    case .mistakes: return "mistakes [ADDR]"
    case .review: return "review [--new] [ADDR]"
    case .due: return "due [ADDR]"
    case .set: return "set [LIMIT N]"
    case .report: return "report [ADDR] [OPTIONS]"
    case .help: return "help [COMMAND]"
    case .quit: return "quit"
    }
  }

  package var summary: String {
    switch self {
    case .ls: return trMark("list the visible rows of the outline")
    case .toggle: return trMark("expand a collapsed node or collapse an expanded one (ADDR alone does the same)")
    case .expand: return trMark("show a node's children; 'all' opens every level, or DEPTH levels")
    case .collapse: return trMark("hide a node's children; -r also closes every level below it")
    case .info: return trMark("show everything known about a node")
    case .find: return trMark("list the nodes whose title contains TEXT and reveal them")
    case .start: return trMark("practise the questions of a node and everything below it, shuffled")
    case .resume: return trMark("go on with the latest session that ended early, where it stopped")
    case .mistakes: return trMark("practise the questions whose latest answer is wrong or that were skipped")
    case .review:
      return trMark(
        "practise the questions due for review, most overdue first, then new ones from the parts you have started")
    case .due: return trMark("how many questions fall due today and on each of the next 7 days, per node")
    case .set: return trMark("show or change the daily limits of new questions and reviews, kept for this course")
    case .report: return trMark("show where you stand, node by node")
    case .help: return trMark("list the commands, or explain one")
    case .quit: return trMark("leave (Ctrl-D does the same)")
    }
  }

  /// More than the summary, for `help COMMAND`.
  package var details: String? {
    switch self {
    case .ls:
      return trMark(
        "Rows are indented by level; {collapsed} marks a collapsed node, {expanded} an expanded one. The address before each title is what commands take."
      )
    case .toggle, .expand, .collapse, .info:
      return trMark(
        "ADDR is an outline path (2.3), a data id (#1295), or a title typed in full when only one node has it. Addresses never change when rows open or close."
      )
    case .find:
      return trMark("Matching ignores case and full-/half-width differences.")
    case .mistakes:
      return trMark(
        "Without ADDR, the whole course. Taken from everything you ever answered, so they last across runs. Rounds repeat until every question is answered right or you type 'quit'."
      )
    case .start:
      return trMark(
        "Questions and options are shuffled from a fresh seed (stored with the session, so 'resume' asks the same way); --in-order keeps the course's order, --seed N on the command line fixes the shuffle. On a terminal, a node with an unfinished session asks whether to resume it."
      )
    case .resume:
      return trMark(
        "Sessions left early (quit, Ctrl-C, even a crash) go on at the first question neither answered nor skipped, in the same order. With ADDR: that node's last session."
      )
    case .report:
      return trMark(
        "Options as for 'practice report': --format text|json|csv|md|html, --class (every learner), --items (with --class: which questions work; --attempts first|all), --output FILE. ADDR restricts it to a subtree."
      )
    case .review:
      return trMark(
        "Each answer is rated for the FSRS-6 scheduler: wrong or skipped Again, right after a hint Hard, right Good, right twice running and quickly Easy. A day holds at most 200 reviews and 20 new questions ('set' changes them). New questions come only from parts you have started; --new takes them from every part."
      )
    case .set:
      return trMark(
        "LIMIT is new-per-day or reviews-per-day. Without arguments, shows the limits and what today leaves of them. 'set new-per-day 30' or 'set reviews-per-day 100' changes one; it is kept for you and this course. --new-per-day and --reviews-per-day on the command line change them for one run."
      )
    case .due:
      return trMark(
        "Days are study days in your time zone (TZ), from 04:00 to 04:00 (--day-starts); 'today' includes everything overdue."
      )
    case .help, .quit:
      return nil
    }
  }

  /// The Chinese word that names the command too (`开始 2.3`), listed by `help` in Chinese.
  package var chineseName: String {
    switch self {
    case .ls: return "列表"
    case .toggle: return "切换"
    case .expand: return "展开"
    case .collapse: return "收起"
    case .info: return "详情"
    case .find: return "查找"
    case .start: return "开始"
    case .resume: return "继续"
    case .mistakes: return "错题"
    case .review: return "复习"
    case .due: return "到期"
    case .set: return "设置"
    case .report: return "报告"
    case .help: return "帮助"
    case .quit: return "退出"
    }
  }

  /// The command named by `word` or a unique prefix of it.
  package static func named(_ word: String) -> Lookup {
    let lowered = word.lowercased()
    if let exact = ShellCommand(rawValue: lowered) { return .found(exact) }
    if lowered == "exit" || lowered == "q" { return .found(.quit) }
    if lowered == "?" { return .found(.help) }
    if let named = allCases.first(where: { $0.chineseName == word }) { return .found(named) }
    if word == "练习" { return .found(.start) }
    if word == "离开" { return .found(.quit) }
    let matches = allCases.filter { $0.rawValue.hasPrefix(lowered) }
    switch matches.count {
    case 1: return .found(matches[0])
    case 0: return .unknown(suggestion: closest(to: lowered))
    default: return .ambiguous(matches)
    }
  }

  package enum Lookup: Equatable {
    case found(ShellCommand)
    case ambiguous([ShellCommand])
    case unknown(suggestion: ShellCommand?)
  }

  /// The command within two edits of `word`, if one is.
  static func closest(to word: String) -> ShellCommand? {
    // Words differing in length by more than two are more than two edits apart: a pasted
    // megabyte is not compared letter by letter with every command.
    let length = word.count
    let scored = allCases.filter { abs($0.rawValue.count - length) <= 2 }
      .map { ($0, EditDistance.between(word, $0.rawValue)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
    return best.0
  }
}
