import Foundation
import PracticeTestSupport
import TextLayout
import XCTest

/// The real REPL in a real terminal: tmux runs `practice`, `send-keys` types, `capture-pane` reads the screen.
final class TerminalSessionTests: XCTestCase {
  var folder: TemporaryFolder!
  var session = ""
  var calls = 0

  override func setUpWithError() throws {
    try XCTSkipUnless(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed; `make test` installs it")
    folder = TemporaryFolder()
    session = "practice-test-\(getpid())-\(Int.random(in: 0..<1_000_000))"
  }

  override func tearDown() {
    _ = try? tmux(["kill-server"])
  }

  /// Runs tmux through `sh`, and waits for the file its output is moved to when it is done.
  ///
  /// Neither Foundation's `Process` (the tmux server inherits and keeps its descriptors) nor
  /// `waitpid` (Foundation may reap the child first) can be trusted to tell when tmux finished.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> String {
    calls += 1
    let capture = folder.path + "/tmux-\(calls)"
    let quoted = (["/usr/bin/tmux", "-L", session] + arguments).map {
      "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let command =
      quoted.joined(separator: " ") + " </dev/null >'\(capture).part' 2>&1; mv '\(capture).part' '\(capture)'"
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
    defer { for arg in argv { free(arg) } }
    let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: capture) && Date() < deadline { usleep(5_000) }
    var status: Int32 = 0
    _ = waitpid(pid, &status, WNOHANG)
    return (try? String(contentsOfFile: capture, encoding: .utf8)) ?? ""
  }

  func screen() throws -> String { try tmux(["capture-pane", "-t", session, "-p"]) }

  /// Waits until the screen shows `text` (capture-pane trims trailing spaces, so neither may `text`) (the REPL answers asynchronously), failing after a few seconds.
  @discardableResult
  func waitFor(_ text: String, count: Int = 1, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let deadline = Date().addingTimeInterval(10)
    var last = ""
    while Date() < deadline {
      last = try screen()
      if last.components(separatedBy: text).count - 1 >= count { return last }
      usleep(50_000)
    }
    XCTFail("screen never showed \(text.debugDescription) \(count) time(s); it shows:\n\(last)", file: file, line: line)
    return last
  }

  func type(_ keys: String...) throws { try tmux(["send-keys", "-t", session] + keys) }

  /// - Parameter language: the course's `language` field, none when nil.
  func start(environment: [String: String], language: String? = nil, columns: Int = 100) throws {
    let course = try folder.write(
      "course.json",
      #"""
      {"format": "practice-course", "id": "term", "title": "终端", "nodes": [
        {"id": "c1", "title": "第一章 物态变化", "children": [
          {"id": "p1", "title": "熔化和凝固", "questions": [
            {"id": "q1", "type": "fill", "prompt": "水结成冰的物态变化叫作______。", "answers": ["凝固"], "explanation": "液态变固态是凝固。"}
          ]},
          {"id": "p2", "title": "Review", "questions": [
            {"id": "q2", "type": "truefalse", "prompt": "冰的熔点是 0 ℃。", "answer": true, "explanation": "标准大气压下。"}
          ]},
          {"id": "p3", "title": "Pairs", "questions": [
            {"id": "q3", "type": "matching", "prompt": "Match the change of state.", "explanation": "",
             "pairs": [["melting", "熔化"], ["freezing", "凝固"]]}
          ]},
          {"id": "p4", "title": "Card", "questions": [
            {"id": "q4", "type": "card", "prompt": "升华", "back": "sublimation: solid to gas", "explanation": ""}
          ]}
        ]}
      ]}
      """#.replacingOccurrences(
        of: #""title": "终端", "#, with: language.map { #""title": "终端", "language": "\#($0)", "# } ?? #""title": "终端", "#
      ))
    let env = environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
    let command =
      "env -i \(env) '\(PracticeBinary.url.path)' --course '\(course)' --data-dir '\(folder.path)/progress' --user t; echo EXITED=$?; sleep 30"
    try tmux(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "30", command])
    try waitFor("practice>")
  }

  func baseEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
    // English messages unless a test says otherwise (the shipped course speaks Chinese in the C locale).
    [
      "HOME": folder.path, "XDG_STATE_HOME": folder.path + "/state", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin",
      "LC_MESSAGES": "en_US.UTF-8",
    ]
    .merging(extra) { $1 }
  }

  /// A learner whose locale is Chinese (not installed on the machine) is spoken to in Chinese.
  func testChineseUnderLangZhCN() throws {
    var environment = baseEnvironment(["LANG": "zh_CN.UTF-8"])
    environment["LC_MESSAGES"] = nil
    try start(environment: environment)
    // Chapters and questions as the learner counts them, not the outline's five nodes.
    try waitFor("practice 0.1.0：终端，共 1 章、4 道题。")
    try waitFor("输入 help（帮助）查看命令")
    try type("开始 1.1", "Enter")
    try waitFor("第 1 题（共 1 题）· 填空题")
    try type("凝固", "Enter")
    try waitFor("✓ 答对了！")
    try waitFor("得分：共 1 题，答对 1 题（100%），用时")
    try type("退出", "Enter")
    try waitFor("EXITED=0")
  }

  /// With no locale at all, the Chinese course decides: Chinese prompts, feedback and help.
  func testChineseCourseWithLangUnset() throws {
    var environment = baseEnvironment()
    environment["LC_MESSAGES"] = nil
    try start(environment: environment, language: "zh-Hans")
    try waitFor("输入 help（帮助）查看命令")
    try type("开始 1.2", "Enter")
    try waitFor("（判断：对/错）")
    try type("错", "Enter")
    try waitFor("答错了。正确答案是 对。")  // "x", not "✗": no UTF-8 locale
    try type("帮助", "Enter")
    try waitFor("开始  start [--in-order] ADDR")
    try type("退出", "Enter")
    try waitFor("EXITED=0")
  }

  func testTypingTabHistoryCtrlCAndChineseAnswers() throws {
    try start(environment: baseEnvironment(["LANG": "C.UTF-8"]))
    try waitFor("practice 0.1.0: 终端, 1 chapter, 4 questions.")

    // Tab completes a command, then an address.
    try type("exp", "Tab")
    try waitFor("practice> expand")
    try type("1", "Enter")
    try waitFor("1.2  Review")
    // A title's start with one node: Tab puts in its address, which the command takes.
    try type("info 熔", "Tab")
    try waitFor("practice> info 1.1")
    try type("Enter")
    try waitFor("#p1")

    // Chinese typed at the prompt, edited with Backspace (one keypress deletes one wide character).
    try type("find 熔化和X", "BSpace", "Enter")
    try waitFor("1 match for '熔化和'")

    // Ctrl-C abandons the line; the REPL goes on.
    try type("info this line is abandoned", "C-c")
    try waitFor("^C")
    try type("ls", "Enter")
    try waitFor("▾ 1", count: 2)

    // Up recalls history.
    try type("Up", "Up", "Enter")
    let screen = try waitFor("1 match for '熔化和'", count: 2)
    XCTAssertFalse(screen.contains("^[[A"), screen)

    // A question answered in Chinese at the real prompt.
    try type("start 1.1", "Enter")
    try waitFor("[1/1] >")
    try type("凝固", "Enter")
    try waitFor("✓ Correct.")

    // Ctrl-C during a question ends the session like `quit`, keeping what was answered.
    try type("start 1.2", "Enter")
    try waitFor("冰的熔点是 0 ℃。")
    try type("C-c")
    try waitFor("Session ended early; your answers so far are kept")
    try waitFor("practice>", count: 1)

    try type("C-d")
    try waitFor("EXITED=0")
    let history = try String(contentsOfFile: folder.path + "/state/practice/t/history", encoding: .utf8)
    XCTAssertTrue(history.contains("find"), history)
  }

  func testMatchingAndFlashcardAtTheRealPrompt() throws {
    try start(environment: baseEnvironment(["LANG": "C.UTF-8"]))
    try type("start 1.3", "Enter")
    try waitFor("Match the change of state.")
    let screen = try waitFor("[1/1] >")
    // Without --seed the choices are shuffled: find which letter is 熔化 on the screen.
    let melting = screen.contains("A. 熔化") ? "a" : "b"
    let freezing = melting == "a" ? "b" : "a"
    try type("1\(freezing) 2\(melting)", "Enter")
    try waitFor("0 of 2 pairs right")
    try type("mistakes", "Enter")
    try waitFor("Mistakes: 1 question to retry")
    let again = try waitFor("[1/1] >", count: 2).components(separatedBy: "Mistakes:").last ?? ""
    let melted = again.contains("A. 熔化") ? "a" : "b"
    try type("1\(melted) 2\(melted == "a" ? "b" : "a")", "Enter")
    try waitFor("Every mistake is put right.")
    try type("start 1.4", "Enter")
    let card = try waitFor("(press Enter to see the back)")
    XCTAssertFalse(card.contains("sublimation"), card)
    try type("Enter")
    try waitFor("sublimation: solid to gas")
    try waitFor("(did you know it? y or n)")
    try type("n", "Enter")
    try waitFor("✗ Not known yet.")
    try waitFor("type 'mistakes 1.4'")
    try type("quit", "Enter")
    try waitFor("EXITED=0")
  }

  /// At an answer prompt: Ctrl-C clears typed text, and on an empty line ends the session; Ctrl-D
  /// ends the session, not the program; answers and commands have separate histories; `start`
  /// offers to resume; Tab lists addresses with their titles.
  func testTheAnswerPromptCtrlCCtrlDHistoriesResumeAndTab() throws {
    try start(environment: baseEnvironment(["LANG": "C.UTF-8"]))
    try type("start --in-order 1", "Enter")
    try waitFor("[1/4] >")
    try type("not this", "C-c")
    try waitFor("not this^C")
    try waitFor("[1/4] >", count: 2)
    try type("凝固", "Enter")
    try waitFor("✓ Correct.")
    try waitFor("[2/4] >")
    XCTAssertFalse(try screen().contains("Session ended early"))
    try type("C-d")
    try waitFor("Session ended early")
    try waitFor("practice>")
    // Up at the command prompt: the last command, never the answer.
    try type("Up")
    try waitFor("practice> start --in-order 1")
    try type("C-c")
    try type("start 1", "Enter")
    try waitFor("Resume at question 2 of 4? [Y/n]")
    try type("Enter")
    try waitFor("Resuming: 1 第一章 物态变化, at question 2 of 4")
    try waitFor("[2/4] >")
    // Up at an answer prompt: the answers typed, not the commands.
    try type("Up")
    try waitFor("[2/4] > 凝固")
    try type("C-c")
    try waitFor("[2/4] >", count: 2)
    try type("C-c")
    try waitFor("Session ended early", count: 2)
    try type("start 1", "Tab")
    try waitFor("1.2 Review")
    try type("C-c", "quit", "Enter")
    try waitFor("EXITED=0")
    let history = try String(contentsOfFile: folder.path + "/state/practice/t/history", encoding: .utf8)
    // Three commands typed (libedit writes its own escapes and a header line); no answer.
    let entries = history.split(separator: "\n").filter { !$0.hasPrefix("_HiStOrY_") }
    XCTAssertEqual(entries.count, 3, history)
    XCTAssertTrue(history.contains("in-order"), history)
  }

  /// A long Chinese line edited at 40 columns: typed, 12 characters back, one deleted. The screen
  /// must show the line with exactly that character gone, wrapped where the terminal wraps it.
  /// The window starts at 80 columns and is narrowed at the prompt (as tmux does when a client
  /// attaches, or a pane is split): libedit had kept drawing for 80 columns, and the deletion left
  /// `…应是汽` with 化 pushed to the next row until Ctrl-L.
  func testEditingAChineseLineAtFortyColumns() throws {
    let typed = "这个过程叫做汽化我觉得应该是汽化吧老师说过的好像是"
    var expected = typed
    expected.remove(at: expected.index(expected.endIndex, offsetBy: -13))
    XCTAssertEqual(expected, "这个过程叫做汽化我觉得应是汽化吧老师说过的好像是")
    for resized in [false, true] {
      try start(environment: baseEnvironment(["LANG": "C.UTF-8"]), columns: resized ? 80 : 40)
      if resized { try tmux(["resize-window", "-t", session, "-x", "40", "-y", "30"]) }
      // Typed in two halves, the second after the resize has been seen.
      try type(String(typed.prefix(11)))
      try waitFor(String(typed.prefix(11)))
      try type(String(typed.dropFirst(11)))
      try waitFor("好像是")
      for _ in 0..<12 { try type("Left") }
      try type("BSpace")
      // The prompt and the line, as a 40-column terminal wraps them (a wide character never split).
      var rows = [""]
      for character in "practice> " + expected {
        if DisplayWidth.of(rows[rows.count - 1] + String(character)) > 40 { rows.append("") }
        rows[rows.count - 1].append(character)
      }
      XCTAssertEqual(rows, ["practice> 这个过程叫做汽化我觉得应是汽化", "吧老师说过的好像是"])
      let screen = try waitFor(rows.joined(separator: "\n"))
      XCTAssertFalse(screen.contains(typed), screen)
      try type("C-u", "quit", "Enter")
      try waitFor("EXITED=0")
      _ = try? tmux(["kill-server"])
    }
  }

  /// At 40 columns, a learner on day 2 (Chinese, then English): the greeting names the next step
  /// (only a terminal shows it), and `due` and `report` list every figure their wide tables have;
  /// golden, as the screen shows them.
  func testGreetingDueAndReportAtFortyColumns() throws {
    for language in ["zh", "en"] {
      let data = folder.path + "/narrow-\(language)"
      let common = ["--lang", language, "--seed", "3", "--data-dir", data, "--user", "learner"]
      let environment = PracticeBinary.environment(dataDirectory: folder.path)
      for (now, script) in [
        ("2026-12-01T08:00:00Z", "start --in-order 1.1\n物态变化\na\nskip\n冷热程度\nquit\n"),
        ("2026-12-01T09:00:00Z", "start --in-order 1.2\nskip\nquit\n"),
      ] {
        _ = try PracticeBinary.run(common + ["--now", now], stdin: script, environment: environment)
      }
      let env = baseEnvironment(["LANG": "C.UTF-8", "TZ": "UTC"]).map { "\($0.key)='\($0.value)'" }.sorted()
        .joined(separator: " ")
      let command =
        "env -i \(env) '\(PracticeBinary.url.path)' \(common.joined(separator: " ")) --now 2026-12-02T09:00:00Z; echo EXITED=$?; sleep 30"
      try tmux(["new-session", "-d", "-s", session, "-x", "40", "-y", "30", command])
      try waitFor("practice>")
      try type("due", "Enter")
      try waitFor(language == "zh" ? "按今天的上限" : "Today's limits")
      try type("report", "Enter")
      try waitFor(language == "zh" ? "每天答题数" : "Answers per day")
      try type("quit", "Enter")
      try waitFor("EXITED=0")
      let screen = try tmux(["capture-pane", "-p", "-S", "-400", "-t", session])
      let lines = screen.components(separatedBy: "\n")
      for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 40, line) }
      let shown = lines.prefix { !$0.hasPrefix("EXITED=") }.joined(separator: "\n")
      assertSnapshot(shown + "\n", named: "narrow-day2-\(language)")
      _ = try? tmux(["kill-server"])
    }
  }

  func testChineseInputWorksWithoutALocale() throws {
    // With LANG unset libedit would drop multibyte input; practice forces a UTF-8 character type.
    try start(environment: baseEnvironment())
    try type("start 熔化和凝固", "Enter")
    try waitFor("[1/1] >")
    try type("凝固", "Enter")
    // The Chinese answer arrives whole; the course's Chinese is shown as UTF-8, so the marks are too.
    try waitFor("✓ Correct.")
  }

  /// At 40 columns (here COLUMNS=40 in a wider window, so overlong lines stay visible as such) the
  /// greeting, a session, help and the report fit: the terminal had broken them anywhere.
  func testANarrowTerminalGetsWrappedLinesEverywhere() throws {
    var environment = baseEnvironment(["LANG": "zh_CN.UTF-8", "COLUMNS": "40"])
    environment["LC_MESSAGES"] = nil
    try start(environment: environment)
    try type("start 1.1", "Enter")
    try waitFor("[1/1] >")
    try type("熔化", "Enter")
    try waitFor("答错了")
    try type("help", "Enter")
    try waitFor("退出  quit")
    try type("report", "Enter")
    try waitFor("每天答题数")
    // Errors (on stderr) wrap too, as the terminal broke them mid-word.
    try type("frobnicate the widget", "Enter")
    try waitFor("错误：")
    try type("report --format xml", "Enter")
    try waitFor("错误：", count: 2)
    try type("report --class", "Enter")
    try waitFor("班级报告")
    // The outline's rows and their figures, under the title column.
    try type("expand all", "Enter")
    try waitFor("1.4  Card")
    // What falls due: too narrow for the table, each node is listed with all eight days under it.
    try type("due", "Enter")
    try waitFor("今天 1")
    let screen = try tmux(["capture-pane", "-p", "-S", "-200", "-t", session])
    let dueLines = screen.components(separatedBy: "practice> due").last ?? ""
    let days = dueLines.matches(of: /\d\d-\d\d \d/).count
    XCTAssertEqual(days % 7, 0, dueLines)
    XCTAssertGreaterThanOrEqual(days, 7, dueLines)
    for line in screen.components(separatedBy: "\n") where !line.hasPrefix("practice>") && !line.hasPrefix("[") {
      XCTAssertLessThanOrEqual(DisplayWidth.of(line), 40, line)
    }
  }

  func testReportFitsTheTerminal() throws {
    // The session is 100 columns wide; COLUMNS says 64, as a resized or narrower window would.
    try start(environment: baseEnvironment(["LANG": "C.UTF-8", "COLUMNS": "64"]))
    try type("start 1.1", "Enter")
    try waitFor("[1/1] >")
    try type("凝固", "Enter")
    try waitFor("Correct.")
    try type("report", "Enter")
    let screen = try waitFor("What to study next")
    let table = screen.components(separatedBy: "\n").drop { !$0.hasPrefix("Part") }.prefix { !$0.isEmpty }
    XCTAssertGreaterThan(table.count, 4, screen)
    for line in table { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 64, line) }
    XCTAssertFalse(screen.contains("Last studied"), screen)
    XCTAssertTrue(table.contains { $0.contains("熔化和凝固") }, screen)
  }

  /// The REPL's errors in a log file (`2>file`) are one line each, as the guide asks; on the
  /// terminal they are wrapped at word boundaries (the old code wrapped both to stdout's width).
  func testErrorsWrapOnlyWhenStderrIsATerminal() throws {
    let log = folder.path + "/errors.log"
    let env = baseEnvironment(["LANG": "C.UTF-8", "COLUMNS": "30"]).map { "\($0.key)='\($0.value)'" }.sorted()
      .joined(separator: " ")
    let missing = folder.path + "/no/such/folder/anywhere/course.json"
    let command =
      "env -i \(env) '\(PracticeBinary.url.path)' --course '\(missing)'; "
      + "env -i \(env) '\(PracticeBinary.url.path)' --data-dir '\(folder.path)/progress' --user t 2>'\(log)'; "
      + "echo EXITED=$?; sleep 30"
    try tmux(["new-session", "-d", "-s", session, "-x", "100", "-y", "30", command])
    let screen = try waitFor("practice>")
    // The start-up error, before any REPL: wrapped at word boundaries to 30 columns.
    let startup = screen.components(separatedBy: "\n").prefix { !$0.hasPrefix("practice") }.filter { !$0.isEmpty }
    XCTAssertGreaterThan(startup.count, 2, screen)
    for line in startup { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 30, screen) }
    XCTAssertTrue(startup.contains { $0.hasSuffix(" or") || $0.hasSuffix(" folder;") }, screen)
    XCTAssertFalse(startup.contains { $0.hasSuffix("fol") }, screen)
    try type("frobnicate the widget and the gadget", "Enter")
    try type("start 9.9.9", "Enter")
    try type("quit", "Enter")
    try waitFor("EXITED=0")
    let logged = try String(contentsOfFile: log, encoding: .utf8)
    XCTAssertEqual(
      logged.components(separatedBy: "\n").filter { !$0.isEmpty },
      [
        "error: unknown command 'frobnicate'; type 'help' for the commands",
        "error: no node 9.9.9: the course has 2 top-level nodes (1-2)",
      ], logged)
  }
}
