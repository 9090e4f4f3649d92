import XCTest

@testable import CourseOutline

final class NodeIDIndexTests: XCTestCase {
  func testFindsNumbersAndOtherIdsAndNothingElse() {
    let index = NodeIDIndex(ids: ["1295", "ch1.1", nil, "7", "-3", "0012", "12"])
    XCTAssertEqual(index.node(withID: "1295"), 0)
    XCTAssertEqual(index.node(withID: "ch1.1"), 1)
    XCTAssertEqual(index.node(withID: "7"), 3)
    XCTAssertEqual(index.node(withID: "-3"), 4)
    // "0012" is not the text of 12: it is found only as itself.
    XCTAssertEqual(index.node(withID: "0012"), 5)
    XCTAssertEqual(index.node(withID: "12"), 6)
    XCTAssertNil(index.node(withID: "+12"))
    XCTAssertNil(index.node(withID: "8"))
    XCTAssertNil(index.node(withID: ""))
  }

  func testTheLastOfRepeatedIdsWinsAsInADictionary() {
    let index = NodeIDIndex(ids: ["5", "x", "5", "x", "4"])
    XCTAssertEqual(index.node(withID: "5"), 2)
    XCTAssertEqual(index.node(withID: "x"), 3)
    XCTAssertEqual(index.node(withID: "4"), 4)
  }

  func testUnsortedNumbersAreSortedAndRepeatsRefusedWhenAsked() {
    let numbers = [9, 3, 7, 1].enumerated().map { NodeIDIndex.Number(id: Int64($0.element), node: Int32($0.offset)) }
    var sorted = numbers
    let index = NodeIDIndex(sortingNumbers: &sorted, strings: IDTable(), keepingLast: false)
    XCTAssertEqual([1, 3, 7, 9].map { index?.node(withID: String($0)) }, [3, 1, 2, 0])
    var repeated = numbers + [NodeIDIndex.Number(id: 3, node: 4)]
    XCTAssertNil(NodeIDIndex(sortingNumbers: &repeated, strings: IDTable(), keepingLast: false))
  }
}
