import CourseOutline
import Localization
import PracticeTime
import ProgressStorage
import Study

/// What every part of the shell works with: the course, where text goes, the clock, where
/// progress is recorded and read, and the run's configuration. Made once, by `Shell.init`.
struct ShellContext {
  let course: Course
  let output: any TextOutput
  let clock: any PracticeClock
  /// Where answers are recorded, and what `mistakes`, `resume` and the greeting read; none keeps nothing.
  let recorder: (any ProgressRecorder)?
  /// Per-node status shown in `ls` and `info` (read mark, best score), supplied by the progress layer.
  let status: (any NodeStatusProvider)?
  /// The learner's FSRS memories, for `review`, `due` and the Easy rule; none without progress.
  let reviewBooks: (any ReviewBookProvider)?
  let configuration: ShellConfiguration
}
