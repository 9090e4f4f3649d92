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

  static func parse(_ argument: String, messages: Localizer = .english) throws(CommandFailure) -> ReportRequest {
    var request = ReportRequest()
    var words = argument.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]
    var addressWords: [String] = []
    while let word = words.popFirst() {
      var name = word
      var value: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
      }
      func take() throws(CommandFailure) -> String {
        if let value { return value }
        guard let next = words.popFirst() else {
          throw CommandFailure(messages.tr("report: {option} needs a value", ["option": name]))
        }
        return next
      }
      switch name {
      case "--format":
        let text = try take()
        guard let format = ReportFormat(rawValue: text) else {
          throw CommandFailure(
            messages.tr(
              "report: --format must be {choices}, not '{format}'",
              ["choices": Invocation.wordList(ReportFormat.allCases, messages), "format": OutputSanitizer.clean(text)]))
        }
        request.format = format
      case "--output", "-o": request.output = try take()
      case "--class": request.isClass = true
      case "--items": request.isItems = true
      case "--attempts":
        let text = try take()
        guard let rule = ItemAnalysis.AttemptRule(rawValue: text) else {
          throw CommandFailure(
            messages.tr("report: --attempts must be first or all, not '{text}'", ["text": OutputSanitizer.clean(text)]))
        }
        request.attempts = rule
      default:
        if word.hasPrefix("-") && word.count > 1 {
          throw CommandFailure(
            messages.tr(
              "report: unknown option '{option}'; it takes --format, --class, --items, --attempts, --output",
              ["option": OutputSanitizer.clean(word)]))
        }
        addressWords.append(word)
      }
    }
    // A title may have spaces: the words left over are one address.
    if !addressWords.isEmpty { request.address = addressWords.joined(separator: " ") }
    if request.attempts != nil && !request.isItems {
      throw CommandFailure(messages.tr("report: --attempts belongs to --items"))
    }
    if request.isItems { request.isClass = true }
    if request.isClass && !request.isItems && request.address != nil {
      throw CommandFailure(messages.tr("report --class covers the whole course; leave out the address"))
    }
    return request
  }
}
