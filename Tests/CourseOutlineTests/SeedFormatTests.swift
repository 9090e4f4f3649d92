import CourseOutline
import PracticeJSON
import PracticeTestSupport
import XCTest

final class SeedFormatTests: XCTestCase {
  func testSeed000LoadsUnchanged() throws {
    let course = try CourseLoader().load(path: Repository.path("Data/courses/seed-000-chapters.json"))
    XCTAssertEqual(course.format, .chapterParts)
    XCTAssertEqual(course.count, 10)
    XCTAssertEqual(course.roots.map { course.nodes[$0].title }, ["第一章 物态极其变化", "第二章 物质世界的尺度、质量和密度"])
    let part = try XCTUnwrap(course.index(of: NodeAddress("2.3")!))
    XCTAssertEqual(course.nodes[part].title, "学生实验：探究——物质的密度")
    XCTAssertEqual(course.address(of: part), "2.3")
    XCTAssertEqual(course.key(of: part), "2.3")
    XCTAssertEqual(course.id, "seed-000-chapters")
  }

  func testSeed002LoadsEveryField() throws {
    let course = try CourseLoader().load(path: Repository.path("Data/courses/seed-002-chapter-dto.json"))
    XCTAssertEqual(course.format, .chapterDTO)
    XCTAssertEqual(course.nodes.map(\.title), ["Chapter 1", "Section 1", "Section 2", "Chapter 2", "Section 1"])
    let chapter = try XCTUnwrap(course.index(of: NodeAddress("#1295")!))
    let details = try XCTUnwrap(course.nodes[chapter].details)
    XCTAssertEqual(
      details.fields.map(\.key),
      [
        "token", "id", "chapterName", "parentId", "chapterLevel", "attachmentUrl", "description",
        "startDateTimestamp", "endDateTimestamp", "startDate", "endDate", "browseCount", "workId",
        "chapterStatus", "hadRead", "classUserReadInfo",
      ])
    XCTAssertEqual(details["startDate"]?.int, 1_490_889_600_000)
    XCTAssertEqual(details["chapterStatus"]?.int, 3)
    XCTAssertTrue(details["token"]?.isNull ?? false)
    let read = try XCTUnwrap(course.index(of: NodeAddress("#1297")!))
    XCTAssertTrue(course.nodes[read].details!.hadRead)
    XCTAssertEqual(course.nodes[read].details!.browseCount, 2)
    XCTAssertEqual(course.key(of: read), "#1297")
  }

  func testSeed002FragmentAsShownInTheSeedLoads() throws {
    let fragment = """
      "chapterDtoList": [{"id": 1295, "chapterName": "Chapter 1", "parentId": 0, "chapterLevel": 0,
        "hadRead": 0, "browseCount": 0, "subChapterList": [{"id": 1296, "chapterName": "Section 1",
        "parentId": 1295, "chapterLevel": 1, "subChapterList": [], "classUserReadInfo": []}]}]
      """
    let course = try Fixtures.course(fragment)
    XCTAssertEqual(course.nodes.map(\.title), ["Chapter 1", "Section 1"])
    XCTAssertEqual(
      Fixtures.problems("\"chapterDtoList\": [{\"id\": 1, \"chapterName\": 5}]"),
      ["test.json:1:45: chapter 1 needs \"chapterName\" as a string, found a number"])
  }

  func testWrappedDTOResponseLoads() throws {
    let course = try Fixtures.course(#"{"code": 0, "data": {"chapterDtoList": [{"id": 7, "chapterName": "A"}]}}"#)
    XCTAssertEqual(course.nodes.map(\.title), ["A"])
  }

  func testFlatDTOListIsNestedByParentId() throws {
    let course = try Fixtures.course(
      """
      {"chapterDtoList": [
        {"id": 2, "chapterName": "child", "parentId": 1},
        {"id": 1, "chapterName": "top", "parentId": 0},
        {"id": 3, "chapterName": "grandchild", "parentId": 2}
      ]}
      """)
    XCTAssertEqual(course.nodes.map(\.title), ["top", "child", "grandchild"])
    XCTAssertEqual(course.nodes.map(\.depth), [0, 1, 2])
    XCTAssertEqual(course.address(of: 2), "1.1.1")
  }
}
