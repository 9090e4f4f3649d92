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
package struct AnswerConventions: Sendable, Equatable {
  /// The values, held once per course and shared by its questions (8 bytes in each question
  /// instead of 32: a bank of 30 MB holds half a million questions).
  private final class Storage: Sendable {
    let readsTraditionalAsSimplified: Bool
    let kelvinOffset: Double?
    let neutralAdditions: [String]

    init(_ readsTraditionalAsSimplified: Bool, _ kelvinOffset: Double?, _ neutralAdditions: [String]) {
      self.readsTraditionalAsSimplified = readsTraditionalAsSimplified
      self.kelvinOffset = kelvinOffset
      self.neutralAdditions = neutralAdditions
    }
  }

  private var storage: Storage

  /// Traditional Chinese characters are compared as simplified ones (`物態變化` is `物态变化`).
  package var readsTraditionalAsSimplified: Bool {
    get { storage.readsTraditionalAsSimplified }
    set { storage = Storage(newValue, kelvinOffset, neutralAdditions) }
  }
  /// K minus ℃ for converting temperatures, when the course teaches a rounded one (273); nil is 273.15.
  package var kelvinOffset: Double? {
    get { storage.kelvinOffset }
    set { storage = Storage(readsTraditionalAsSimplified, newValue, neutralAdditions) }
  }
  /// Words the course adds to ``AnswerNormalizer/neutralAdditions``: an accepted answer with them
  /// before or after it is still right.
  package var neutralAdditions: [String] {
    get { storage.neutralAdditions }
    set { storage = Storage(readsTraditionalAsSimplified, kelvinOffset, newValue) }
  }

  package init(readsTraditionalAsSimplified: Bool = true, kelvinOffset: Double? = nil, neutralAdditions: [String] = [])
  {
    storage = Storage(readsTraditionalAsSimplified, kelvinOffset, neutralAdditions)
  }

  package static func == (a: AnswerConventions, b: AnswerConventions) -> Bool {
    a.storage === b.storage
      || (a.readsTraditionalAsSimplified == b.readsTraditionalAsSimplified && a.kelvinOffset == b.kelvinOffset
        && a.neutralAdditions == b.neutralAdditions)
  }

  /// Traditional read as simplified, 273.15, the built-in neutral words only.
  package static let standard = AnswerConventions()

  /// The conventions for a course written in `language` (a BCP 47 tag, nil when the course names none):
  /// traditional characters are read as simplified unless the language is named and is not Chinese.
  package static func forLanguage(_ language: String?) -> AnswerConventions {
    let chinese = language.map { $0.lowercased().hasPrefix("zh") } ?? true
    return AnswerConventions(readsTraditionalAsSimplified: chinese)
  }
}
