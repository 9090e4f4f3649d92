/// How a course reads its learners' answers, beyond what each question says: set once per course.
///
/// A native course sets them from its own fields: `language` (traditional characters are read as
/// simplified unless the course names a language other than Chinese), `kelvinOffset` and
/// `neutralAdditions`. Other formats get ``standard``.
///
/// ```swift
/// var physics = AnswerConventions.standard
/// physics.kelvinOffset = 273          // the textbook's T = t + 273
/// physics.neutralAdditions = ["过程"]  // besides the built-in 现象, 过程, 用, the, a, an
/// ```
public struct AnswerConventions: Sendable, Equatable {
  /// Traditional Chinese characters are compared as simplified ones (`物態變化` is `物态变化`).
  public var readsTraditionalAsSimplified: Bool
  /// K minus ℃ for converting temperatures, when the course teaches a rounded one (273); nil is 273.15.
  public var kelvinOffset: Double?
  /// Words the course adds to ``AnswerNormalizer/neutralAdditions``: an accepted answer with them
  /// before or after it is still right.
  public var neutralAdditions: [String]

  public init(readsTraditionalAsSimplified: Bool = true, kelvinOffset: Double? = nil, neutralAdditions: [String] = []) {
    self.readsTraditionalAsSimplified = readsTraditionalAsSimplified
    self.kelvinOffset = kelvinOffset
    self.neutralAdditions = neutralAdditions
  }

  /// Traditional read as simplified, 273.15, the built-in neutral words only.
  public static let standard = AnswerConventions()

  /// The conventions for a course written in `language` (a BCP 47 tag, nil when the course names none):
  /// traditional characters are read as simplified unless the language is named and is not Chinese.
  public static func forLanguage(_ language: String?) -> AnswerConventions {
    let chinese = language.map { $0.lowercased().hasPrefix("zh") } ?? true
    return AnswerConventions(readsTraditionalAsSimplified: chinese)
  }
}
