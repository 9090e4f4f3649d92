import PracticeCLI
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

// The edges only: streams, terminal detection, signals. Everything else is PracticeApp.
// First of all, before any file is opened: a closed stdin, stdout or stderr is reopened on
// /dev/null, so a journal or lock can never be opened as descriptor 1 and receive our output.
TerminalSupport.reopenClosedStandardDescriptors()
TerminalSupport.ignoreSIGPIPE()
TerminalSupport.restoreTerminalOnSignals()
let output = StandardOutput()
var app = PracticeApp(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: TerminalSupport.environment(),
  output: output, errors: StandardError(),
  stdinIsTerminal: TerminalSupport.isTerminal(0), stdoutIsTerminal: TerminalSupport.isTerminal(1),
  makeTerminalReader: { completer, historyFile in
    LibeditLineReader(programName: "practice", historyFile: historyFile, completer: completer)
  },
  // The shipped course is looked for from the program's own path only: never the current folder.
  searchRoots: [TerminalSupport.executablePath() ?? ""],
  terminalColumns: { TerminalSupport.columns(of: 1) }, errorColumns: { TerminalSupport.columns(of: 2) })
app.exitsAfterRun = true
let status = app.run()
output.flush()
// A failed write on stdout wins over success: `practice report > full-disk/report.txt` must not say 0.
let exitStatus = output.exitStatus(reportingTo: app.errors, messages: app.startupLocalizer()) ?? status
app.errors.flush()
exit(exitStatus)
