import Foundation
import PracticeTime
import XCTest

final class UTCTimeTests: XCTestCase {
  func testFormatsAreUTCAndCalendarFree() {
    XCTAssertEqual(UTCTime.compact(Date(timeIntervalSince1970: 0)), "19700101T000000Z")
    XCTAssertEqual(UTCTime.compact(Date(timeIntervalSince1970: 1_717_752_615)), "20240607T093015Z")
    XCTAssertEqual(UTCTime.iso8601(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00Z")
    XCTAssertEqual(UTCTime.iso8601(Date(timeIntervalSince1970: 1_490_889_600)), "2017-03-30T16:00:00Z")
    XCTAssertEqual(UTCTime.day(Date(timeIntervalSince1970: -1)), "1969-12-31")
    XCTAssertEqual(UTCTime.dayNumber(Date(timeIntervalSince1970: 86_400 * 3 + 5)), 3)
  }
}
