package import Localization
package import PracticeTime
package import ProgressStorage
package import QuizEngine

/// How one run's shell behaves, decided once before it starts: from the command line, the saved
/// limits, the course and the terminal. Given to `Shell.init`; nothing of it changes afterwards
/// (`set` changes the day's limits for the run, starting from `limits`).
///
/// ```swift
/// var configuration = ShellConfiguration(messages: Localizer(language: .chinese))
/// configuration.ratings = .byLearner  // --rate
/// let shell = Shell(course: course, output: output, configuration: configuration)
/// ```
package struct ShellConfiguration {
  /// Who rates an answer for the scheduler.
  package enum Ratings: Sendable, Equatable {
    /// The grading: wrong Again, right after a hint Hard, right Good, right twice running and quickly Easy.
    case fromGrading
    /// `--rate`: the learner types 1–4 after each answer (a flashcard is answered with the rating itself).
    case byLearner
  }

  /// The catalog every message goes through, in the language chosen for this run (English unless told).
  package var messages: Localizer
  /// Marks, colors and tones as this output shows them.
  package var style: OutputStyle
  /// `--seed`: the first session's shuffle (each later session of the run takes the next); nil draws fresh ones.
  package var seed: UInt64?
  /// A person at a terminal types the input: `start` may ask whether to resume.
  package var isInteractive: Bool
  /// The terminal's width, for wrapping questions and explanations; nil (no wrapping) for files and pipes.
  package var width: () -> Int?
  /// The learner's study days (`--day-starts`, `PRACTICE_DAY_STARTS`, `TZ`): what "today" and
  /// "due today" mean in `review`, `due` and the limits.
  package var studyDay: StudyDay
  /// The daily limits the run starts with: the saved ones, or `--new-per-day` and `--reviews-per-day`.
  package var limits: DailyLimits
  /// `--rate`, or the grading.
  package var ratings: Ratings
  /// `--fuzz`: draws for FSRS's interval fuzz, seeded (by `--seed` when given); nil for no fuzz.
  package var fuzz: SeededRandomNumberGenerator?
  /// Whether `!!` works: a course (`"allowOverride": false`) or `--no-override` may switch it off.
  package var overrideSwitch: OverrideSwitch
  /// Whose progress this is (`--user`): with the question, where a calculated question's cycle of stored sets starts.
  package var learner: String

  package init(
    messages: Localizer = .english, style: OutputStyle = OutputStyle(), seed: UInt64? = nil,
    isInteractive: Bool = false, width: @escaping () -> Int? = { nil }, studyDay: StudyDay = StudyDay(),
    limits: DailyLimits = .standard, ratings: Ratings = .fromGrading, fuzz: SeededRandomNumberGenerator? = nil,
    overrideSwitch: OverrideSwitch = .on, learner: String = ""
  ) {
    self.learner = learner
    self.messages = messages
    self.style = style
    self.seed = seed
    self.isInteractive = isInteractive
    self.width = width
    self.studyDay = studyDay
    self.limits = limits
    self.ratings = ratings
    self.fuzz = fuzz
    self.overrideSwitch = overrideSwitch
  }
}
