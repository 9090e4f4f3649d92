import PracticeCLI
import Terminal

#if canImport(Glibc)
  import Glibc
#endif

// The edges only: streams, terminal detection, signals. Everything else is PracticeApp.
TerminalSupport.ignoreSIGPIPE()
TerminalSupport.restoreTerminalOnSignals()
let output = StandardOutput(onBrokenPipe: { exit(0) })
let app = PracticeApp(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: TerminalSupport.environment(),
  output: output, errors: StandardError(),
  stdinIsTerminal: TerminalSupport.isTerminal(0), stdoutIsTerminal: TerminalSupport.isTerminal(1),
  makeTerminalReader: { completer, historyFile in
    LibeditLineReader(programName: "practice", historyFile: historyFile, completer: completer)
  },
  searchRoots: [TerminalSupport.executablePath() ?? "", TerminalSupport.currentDirectory() ?? "."],
  terminalColumns: { TerminalSupport.columns(of: 1) })
let status = app.run()
output.flush()
exit(status)
