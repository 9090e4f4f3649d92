package import Foundation

/// Runs the built `practice` executable, as a user would, and captures what it printed.
///
/// ```swift
/// let result = try PracticeBinary.run(["--version"], environment: PracticeBinary.environment(dataDirectory: tmp))
/// XCTAssertEqual(result.status, 0)
/// ```
package struct PracticeBinary {

  /// The executable next to the test bundle (`.build/debug/practice`), or `$PRACTICE_BINARY`, so the
  /// same tests can check the static release build (`PRACTICE_BINARY=.build/static/release/practice`).
  package static var url: URL {
    if let path = ProcessInfo.processInfo.environment["PRACTICE_BINARY"], !path.isEmpty {
      return URL(fileURLWithPath: path, relativeTo: Repository.root).standardizedFileURL
    }
    let bundle = Bundle.main.bundleURL
    for candidate in [bundle.deletingLastPathComponent(), bundle] {
      let url = candidate.appendingPathComponent("practice")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return Repository.root.appendingPathComponent(".build/debug/practice")
  }

  package struct Result {
    package var stdout: String
    package var stderr: String
    package var status: Int32

    /// All of it, as a golden transcript stores it.
    package var transcript: String {
      var text = stdout
      if !stderr.isEmpty { text += "--- stderr\n" + stderr }
      text += "--- exit \(status)\n"
      return text
    }
  }

  /// An environment that makes output reproducible: no color, UTF-8, a private data folder.
  package static func environment(dataDirectory: String, extra: [String: String] = [:]) -> [String: String] {
    var env = ["LANG": "C.UTF-8", "NO_COLOR": "1", "HOME": dataDirectory, "USER": "learner", "PATH": "/usr/bin:/bin"]
    // Messages in English whatever the course's language (the shipped course would speak Chinese
    // in the C locale); Chinese transcripts and tests pass `--lang zh` or set their own variables.
    env["LC_MESSAGES"] = "en_US.UTF-8"
    // Study days and the times people read are local: UTC here, whatever the machine's zone (tests
    // of other zones set TZ themselves).
    env["TZ"] = "UTC"
    env["XDG_DATA_HOME"] = dataDirectory + "/data"
    env["XDG_STATE_HOME"] = dataDirectory + "/state"
    for (k, v) in extra { env[k] = v }
    return env
  }

  /// Starts the binary with `stdin` fed from another thread (so a killed process cannot block the
  /// test); returns the process and the pipe of its standard output, for reading while it runs.
  /// `closingInput` false leaves standard input open after `stdin`, so the program waits for more
  /// (at the end of its input it would end the session, as a learner's Ctrl-D does).
  package static func start(
    _ arguments: [String], stdin: String, environment: [String: String], closingInput: Bool = true
  ) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let script = Data(stdin.utf8)
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      try? writer.write(contentsOf: script)
      if closingInput { try? writer.close() }
    }
    return (process, output)
  }

  package static func run(
    _ arguments: [String], stdin: String = "", environment: [String: String], currentDirectory: URL = Repository.root,
    mergingErrors: Bool = false, executable: URL = url
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = currentDirectory
    // `make test` gathers every journal record the suite makes the program write (JournalTap).
    let tapped = JournalTap.before(arguments: arguments, environment: environment, currentDirectory: currentDirectory)
    defer { JournalTap.collect(after: tapped) }
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    // Merged, a transcript shows each error right after the command that caused it.
    process.standardError = mergingErrors ? output : errors
    if mergingErrors { try errors.fileHandleForWriting.close() }
    try process.run()
    // Read both pipes while the process runs, so a large output cannot block it.
    nonisolated(unsafe) var outData = Data()
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      outData = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errData = errors.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    try input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    return Result(
      stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
      status: process.terminationStatus)
  }
}
