import CourseOutline
import Foundation
import ProgressStorage

// In-process timings for `make bench`, beside the whole-process ones measured by Tests/Bench/run-bench.sh.
//
//   practice-bench toggle COURSE [REPS]      load COURSE, expand all, time toggle(0) pairs
//   practice-bench answer DIR [REPS]         open a ProgressStore on DIR, time record(.answered) each,
//                                            each beside a bare O_APPEND write + fsync of a line of the same length
//   practice-bench load COURSE               load once, print the time and peak memory (VmHWM)
//
// Every command prints `key=value` lines (times in microseconds) that the script reads; a figure
// NAME_us printed with NAME_p10_us and NAME_p90_us (and `runs`) is shown with its spread.
#if canImport(Glibc)
  import Glibc
#endif

func nowNanos() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return .nan }
  let sorted = values.sorted()
  let mid = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

func percentile(_ values: [Double], _ p: Double) -> Double {
  guard !values.isEmpty else { return .nan }
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
}

func fmt(_ v: Double) -> String { String(format: "%.3f", v) }

/// Peak resident memory of this process so far, in KB (VmHWM).
func peakKB() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
  for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
  }
  return -1
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("practice-bench: \(message)\n".utf8))
  exit(2)
}

func loadCourse(_ path: String) -> Course {
  let megabytes = Int(ProcessInfo.processInfo.environment["PRACTICE_MAX_COURSE_MB"] ?? "") ?? 2048
  do {
    return try CourseLoader(maximumBytes: megabytes * 1_048_576).load(path: path)
  } catch {
    fail("cannot load \(path): \(error)")
  }
}

func benchToggle(_ path: String, reps: Int) {
  let start = nowNanos()
  let course = loadCourse(path)
  let loaded = nowNanos()
  var outline = Outline(course: course)
  outline.expandAll()
  let rowsBefore = outline.rows.count
  print("nodes=\(course.count)")
  print("rows=\(rowsBefore)")
  print("load_us=\(fmt(Double(loaded - start) / 1000))")
  // Node 0 is the first chapter: the rows after it are all moved on every splice.
  var collapse: [Double] = []
  var expand: [Double] = []
  var pairs: [Double] = []
  collapse.reserveCapacity(reps)
  expand.reserveCapacity(reps)
  for _ in 0..<reps {
    let t0 = nowNanos()
    outline.toggle(0)
    let t1 = nowNanos()
    outline.toggle(0)
    let t2 = nowNanos()
    collapse.append(Double(t1 - t0) / 1000)
    expand.append(Double(t2 - t1) / 1000)
    pairs.append(Double(t2 - t0) / 1000)
  }
  guard outline.rows.count == rowsBefore else { fail("toggle pairs changed the row count") }
  print("toggle_us=\(fmt(median(pairs) / 2))")
  print("toggle_pair_us=\(fmt(median(pairs)))")
  print("collapse_us=\(fmt(median(collapse)))")
  print("expand_us=\(fmt(median(expand)))")
  print("toggle_p10_us=\(fmt(percentile(pairs, 0.1) / 2))")
  print("toggle_p90_us=\(fmt(percentile(pairs, 0.9) / 2))")
  print("runs=\(reps)")
  print("subtree_rows=\(course.nodes[0].subtreeEnd - 1)")
  print("peak_kb=\(peakKB())")
}

func benchAnswer(_ directory: String, reps: Int) {
  let openStart = nowNanos()
  let store: ProgressStore
  do {
    store = try ProgressStore(directory: directory)
  } catch {
    fail("cannot open progress in \(directory): \(error)")
  }
  let opened = nowNanos()
  _ = store.takeWarnings()
  let answersBefore = store.state.questions.values.reduce(0) { $0 + $1.attempts }
  print("open_us=\(fmt(Double(opened - openStart) / 1000))")
  print("history_answers=\(answersBefore)")
  let journal = directory + "/" + ProgressStore.journalName
  func size() -> Int64 {
    var st = stat()
    return stat(journal, &st) == 0 ? Int64(st.st_size) : -1
  }
  let session = "s-bench-\(getpid())"
  // The floor: the same number of bytes appended and fsynced, nothing else. Each answer is timed
  // right beside one bare append, so a busy machine slows both alike.
  let barePath = directory + "/bare-append.jsonl"
  let fd = open(barePath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
  guard fd >= 0 else { fail("cannot open \(barePath)") }
  var times: [Double] = []
  var bare: [Double] = []
  times.reserveCapacity(reps)
  bare.reserveCapacity(reps)
  var line: [UInt8] = []
  for i in 0..<reps {
    let event = ProgressEvent.answered(
      session: session, question: "ch1.1-q\(String(format: "%02d", i % 15 + 1))", node: "#ch1.1",
      given: i % 2 == 0 ? "B" : "A", correct: i % 2 == 0, at: Date())
    let before = i == 0 ? size() : 0
    let t0 = nowNanos()
    do {
      try store.record(event)
    } catch {
      fail("record failed: \(error)")
    }
    let t1 = nowNanos()
    if i == 0 {
      line = [UInt8](repeating: UInt8(ascii: "x"), count: max(Int(size() - before), 2))
      line[line.count - 1] = UInt8(ascii: "\n")
    }
    times.append(Double(t1 - t0) / 1000)
    let t2 = nowNanos()
    let n = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard n == line.count, fsync(fd) == 0 else { fail("bare append failed: errno \(errno)") }
    bare.append(Double(nowNanos() - t2) / 1000)
  }
  store.close()
  close(fd)
  unlink(barePath)
  print("line_bytes=\(line.count)")
  print("record_us=\(fmt(median(times)))")
  print("record_p10_us=\(fmt(percentile(times, 0.1)))")
  print("record_p90_us=\(fmt(percentile(times, 0.9)))")
  print("runs=\(reps)")
  print("bare_us=\(fmt(median(bare)))")
  print("bare_p10_us=\(fmt(percentile(bare, 0.1)))")
  print("bare_p90_us=\(fmt(percentile(bare, 0.9)))")
}

func benchLoad(_ path: String) {
  let t0 = nowNanos()
  let course = loadCourse(path)
  let t1 = nowNanos()
  print("nodes=\(course.count)")
  print("load_us=\(fmt(Double(t1 - t0) / 1000))")
  print("peak_kb=\(peakKB())")
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first, arguments.count >= 2 else {
  print("usage: practice-bench toggle COURSE [REPS] | answer DIR [REPS] | load COURSE")
  exit(arguments.isEmpty ? 0 : 2)
}
let target = arguments[1]
let reps = arguments.count > 2 ? (Int(arguments[2]) ?? 0) : 0
switch command {
case "toggle": benchToggle(target, reps: reps > 0 ? reps : 1000)
case "answer": benchAnswer(target, reps: reps > 0 ? reps : 1000)
case "load": benchLoad(target)
default: fail("unknown command \(command)")
}
