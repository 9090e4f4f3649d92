import Foundation
import ProgressStorage
import QuizEngine

/// What the shell is doing, and so what the next line means: one state at a time, each with what
/// it needs, so a line is never read as an answer to a question nobody asked.
///
/// - browsing → practising: `start`, `resume`, `review`, `mistakes`;
/// - browsing → confirmingResume: `start` at a terminal on a node with an unfinished session;
///   then practising (y resumes, n starts again) or browsing (Ctrl-C);
/// - practising → rating: an answer graded under `--rate`; rating → practising: its 1–4;
/// - practising or rating → browsing: the last answer, `quit`, Ctrl-C, Ctrl-D (a `mistakes` round
///   answered to its end goes on to the next round instead).
enum ShellState {
  /// At `practice>`: the line is a command.
  case browsing
  /// `start` asked `Resume at question N of M? [Y/n]`: the line answers it.
  case confirmingResume(PendingResume)
  /// A question is asked: the line answers it (or is skip, hint, quit, help).
  case practising(PracticeRun)
  /// `--rate`: an answer was graded and shown; the line rates it 1–4, and only then is it recorded.
  case rating(PracticeRun, PendingAnswer)
}

/// `start ADDR` on a node with an unfinished session, on a terminal: waiting for `[Y/n]`.
struct PendingResume {
  var record: SessionRecord
  var node: Int
  /// Whether a fresh session would keep the file's order (`start --in-order`).
  var inOrder: Bool
}

/// An answer graded and shown, not yet rated (and so not yet recorded).
struct PendingAnswer {
  var input: String
  var feedback: Feedback
  var at: Date
}
