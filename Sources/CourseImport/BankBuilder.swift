package import CourseOutline
package import Localization
import QuizEngine

/// Builds a course from imported files: one node per file (or, for a single file with categories,
/// its categories at the top), categories nested below, questions on their category's node.
///
/// ```swift
/// let course = BankBuilder.course(files: [file], id: "bank", title: "Bank", source: "bank.gift")
/// ```
package enum BankBuilder {
  /// The deepest category path read (`A/B/C` is 3 deep). Deeper is an error where the category is
  /// written: no outline is usable that deep, and each level is a node, an indent and a longer id.
  package static let maxCategoryDepth = 100

  /// An error for each category deeper than ``maxCategoryDepth``, at the first question in it
  /// (GIFT's `$CATEGORY:`, Moodle XML's category question, an Anki deck `A::B::…`).
  /// Questions whose category is nested deeper than `maxCategoryDepth`, each such category an
  /// error, found one question at a time (as a reader hands them over).
  struct DepthCheck {
    let file: String
    var problems: [ImportProblem] = []
    var previous: [String]?

    init(file: String) { self.file = file }

    /// Whether `question`'s category is within the limit; an error once per category when not.
    mutating func admits(_ question: GiftQuestion) -> Bool {
      guard question.category.count > maxCategoryDepth else { return true }
      // One error per category, not per question; equal arrays sharing storage compare at once.
      guard question.category != previous else { return false }
      previous = question.category
      problems.append(
        ImportProblem(
          .error, file: file, line: question.line, column: question.column,
          text: .tr(
            "this question's category is nested {depth} levels deep, more than the {limit} read; use fewer levels",
            ["depth": question.category.count, "limit": maxCategoryDepth])))
      return false
    }
  }

  /// One node while the course is built: children by title, found by hash (a bank may have
  /// 100,000 categories side by side), and in the order they came.
  struct Tree {
    var id: String
    var title: String
    var questions: [Question] = []
    var notes: [String] = []
    var children: [Int] = []
    var childByTitle: [String: Int] = [:]

    var isEmpty: Bool { questions.isEmpty && notes.isEmpty }
  }

  /// The course of `files`; an essay kept on a node is labelled in `messages`' language.
  ///
  /// Built without recursion, so no category path, however deep, can overflow the stack; the
  /// readers refuse paths deeper than ``maxCategoryDepth`` before this.
  package static func course(
    files: [BankFile], id: String, title: String, source: String, messages: Localizer = .english
  ) -> Course {
    var builder = BankCourseBuilder(messages: messages)
    for file in files {
      builder.beginFile(id: file.id, title: file.title)
      for item in file.items { builder.add(item) }
    }
    return builder.course(id: id, title: title, source: source)
  }
}
