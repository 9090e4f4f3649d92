import Localization

/// A command line split into the options given (each with its value) and the other words, by the
/// options' definitions: which names exist and which take a value (`--limit -1` reads `-1` as the value).
struct ParsedArguments {
  /// An option as given: the name typed (`-o`, `--output`) and its value ("" for a flag).
  struct Given: Equatable {
    var name: String
    var value: String
  }

  var options: [Given] = []
  var words: [String] = []

  /// Splits `arguments` by `known`; an option none of them names is `unknown(option)`, and one without its
  /// value "{option} needs a value". `--` ends the options.
  static func parse(
    _ arguments: some Sequence<String>, known: [CommandOption], messages: Localizer,
    unknown: (String) -> UsageError
  ) throws(UsageError) -> ParsedArguments {
    try parse(arguments, messages: messages, unknown: unknown) { name in known.first { $0.names.contains(name) } }
  }

  /// Splits `arguments`, asking `definition` for each option typed (only whether it takes a value is used).
  static func parse(
    _ arguments: some Sequence<String>, messages: Localizer, unknown: (String) -> UsageError,
    definition: (_ name: String) -> CommandOption?
  ) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var rest = Array(arguments)[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        parsed.words += rest
        break
      }
      guard argument.hasPrefix("-") && argument.count > 1 else {
        parsed.words.append(argument)
        continue
      }
      var name = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      guard let option = definition(name) else { throw unknown(argument) }
      guard option.takesValue else {
        parsed.options.append(Given(name: name, value: ""))
        continue
      }
      guard let value = inline ?? rest.popFirst() else {
        throw UsageError(messages.tr("{option} needs a value", ["option": name]))
      }
      parsed.options.append(Given(name: name, value: value))
    }
    return parsed
  }
}
