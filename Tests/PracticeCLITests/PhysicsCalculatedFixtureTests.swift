import Foundation
import PracticeJSON
import PracticeTestSupport
import XCTest

/// `Fixtures/physics-calculated.json`, the course of the calculated transcripts and exports, is the
/// shipped course's calculated questions (Data/courses/physics-grade8) under the chapters and parts
/// that hold them, with the course's settings: the transcripts show what a learner of the shipped
/// course sees. It had drifted (other ranges and prompts, no `quantity`); now it is checked, and
/// `RECORD_SNAPSHOTS=1` writes it again after the shipped questions change (then re-record the
/// transcripts that use it, fixing their typed answers where the values changed).
final class PhysicsCalculatedFixtureTests: XCTestCase {
  static let shipped = "Data/courses/physics-grade8/course.json"
  static let fixture = "Tests/PracticeCLITests/Fixtures/physics-calculated.json"

  /// The fixture as the shipped course gives it: its own id and title, the course's other settings,
  /// and each node (id and title) holding calculated questions, with those questions as written.
  static func extract(_ course: JSONValue) -> JSONValue {
    func nodes(_ value: JSONValue?) -> [JSONValue] {
      (value?.array ?? []).compactMap { node in
        let questions = (node["questions"]?.array ?? []).filter { $0["type"]?.string == "calculated" }
        let children = nodes(node["children"])
        guard !questions.isEmpty || !children.isEmpty else { return nil }
        var members = (node.members ?? []).filter { $0.key == "id" || $0.key == "title" }
        if !children.isEmpty { members.append(JSONMember(key: "children", value: JSONValue(.array(children)))) }
        if !questions.isEmpty { members.append(JSONMember(key: "questions", value: JSONValue(.array(questions)))) }
        return JSONValue(.object(members))
      }
    }
    let members = (course.members ?? []).map { member -> JSONMember in
      switch member.key {
      case "id": JSONMember(key: "id", value: JSONValue(.string("physics-calculated")))
      case "title": JSONMember(key: "title", value: JSONValue(.string("八年级物理：计算练习")))
      case "nodes": JSONMember(key: "nodes", value: JSONValue(.array(nodes(member.value))))
      default: member
      }
    }
    return JSONValue(.object(members))
  }

  func testTheFixtureIsTheShippedCoursesCalculatedQuestions() throws {
    let course = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: Repository.path(Self.shipped)))))
    let expected = Self.extract(course)
    XCTAssertEqual(
      expected["nodes"]?.array?.flatMap { $0["children"]?.array ?? [] }.reduce(0) {
        $0 + ($1["questions"]?.array?.count ?? 0)
      }, 13, "the shipped course's calculated questions")
    GoldenFile.assertMatches(
      JSONWriter.pretty(expected, indent: 1), at: URL(fileURLWithPath: Repository.path(Self.fixture)))
  }
}
