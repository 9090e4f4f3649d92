import Foundation
import XCTest

@testable import QuizEngine

/// A shuffled session asks the blanks of one Cloze question (the questions sharing a passage)
/// together and in order, and shuffles everything else as it always did.
final class PassageOrderTests: XCTestCase {
  let text = Passage(id: "c1-1", text: "Density is (1) over (2); ice (3) on water.")
  let other = Passage(id: "c2-1", text: "Water boils at (1) ℃.")

  func blank(_ n: Int, of passage: Passage, id: String) -> Question {
    Question(id: id, prompt: "[blank \(n)]", explanation: "", kind: .fill(answers: ["x"]), passage: passage)
  }

  var questions: [Question] {
    let plain = (0..<6).map { single(["a", "b", "c"], answer: 0, id: "q\($0)") }
    return [plain[0], blank(1, of: text, id: "c1-1"), plain[1], blank(2, of: text, id: "c1-2"), plain[2]]
      + [blank(3, of: text, id: "c1-3"), plain[3], blank(1, of: other, id: "c2-1"), plain[4], plain[5]]
  }

  func testBlanksOfOnePassageComeTogetherInOrderForEverySeed() {
    for seed in UInt64(1)...300 {
      let order = PracticeSession(questions: questions, seed: seed, startedAt: Date(timeIntervalSince1970: 0))
        .presented.map(\.id)
      XCTAssertEqual(order.sorted(), questions.map(\.id).sorted(), "seed \(seed)")
      let start = try! XCTUnwrap(order.firstIndex(of: "c1-1"))
      XCTAssertEqual(Array(order[start..<min(start + 3, order.count)]), ["c1-1", "c1-2", "c1-3"], "seed \(seed)")
      // The questions without a passage are where a plain shuffle puts them.
      var rng = SeededRandomNumberGenerator(seed: seed)
      let plainOrder = rng.shuffled(questions).filter { $0.passage == nil }.map(\.id)
      XCTAssertEqual(order.filter { $0.hasPrefix("q") }, plainOrder, "seed \(seed)")
    }
  }

  func testAReviewKeepsTheOrderItIsGiven() {
    let given = questions.reversed().map { $0 }
    let session = PracticeSession(
      questions: given, seed: 5, startedAt: Date(timeIntervalSince1970: 0), keepingOrder: true)
    XCTAssertEqual(session.presented.map(\.id), given.map(\.id))
  }
}
