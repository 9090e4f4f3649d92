/// Which of the three accepted JSON shapes a course was read from.
package enum CourseFormat: String, Sendable {
  /// Seed 000: `[{"chapterName": …, "parts": [String]}]`.
  case chapterParts = "chapters-and-parts"
  /// Seed 002: `{"chapterDtoList": [...]}` with recursive `subChapterList`.
  case chapterDTO = "chapter-dto"
  /// `{"format": "practice-course", …}`, which can carry questions.
  case native = "practice-course"
  /// A question bank in another tool's format (GIFT, Moodle XML, Aiken, Anki/CSV), read by CourseImport.
  case imported = "imported-bank"
}
