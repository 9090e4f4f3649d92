import TextLayout

/// An output that wraps each line wider than a terminal at word boundaries before passing it on,
/// its further lines under a hanging indent; lines pass whole when the width is unknown.
///
/// `PracticeApp` puts one in front of standard error, with the width of the terminal standard
/// error is (nil when it is a file or a pipe), so an error on a terminal is never broken inside a
/// word by the terminal, and an error in a log file stays the one line the guide asks for.
///
/// ```swift
/// let out = TerminalWrappedOutput(StringOutput(), width: { 20 })
/// out.line("error: unknown command 'frobnicate'")
/// // "error: unknown\n  command\n  'frobnicate'\n"
/// ```
package final class TerminalWrappedOutput: TextOutput {
  package let wrapped: any TextOutput
  /// The terminal's width now (asked at every line, so a resized window is followed), or nil.
  package let width: () -> Int?
  /// The end of a line written without its newline yet: wrapped when the line is complete.
  private var pending = ""

  package init(_ wrapped: any TextOutput, width: @escaping () -> Int?) {
    self.wrapped = wrapped
    self.width = width
  }

  package func write(_ text: String) {
    guard let width = width() else {
      pending.isEmpty ? wrapped.write(text) : wrapped.write(take() + text)
      return
    }
    var lines = (pending + text).split(separator: "\n", omittingEmptySubsequences: false)
    pending = String(lines.removeLast())
    guard !lines.isEmpty else { return }
    wrapped.write(lines.flatMap { Self.lines(String($0), width: width) }.map { $0 + "\n" }.joined())
  }

  package func flush() {
    if !pending.isEmpty { wrapped.write(take()) }
    wrapped.flush()
  }

  package var writeFailed: Bool { wrapped.writeFailed }

  private func take() -> String {
    defer { pending = "" }
    return pending
  }

  /// `line` as it is when it fits `width`, else wrapped at word boundaries (Chinese between
  /// characters), the lines after the first indented two columns deeper than it.
  ///
  /// ```swift
  /// TerminalWrappedOutput.lines("error: no node 9.9.9: the course has 2 top-level nodes", width: 30)
  /// // ["error: no node 9.9.9: the", "  course has 2 top-level nodes"]
  /// ```
  package static func lines(_ line: String, width: Int) -> [String] {
    // A line that fits is kept as written: wrapping would fold its runs of spaces.
    guard DisplayWidth.of(line) > width else { return [line] }
    let lead = String(line.prefix { $0 == " " })
    let rest = lead + "  "
    let room = max(width - DisplayWidth.of(rest), 10)
    return TextWrapping.lines(String(line.dropFirst(lead.count)), width: room).enumerated().map {
      ($0.offset == 0 ? lead : rest) + $0.element
    }
  }
}
