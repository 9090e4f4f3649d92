import Foundation
import PracticeTime
import XCTest

/// `--now` takes only real RFC 3339 times from 1970 to 9999: a typo is never another day.
final class ISO8601Tests: XCTestCase {
  func seconds(_ text: String) -> Double? { ISO8601.parse(text)?.timeIntervalSince1970 }

  func testValidTimes() {
    XCTAssertEqual(seconds("2026-12-01T08:00:00Z"), 1_796_112_000)
    XCTAssertEqual(seconds("2026-12-01t08:00:00z"), 1_796_112_000)
    XCTAssertEqual(seconds("2026-12-01 09:30:00+01:30"), 1_796_112_000)
    XCTAssertEqual(seconds("2026-12-01T08:00:00.250Z"), 1_796_112_000.25)
    XCTAssertEqual(seconds("2026-12-01"), 1_796_083_200)
    XCTAssertEqual(seconds("2024-02-29T00:00:00Z"), 1_709_164_800)
    XCTAssertEqual(seconds("1970-01-01T00:00:00Z"), 0)
    XCTAssertEqual(seconds("9999-12-31T23:59:59Z"), 253_402_300_799)
  }

  /// What `UTCTime` writes, `ISO8601` reads back as the same instant, at every second from 1970 to
  /// 9999 (a random sample, with the ends), days and the export's milliseconds included.
  func testEveryTimeWrittenReadsBackAsTheSameInstant() {
    var generator = SystemRandomNumberGenerator()
    let samples =
      [ISO8601.earliest, ISO8601.latest, 951_782_400, 4_107_542_399]
      + (0..<20_000).map { _ in Double(Int.random(in: 0...Int(ISO8601.latest), using: &generator)) }
    for second in samples {
      let date = Date(timeIntervalSince1970: second)
      XCTAssertEqual(ISO8601.parse(UTCTime.iso8601(date)), date, UTCTime.iso8601(date))
      let midnight = Date(timeIntervalSince1970: Double(UTCTime.dayNumber(date)) * 86_400)
      XCTAssertEqual(ISO8601.parse(UTCTime.day(date)), midnight, UTCTime.day(date))
      let ms = Int64(second) * 1000 + Int64.random(in: 0...999, using: &generator)
      let read = ISO8601.parse(UTCTime.rfc3339(milliseconds: ms)).map {
        Int64(($0.timeIntervalSince1970 * 1000).rounded())
      }
      XCTAssertEqual(read, ms, UTCTime.rfc3339(milliseconds: ms))
    }
  }

  func testImpossibleTimesAreRefused() {
    for text in [
      "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-04-31", "2026-13-01", "2026-00-10",
      "2026-12-01T25:00:00Z", "2026-12-01T08:99:00Z", "2026-12-01T08:00:60Z", "0000-12-31T00:00:00Z",
      "1969-12-31T23:59:59Z", "1970-01-01T00:30:00+01:00", "10000-01-01T00:00:00Z", "2026-12-01T08:00:00",
      "2026-12-01T08:00Z", "2026-12-01T08:00:00+0100", "2026-12-01T08:00:00.Z", " 2026-12-01", "2026-1-01",
      "２０２６-12-01", "tomorrow", "",
    ] {
      XCTAssertNil(ISO8601.parse(text), text)
    }
  }

  func testDaysAgreeWithTheCalendarForEveryDayOfAYear() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    for year in [1970, 2000, 2024, 2100, 9999] {
      for month in 1...12 {
        for day in 1...31 {
          let text = String(format: "%04d-%02d-%02d", year, month, day)
          let expected = calendar.date(from: DateComponents(year: year, month: month, day: day))
          let real = calendar.component(.day, from: expected!) == day
          XCTAssertEqual(ISO8601.parse(text), real ? expected : nil, text)
        }
      }
    }
  }
}
