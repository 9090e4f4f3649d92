import Localization
import QuizEngine
import TextLayout
import XCTest

/// A question's picture reads in the learner's language wherever its prompt is listed without it: the
/// session's list of wrong answers speaks as the session does.
final class MediaInMistakesTests: XCTestCase {
  static let question = Question(
    id: "q1", prompt: "<p>看图：<img src=\"t.png\" alt=\"一支温度计\"></p>示数是多少？", explanation: "",
    kind: .fill(answers: ["37"]), format: .html)

  func testTheListedPromptNamesThePictureInTheGivenLanguage() {
    let chinese = Self.question.promptInContext(labels: .localized(Localizer(language: .chinese)))
    XCTAssertTrue(chinese.contains("[图片：一支温度计]"), chinese)
    XCTAssertTrue(chinese.hasSuffix("示数是多少？"), chinese)
    XCTAssertTrue(Self.question.promptInContext.contains("[image: 一支温度计]"))
  }

  func testAChineseSessionListsAMistakeWithAChinesePlaceholder() {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var session = PracticeSession(
      questions: [Self.question], seed: nil, startedAt: start, messages: Localizer(language: .chinese))
    _ = session.answer("36", at: start)
    let prompt = session.finish(at: start).mistakes.first?.prompt ?? ""
    XCTAssertTrue(prompt.contains("[图片：一支温度计]"), prompt)
    XCTAssertFalse(prompt.contains("[image"), prompt)
  }
}
