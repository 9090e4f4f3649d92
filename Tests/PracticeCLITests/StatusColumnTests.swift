import CourseOutline
import Foundation
import Localization
import PracticeCLI
import PracticeTestSupport
import PracticeTime
import ProgressStorage
import QuizEngine
import XCTest

/// A listing's status column is worked out for all its rows at once (`statuses(of:in:)`); each row
/// must still say what its own `status(of:in:)` says.
final class StatusColumnTests: XCTestCase {
  func testTheStatusesOfAListingAreEachRowsOwnStatus() throws {
    let folder = TemporaryFolder()
    let json = #"""
      {"format": "practice-course", "nodes": [
        {"id": "a", "title": "Heat", "children": [
          {"id": "a1", "title": "Melting", "questions": [
            {"id": "q1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true},
            {"id": "q2", "type": "truefalse", "prompt": "Ice sinks.", "answer": false}]},
          {"id": "a2", "title": "Boiling", "questions": [
            {"id": "q3", "type": "truefalse", "prompt": "Water boils at 100 °C at sea level.", "answer": true}]},
          {"id": "a3", "title": "Freezing"},
          {"id": "a4", "title": "Steam"}]},
        {"id": "b", "title": "Light", "children": [
          {"id": "b1", "title": "Mirrors", "questions": [
            {"id": "q4", "type": "truefalse", "prompt": "A mirror reflects.", "answer": true}]},
          {"id": "b2", "title": "Lenses"}]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let store = try ProgressStore(directory: folder.path + "/progress")
    let start = Date(timeIntervalSince1970: 1_717_752_615)
    let progress = LearnerProgress(
      store: store, course: course, style: OutputStyle(), clock: FixedClock(start.addingTimeInterval(30 * 86_400)))
    for key in ["#a1", "#a3", "#a4", "#b2"] { try progress.nodeOpened(key: key, at: start) }
    try progress.sessionStarted(
      id: "s1", nodeKey: "#a1", questionIDs: ["q1", "q2"], at: start, kind: .full, seed: 1)
    try progress.answered(
      sessionID: "s1", questionID: "q1", nodeKey: "#a1", input: "t", isCorrect: true, review: ReviewMark(rating: 3),
      at: start)
    try progress.answered(
      sessionID: "s1", questionID: "q2", nodeKey: "#a1", input: "t", isCorrect: false, review: ReviewMark(rating: 1),
      at: start)
    try store.record(.sessionEnded(session: "s1", at: start, score: 50, endedEarly: false))
    try progress.sessionStarted(id: "s2", nodeKey: "#b1", questionIDs: ["q4"], at: start, kind: .full, seed: 2)
    try progress.answered(
      sessionID: "s2", questionID: "q4", nodeKey: "#b1", input: "t", isCorrect: true, review: ReviewMark(rating: 3),
      at: start)

    let rows = Array(course.nodes.indices)
    let one = rows.map { progress.status(of: $0, in: course) }
    XCTAssertEqual(progress.statuses(of: rows, in: course), one)
    XCTAssertEqual(progress.statuses(of: rows.reversed(), in: course), one.reversed())
    // Rows without a status, parents' read counts, and leaves with more than one part.
    XCTAssertTrue(one.contains(nil))
    XCTAssertTrue(one.contains("3/4 read"), "\(one)")
    XCTAssertTrue(one.contains("✓ best 50%"), "\(one)")

    // The column is kept for the next listing of the same rows, and made again once something is
    // recorded (the status column changes); in another language it says the same in that language.
    XCTAssertEqual(progress.statusColumn(of: rows.map { Int32($0) }, in: course).statuses, one)
    XCTAssertEqual(
      progress.statusColumn(of: rows.dropFirst().map { Int32($0) }, in: course).statuses, Array(one.dropFirst()))
    try progress.nodeOpened(key: "#a2", at: start)
    let after = rows.map { progress.status(of: $0, in: course) }
    XCTAssertNotEqual(after, one)
    XCTAssertEqual(progress.statusColumn(of: rows.map { Int32($0) }, in: course).statuses, after)
    XCTAssertTrue(after.contains("4/4 read"), "\(after)")
    let inChinese = LearnerProgress(
      store: store, course: course, style: OutputStyle(), clock: FixedClock(start.addingTimeInterval(30 * 86_400)),
      messages: Localizer(language: .chinese))
    let chinese = rows.map { inChinese.status(of: $0, in: course) }
    XCTAssertNotEqual(chinese, after)
    XCTAssertEqual(inChinese.statusColumn(of: rows.map { Int32($0) }, in: course).statuses, chinese)
  }

  /// A learner who has read but not answered anything gets the column a shorter way (read marks and
  /// `2/4 read` only): it must still be each row's own status, parents with equal counts sharing a text.
  func testTheStatusesOfAListingReadButNotPractised() throws {
    let folder = TemporaryFolder()
    let json = #"""
      {"format": "practice-course", "nodes": [
        {"id": "a", "title": "Heat", "children": [
          {"id": "a1", "title": "Melting", "children": [{"id": "a11", "title": "Ice"}, {"id": "a12", "title": "Wax"}]},
          {"id": "a2", "title": "Boiling", "children": [{"id": "a21", "title": "Water"}, {"id": "a22", "title": "Oil"}]},
          {"id": "a3", "title": "Freezing", "questions": [
            {"id": "q1", "type": "truefalse", "prompt": "Water freezes at 0 °C.", "answer": true}]}]},
        {"id": "b", "title": "Light", "children": [{"id": "b1", "title": "Mirrors"}, {"id": "b2", "title": "Lenses"}]},
        {"id": "c", "title": "Sound", "children": [{"id": "c1", "title": "Echo"}]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    let store = try ProgressStore(directory: folder.path + "/progress")
    let start = Date(timeIntervalSince1970: 1_717_752_615)
    let progress = LearnerProgress(store: store, course: course, style: OutputStyle(), clock: FixedClock(start))
    for key in ["#a11", "#a21", "#a3", "#b1", "#c1"] { try progress.nodeOpened(key: key, at: start) }
    let rows = Array(course.nodes.indices)
    let one = rows.map { progress.status(of: $0, in: course) }
    XCTAssertEqual(
      one, ["3/5 read", "1/2 read", "✓", nil, "1/2 read", "✓", nil, "✓", "1/2 read", "✓", nil, "1/1 read", "✓"])
    XCTAssertEqual(progress.statuses(of: rows, in: course), one)
    XCTAssertEqual(progress.statuses(of: rows.reversed(), in: course), one.reversed())
    XCTAssertEqual(
      progress.statusColumn(of: rows.map { Int32($0) }, in: course).texts, ["✓", "3/5 read", "1/2 read", "1/1 read"])
  }

  /// Seen in a tmux session: `info 1.2` after a morning's practice on 1.2 said "first studied" at the
  /// moment of that `info`, as if answers were not study; now the first and last answer count, as in
  /// reports, and opening a part (issue 27: browsing is never study) moves neither.
  func testInfoCountsAnswersAsStudy() throws {
    let folder = TemporaryFolder()
    let json = #"""
      {"format": "practice-course", "nodes": [{"id": "a", "title": "Heat", "children": [
        {"id": "a1", "title": "Melting", "questions": [
          {"id": "q1", "type": "truefalse", "prompt": "Ice melts at 0 °C.", "answer": true, "explanation": "At 1 atm."}
        ]}]}]}
      """#
    let course = try XCTUnwrap(CourseLoader().parse(Array(json.utf8), file: "t.json").course)
    XCTAssertEqual(course.questions(inSubtreeOf: 0).map(\.id), ["q1"])
    let store = try ProgressStore(directory: folder.path + "/progress")
    let start = Date(timeIntervalSince1970: 1_717_752_615)
    let progress = LearnerProgress(store: store, course: course, style: OutputStyle(), clock: FixedClock(start))
    try progress.sessionStarted(id: "s1", nodeKey: "#a1", questionIDs: ["q1"], at: start, kind: .full, seed: 1)
    try progress.answered(
      sessionID: "s1", questionID: "q1", nodeKey: "#a1", input: "t", isCorrect: true, review: ReviewMark(rating: 3),
      at: start)
    let later = start.addingTimeInterval(3600)
    try progress.nodeOpened(key: "#a1", at: later)
    for node in [1, 0] {
      let fields = Dictionary(uniqueKeysWithValues: progress.infoFields(of: node, in: course))
      XCTAssertEqual(fields["first studied"], "2024-06-07 09:30 (+00:00)", "\(node): \(fields)")
      XCTAssertEqual(fields["last studied"], "2024-06-07 09:30 (+00:00)", "\(node): \(fields)")
      XCTAssertEqual(fields["sessions"], "1 session", "\(node): \(fields)")
    }
  }

  func testAColumnKeepsEachDistinctTextOnce() {
    var column = StatusColumn(["✓", nil, "3/4 read", "✓", nil])
    XCTAssertEqual(column.texts, ["✓", "3/4 read"])
    XCTAssertEqual(column.indices, [0, StatusColumn.none, 1, 0, StatusColumn.none])
    XCTAssertEqual(column.statuses, ["✓", nil, "3/4 read", "✓", nil])
    XCTAssertTrue(column.showsAny)
    XCTAssertFalse(StatusColumn([nil, nil]).showsAny)
    // A text known in advance shows nothing until a row uses it.
    var empty = StatusColumn()
    XCTAssertEqual(empty.index(of: "✓"), 0)
    empty.append(index: StatusColumn.none)
    XCTAssertFalse(empty.showsAny)
    column.append(index: 1)
    XCTAssertEqual(column[5], "3/4 read")
  }
}
