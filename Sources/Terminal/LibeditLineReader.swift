import CLibedit
package import PracticeCLI
import PracticeFiles
import TextLayout

/// Reads lines on a terminal with libedit: emacs keys, history, Tab completion, wide characters.
///
/// Owns the `EditLine` and `History` it creates, so it is a class with identity; libedit's
/// callbacks find it again through `EL_CLIENTDATA`. Use it only when standard input is a
/// terminal (`PracticeApp` decides, from `stdinIsTerminal`): on a pipe libedit prints no prompt and drops
/// invalid bytes silently.
///
/// Ctrl-C clears the line and reads as `.interrupt`; Ctrl-D on an empty line reads as `.end`.
package final class LibeditLineReader: LineReader {
  private var editLine: OpaquePointer?
  /// The command history, kept in `historyFile` across runs.
  private var history: OpaquePointer?
  /// Answers typed during practice: Up recalls them at an answer prompt only, and they are not saved.
  private var answerHistory: OpaquePointer?
  private var answering = false
  /// Turns a Tab candidate into what the list shows (an address with its title).
  private var describe: (String) -> String = { $0 }
  private let historyFile: String?
  private let completer: (String) -> [String]

  /// The prompt as libedit reads it: one buffer reused for every prompt, because libedit keeps
  /// no copy and a fresh allocation per call would leak.
  private var promptBuffer: UnsafeMutablePointer<CChar>
  private var promptCapacity: Int

  /// Set by the Ctrl-C key function so the line it ends is discarded.
  private var interrupted = false

  /// Marks the start and end of bytes the terminal does not show (colour codes in the prompt).
  static let invisibleMarker: CChar = 1

  /// Sets up libedit on standard input and output and loads the history.
  ///
  /// - Parameters:
  ///   - programName: the name libedit reports and `~/.editrc` sections match.
  ///   - historyFile: where history is kept between runs, or nil for none (`PracticeApp.historyPath`).
  ///   - completer: given the line up to the cursor, the full words that could replace its
  ///     last word (the text after the last space).
  package init(programName: String, historyFile: String?, completer: @escaping (String) -> [String]) {
    self.historyFile = historyFile
    self.completer = completer
    promptCapacity = 256
    promptBuffer = .allocate(capacity: promptCapacity)
    promptBuffer.initialize(to: 0)

    // In the C locale libedit drops every multibyte character: force a UTF-8 LC_CTYPE.
    _ = practice_ensure_utf8_ctype()
    editLine = practice_el_init(programName)
    history = history_init()
    answerHistory = history_init()
    if let answerHistory {
      practice_history_setsize(answerHistory, 200)
      practice_history_setunique(answerHistory, 1)
    }
    guard let editLine else { return }

    practice_el_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
    practice_el_set_editor(editLine, "emacs")
    practice_el_set_prompt_esc(
      editLine,
      { editLine in
        LibeditLineReader.owner(of: editLine).map { UnsafePointer($0.promptBuffer) }
      }, Self.invisibleMarker)
    // libedit's own signal handling (EL_SIGNAL) stays off: it re-raises with kill(0, …), which
    // also hits every process in our group (a pager, tmux's shell). With ISIG off, Ctrl-C and
    // Ctrl-Z reach the key map as characters and are handled below instead.
    practice_el_setty_edit(editLine, "-isig")
    // A terminal resized while a line is edited is followed at once (see the shim).
    practice_el_follow_resizes(editLine)

    practice_el_add_function(
      editLine, "practice-complete", "Complete the last word",
      { editLine, _ in
        LibeditLineReader.owner(of: editLine)?.complete() ?? UInt8(CC_ERROR)
      })
    practice_el_bind(editLine, "^I", "practice-complete")
    practice_el_add_function(
      editLine, "practice-interrupt", "Abandon the line",
      { editLine, _ in
        LibeditLineReader.owner(of: editLine)?.interrupt() ?? UInt8(CC_NEWLINE)
      })
    practice_el_bind(editLine, "^C", "practice-interrupt")
    practice_el_add_function(
      editLine, "practice-suspend", "Suspend the program",
      { editLine, _ in
        LibeditLineReader.owner(of: editLine)?.suspend() ?? UInt8(CC_NORM)
      })
    practice_el_bind(editLine, "^Z", "practice-suspend")

    if let history {
      practice_history_setsize(history, 1000)
      practice_history_setunique(history, 1)
      practice_el_set_history(editLine, history)
      if let historyFile { practice_history_load(history, historyFile) }
    }
  }

  deinit {
    close()
    promptBuffer.deallocate()
  }

  /// Ends libedit, which puts the terminal back as it found it. Later reads return `.end`.
  package func close() {
    if let editLine { el_end(editLine) }
    if let history { history_end(history) }
    if let answerHistory { history_end(answerHistory) }
    answerHistory = nil
    editLine = nil
    history = nil
  }

  package func readLine(prompt: String) -> LineInput {
    guard let editLine else { return .end }
    setPrompt(prompt)
    interrupted = false
    var count: Int32 = 0
    practice_winch_interrupts(1)
    let bytes = el_gets(editLine, &count)
    practice_winch_interrupts(0)
    // Checked first: an interrupted empty line also comes back as NULL.
    if interrupted {
      interrupted = false
      return .interrupt
    }
    guard let bytes else {
      // libedit echoes Ctrl-D as `^D` and stays on that line; later output belongs below it.
      practice_el_write(editLine, "\n")
      return .end
    }
    var line = UnsafeBufferPointer(start: bytes, count: Int(max(count, 0)))
      .withMemoryRebound(to: UInt8.self) { Array($0) }
    if line.last == UInt8(ascii: "\n") { line.removeLast() }
    guard let text = String(validating: line, as: UTF8.self) else {
      return .rejected(.notUTF8)
    }
    remember(text)
    return .line(text)
  }

  // MARK: - History

  package func setAnswering(_ answering: Bool) {
    guard answering != self.answering, let editLine else { return }
    self.answering = answering
    if let current = answering ? answerHistory : history { practice_el_set_history(editLine, current) }
  }

  package func setCandidateLabels(_ describe: @escaping (String) -> String) {
    self.describe = describe
  }

  /// Adds a non-empty line to the history and saves the file, so a crash loses nothing.
  private func remember(_ line: String) {
    guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
    if answering {
      if let answerHistory { practice_history_enter(answerHistory, line) }
      return
    }
    guard let history else { return }
    practice_history_enter(history, line)
    guard let historyFile else { return }
    // Best effort, as before: a history that cannot be saved never stops the session.
    try? POSIXFileSystem().makeDirectories(PathText.deletingLastComponent(historyFile))
    // Written aside and renamed (the file layer's atomic replace), so a crash mid-save never leaves
    // a truncated history.
    try? AtomicFileWriter().replace(historyFile, mode: 0o600) { (temporary) throws(FileSystemError) in
      guard practice_history_save(history, temporary) >= 0 else {
        throw FileSystemError(
          operation: "write", path: temporary, code: FileSystemError.ioErrorCode, reason: "libedit could not save")
      }
    }
  }

  // MARK: - Callbacks

  /// The reader registered on `editLine`, from libedit's client data.
  private static func owner(of editLine: OpaquePointer?) -> LibeditLineReader? {
    guard let editLine, let data = practice_el_get_clientdata(editLine) else { return nil }
    return Unmanaged<LibeditLineReader>.fromOpaque(data).takeUnretainedValue()
  }

  private func setPrompt(_ prompt: String) {
    let bytes = Self.markInvisible(prompt)
    if bytes.count + 1 > promptCapacity {
      promptBuffer.deallocate()
      promptCapacity = bytes.count + 1
      promptBuffer = .allocate(capacity: promptCapacity)
    }
    bytes.withUnsafeBufferPointer { source in
      promptBuffer.update(from: source.baseAddress!, count: bytes.count)
    }
    promptBuffer[bytes.count] = 0
  }

  /// The prompt's bytes with each escape sequence wrapped in `invisibleMarker`s, so libedit
  /// does not count colour codes as columns. NULs are dropped: they would end the C string.
  static func markInvisible(_ prompt: String) -> [CChar] {
    var result: [CChar] = []
    var inEscape = false
    for byte in prompt.utf8 where byte != 0 {
      if byte == 0x1B, !inEscape {
        result.append(invisibleMarker)
        inEscape = true
      }
      result.append(CChar(bitPattern: byte))
      // A CSI sequence (ESC [ … final) ends at its first letter after the opening bracket.
      if inEscape, byte != 0x1B, byte != UInt8(ascii: "["), (0x40...0x7E).contains(byte) {
        result.append(invisibleMarker)
        inEscape = false
      }
    }
    if inEscape { result.append(invisibleMarker) }
    return result
  }

  /// Tab: completes the last word, or lists the candidates when nothing more can be inserted.
  private func complete() -> UInt8 {
    guard let editLine, let info = el_line(editLine) else { return UInt8(CC_ERROR) }
    let start = UnsafeRawPointer(info.pointee.buffer!)
    let length = UnsafeRawPointer(info.pointee.cursor!) - start
    let line = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    // Candidates come from course titles: shown and inserted only as the sanitiser shows them.
    let candidates = completer(line).map { OutputSanitizer.clean($0) }
    switch CompletionAction.plan(line: line, candidates: candidates) {
    case .none:
      return UInt8(CC_REFRESH_BEEP)
    case .edit(let deleting, let inserting):
      if deleting > 0 { el_deletestr(editLine, Int32(deleting)) }
      if el_insertstr(editLine, inserting) != 0 { return UInt8(CC_REFRESH_BEEP) }
      return UInt8(CC_REFRESH)
    case .list(let candidates):
      let columns = Int(practice_el_columns(editLine))
      // Labels hold course titles: each passes the one sanitiser before it is measured and shown
      // (a title's `ESC ] 52 ;` would otherwise write the clipboard when Tab lists it).
      let labels = candidates.map { OutputSanitizer.clean(describe($0)) }
      practice_el_write(editLine, "\n" + CompletionAction.columns(labels, width: columns))
      return UInt8(CC_REDISPLAY)
    }
  }

  /// Ctrl-Z: gives the terminal back, stops like any job, and redraws the line on `fg`.
  private func suspend() -> UInt8 {
    guard let editLine else { return UInt8(CC_NORM) }
    practice_el_write(editLine, "^Z\n")
    practice_el_prep_term(editLine, 0)
    TerminalSupport.stopProcess()
    practice_el_prep_term(editLine, 1)
    return UInt8(CC_REDISPLAY)
  }

  /// Ctrl-C: shows `^C` after the line, ends it, and marks it to be discarded.
  ///
  /// With text typed, only that text goes (as in bash and psql): a fresh prompt, and reading goes
  /// on. On an empty line the read ends as `.interrupt`, which ends a practice session.
  private func interrupt() -> UInt8 {
    guard let editLine else {
      interrupted = true
      return UInt8(CC_NEWLINE)
    }
    // Reprinting the text after the cursor moves the terminal's cursor to the end of the line
    // (wrapping as the line does), so `^C` does not overwrite it.
    var rest = ""
    var whole = ""
    if let info = el_line(editLine) {
      let start = UnsafeRawPointer(info.pointee.buffer!)
      let cursor = UnsafeRawPointer(info.pointee.cursor!)
      let end = UnsafeRawPointer(info.pointee.lastchar!)
      rest = String(decoding: UnsafeRawBufferPointer(start: cursor, count: end - cursor), as: UTF8.self)
      whole = String(decoding: UnsafeRawBufferPointer(start: start, count: end - start), as: UTF8.self)
    }
    practice_el_write(editLine, rest + "^C\n")
    guard whole.isEmpty else {
      // libedit counts characters, not bytes: move to the end, then delete the whole line.
      _ = el_cursor(editLine, Int32(rest.unicodeScalars.count))
      el_deletestr(editLine, Int32(whole.unicodeScalars.count))
      return UInt8(CC_REDISPLAY)
    }
    interrupted = true
    return UInt8(CC_NEWLINE)
  }
}
