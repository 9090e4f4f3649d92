import CourseOutline
import Foundation
import Localization
import TextLayout

/// Feeds lines from a reader to the shell until `quit` or the end of input.
///
/// Scripted runs report errors as `SOURCE:LINE: message` and count them for
/// the exit status; the REPL just shows them and goes on.
package struct ShellLoop {
  package var source: String
  package var isInteractive: Bool
  package var echo: Bool
  package var bail: Bool

  package init(source: String, isInteractive: Bool, echo: Bool = false, bail: Bool = false) {
    self.source = source
    self.isInteractive = isInteractive
    self.echo = echo
    self.bail = bail
  }

  /// Runs to the end; returns the exit status: 0, or 1 if a command failed in a script.
  package func run(_ shell: Shell, reader: any LineReader, output: any TextOutput, errors: any TextOutput) -> Int32 {
    var failures = 0
    var lineNumber = 0
    loop: while true {
      output.flush()
      // Nobody sees the output any more (`| head -1`, a full disk): stop, keeping every answer.
      if output.writeFailed { break loop }
      let prompt = shell.prompt
      reader.setAnswering(shell.expectsAnswer)
      // The course's parse tree is freed while the learner reads the prompt, not before it is shown.
      if isInteractive { DeferredRelease.releaseNow() }
      let input = reader.readLine(prompt: isInteractive ? prompt : "")
      lineNumber += 1
      switch input {
      case .end:
        // Ctrl-D at an answer prompt ends the session, not the program.
        if isInteractive && shell.expectsAnswer {
          output.line()
          shell.interrupt()
          continue
        }
        break loop
      case .interrupt:
        shell.interrupt()
        continue
      case .rejected(let reason):
        failures += 1
        report(reason.description(shell.messages), line: lineNumber, shell: shell, errors: errors, output: output)
        if bail { break loop }
      case .line(let line):
        if echo { output.line(prompt + OutputSanitizer.clean(line)) }
        switch shell.handle(line) {
        case .ok: break
        case .quit: break loop
        case .failed(let failure):
          failures += 1
          report(failure.message, line: lineNumber, shell: shell, errors: errors, output: output)
          if bail { break loop }
        }
      }
    }
    // The input ended mid-session: end it as `quit` would, keeping the answers.
    let warning = shell.close()
    output.flush()
    // Wrapped by `errors` itself, and only when stderr is a terminal: a log file gets one line.
    if let warning { errors.line(warning) }
    return !isInteractive && failures > 0 ? 1 : 0
  }

  func report(_ message: String, line: Int, shell: Shell, errors: any TextOutput, output: any TextOutput) {
    let messages = shell.messages
    output.flush()
    if isInteractive {
      // One line: `errors` wraps it with a hanging indent when stderr is a terminal (and only then).
      errors.line(messages.tr("error: {message}", ["message": message]))
    } else {
      errors.line("\(source):\(line): \(message)")
    }
  }
}

/// Reads `-c 'CMD; CMD'` as lines.
package final class CommandStringReader: LineReader {
  private var commands: [String]

  package init(_ text: String) {
    commands = text.split(separator: ";", omittingEmptySubsequences: false).map {
      $0.trimmingSpaces()
    }
  }

  package func readLine(prompt: String) -> LineInput {
    commands.isEmpty ? .end : .line(commands.removeFirst())
  }
}
