import Localization
import Reports
import TextLayout

/// What `report` in the REPL asked for: the same options as `practice report`.
///
/// ```swift
/// let request = try ReportRequest.parse("2.3 --format md --output notes.md")
/// request.address  // "2.3"
/// ```
struct ReportRequest: Equatable {
  var address: String?
  var format = ReportFormat.text
  var output: String?
  var isClass = false
  /// `--items`: the class's item analysis (implies `--class`), with `--attempts first|all`.
  var isItems = false
  var attempts: ItemAnalysis.AttemptRule?

  /// Parses the words after `report` by the same definitions as `practice report`
  /// (`Commands.Report.reportOptions`); the words that are not options are the address.
  static func parse(_ argument: String, messages: Localizer = .english) throws(CommandFailure) -> ReportRequest {
    let options = Commands.Report.reportOptions.options
    let words = argument.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    var invocation = Invocation()
    let parsed: ParsedArguments
    do {
      parsed = try ParsedArguments.parse(words, known: options, messages: messages) { option in
        UsageError(
          messages.tr(
            "unknown option '{option}'; it takes {options}",
            ["option": option, "options": messages.list(options.map(\.name))]))
      }
      for option in parsed.options {
        try options.first { $0.names.contains(option.name) }!.apply(&invocation, option.value, messages)
      }
      try Commands.Report.checkItems(&invocation, messages)
    } catch {
      // Typed in the REPL: the message says which command, and shows no escape codes typed with it.
      let message = OutputSanitizer.clean(error.message)
      throw CommandFailure(messages.tr("report: {error}", ["error": message]))
    }
    var request = ReportRequest()
    // A title may have spaces: the words left over are one address.
    if !parsed.words.isEmpty { request.address = parsed.words.joined(separator: " ") }
    request.format = invocation.reportFormat
    request.output = invocation.reportOutput
    request.isClass = invocation.reportClass
    request.isItems = invocation.reportItems
    request.attempts = invocation.itemAttempts
    if request.isClass && !request.isItems && request.address != nil {
      throw CommandFailure(messages.tr("report --class covers the whole course; leave out the address"))
    }
    return request
  }
}
