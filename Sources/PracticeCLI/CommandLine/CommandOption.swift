import Localization

/// One option of the command line, declared once and shared by the commands that take it: its names,
/// the value it takes, what it does (for `--help`, the manual page and the completions) and how its
/// value is read into an `Invocation`.
///
/// ```swift
/// CommandOption(["--seed"], value: "N", summary: trMark("shuffle questions and options reproducibly")) {
///   invocation, text, messages throws(UsageError) in invocation.seed = UInt64(text)
/// }
/// ```
struct CommandOption: Sendable {
  /// Reads the option's value (a flag's is "") into the invocation; throws a one-line usage error.
  typealias Apply = @Sendable (inout Invocation, String, Localizer) throws(UsageError) -> Void

  /// The names it answers to; the first is the one messages use.
  var names: [String]
  /// What help shows for it: its names and its value, e.g. `--course PATH`.
  var label: String
  /// Whether it takes a value (`--course PATH`) or is a flag (`--rate`).
  var takesValue: Bool
  /// What it does (a catalog message id), or nil when help does not list it (`--version`'s is `--help`'s line).
  var summary: String?
  /// Whether `practice --help` (the overview) lists it; a command's `--help` lists every option it takes.
  var inOverview: Bool
  var apply: Apply

  init(
    _ names: [String], value: String? = nil, label: String? = nil, summary: String?, inOverview: Bool = false,
    apply: @escaping Apply
  ) {
    self.names = names
    self.takesValue = value != nil
    self.label = label ?? Self.label(names, value)
    self.summary = summary
    self.inOverview = inOverview
    self.apply = apply
  }

  /// `-o, --output PATH`: concatenated, not `joined(separator:)`, whose generic metadata the runtime
  /// builds from mangled names on first use (a twentieth of `practice -c quit`'s instructions).
  static func label(_ names: [String], _ value: String?) -> String {
    var label = ""
    for name in names {
      if !label.isEmpty { label += ", " }
      label += name
    }
    if let value { label += " " + value }
    return label
  }

  /// A flag: sets what `set` sets, whatever follows an `=`.
  static func flag(
    _ names: [String], summary: String?, inOverview: Bool = false,
    _ set: @escaping @Sendable (inout Invocation) -> Void
  ) -> CommandOption {
    CommandOption(names, summary: summary, inOverview: inOverview) { invocation, _, _ throws(UsageError) in
      set(&invocation)
    }
  }

  /// The name messages use: `--output` for `-o, --output`.
  var name: String { names.first { $0.hasPrefix("--") } ?? names[0] }
}
