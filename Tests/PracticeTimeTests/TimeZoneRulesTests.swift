import Foundation
import PracticeTime
import XCTest

/// The learner's zone is read from TZif files and POSIX strings by hand (the static binary has no
/// ICU data for Foundation's `TimeZone`): every offset must agree with the system's.
final class TimeZoneRulesTests: XCTestCase {
  static func read(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { [UInt8]($0) } }

  func zone(_ tz: String?) -> TimeZoneRules? { TimeZoneRules.resolve(tz: tz, read: Self.read) }

  /// Random instants from 1970 to 2100 in zones with and without daylight saving, north and south.
  func testOffsetsAgreeWithTheSystemZoneDatabase() throws {
    var generator = SystemRandomNumberGenerator()
    var checked = 0
    for name in [
      "Asia/Shanghai", "America/Los_Angeles", "Europe/London", "Australia/Sydney", "Asia/Kolkata",
      "America/Sao_Paulo", "Pacific/Chatham", "UTC",
    ] {
      guard let reference = TimeZone(identifier: name), let ours = zone(name) else {
        throw XCTSkip("no zone data for \(name) on this machine")
      }
      XCTAssertEqual(ours.name, name)
      for _ in 0..<2_000 {
        let date = Date(timeIntervalSince1970: Double(Int64.random(in: 0..<4_102_444_800, using: &generator)))
        XCTAssertEqual(ours.offset(at: date), reference.secondsFromGMT(for: date), "\(name) at \(date)")
        checked += 1
      }
    }
    XCTAssertEqual(checked, 16_000)
  }

  func testPosixStrings() throws {
    let shanghai = try XCTUnwrap(zone("CST-8"))
    XCTAssertEqual(shanghai.offset(at: Date(timeIntervalSince1970: 1_796_554_800)), 8 * 3600)
    let pacific = try XCTUnwrap(zone("PST8PDT,M3.2.0,M11.1.0"))
    let reference = try XCTUnwrap(TimeZone(identifier: "America/Los_Angeles"))
    // From 2008 on the US rules are those of the string.
    var t = 1_199_145_600.0
    while t < 2_524_608_000 {
      let date = Date(timeIntervalSince1970: t)
      XCTAssertEqual(pacific.offset(at: date), reference.secondsFromGMT(for: date), "\(date)")
      t += 3_599 * 7
    }
    let india = try XCTUnwrap(zone("<+0530>-5:30"))
    XCTAssertEqual(india.offset(at: Date()), 19_800)
    // Southern hemisphere: daylight time across the new year.
    let sydney = try XCTUnwrap(zone("AEST-10AEDT,M10.1.0,M4.1.0/3"))
    XCTAssertEqual(sydney.offset(at: Date(timeIntervalSince1970: 1_798_761_600)), 11 * 3600)  // 2027-01-01
    XCTAssertEqual(sydney.offset(at: Date(timeIntervalSince1970: 1_814_400_000)), 10 * 3600)  // 2027-07-01
  }

  func testTheChoiceOfZone() throws {
    XCTAssertEqual(zone(""), .utc)
    XCTAssertNil(zone("Asia/Nowhere"))
    XCTAssertNil(zone("../../etc/passwd"))
    XCTAssertEqual(zone(":/usr/share/zoneinfo/Asia/Tokyo")?.name, "Asia/Tokyo")
    XCTAssertEqual(zone("/usr/share/zoneinfo/Asia/Tokyo")?.offset(at: Date()), 9 * 3600)
    XCTAssertNotNil(zone(nil))
    XCTAssertNotNil(zone(":/etc/localtime"))
    // A file that is not TZif is no zone.
    XCTAssertNil(TimeZoneRules.resolve(tz: "Asia/Shanghai", read: { _ in Array("not a zone".utf8) }))
    XCTAssertEqual(TimeZoneRules.resolve(tz: nil, read: { _ in nil }), .utc)
  }

  /// Every instant lies in exactly the study day whose start is at or before it and whose end is after it,
  /// across clock changes, for every start hour.
  func testStudyDaysTileTime() throws {
    for name in ["America/Los_Angeles", "Europe/London", "Australia/Sydney", "Asia/Shanghai"] {
      let tz = try XCTUnwrap(zone(name))
      for hour in [0, 1, 2, 3, 4, 23] {
        let days = StudyDay(zone: tz, startHour: hour)
        var t = 1_772_323_200.0  // 2026-03-01
        while t < 1_798_761_600 {
          let date = Date(timeIntervalSince1970: t)
          let n = days.number(of: date)
          XCTAssertLessThanOrEqual(days.start(ofDay: n), date, "\(name) \(hour) \(date)")
          XCTAssertGreaterThan(days.start(ofDay: n + 1), date, "\(name) \(hour) \(date)")
          XCTAssertEqual(days.number(of: days.start(ofDay: n)), n)
          t += 1_799
        }
      }
    }
  }

  func testAStudyDayBeginsAtFourLocal() throws {
    let days = StudyDay(zone: try XCTUnwrap(zone("Asia/Shanghai")))
    let evening = try XCTUnwrap(ISO8601.parse("2026-12-06T19:00:00+08:00"))
    let lateNight = try XCTUnwrap(ISO8601.parse("2026-12-07T03:59:00+08:00"))
    XCTAssertEqual(days.number(of: evening), days.number(of: lateNight))
    XCTAssertTrue(days.date(of: lateNight) == (2026, 12, 6))
    XCTAssertEqual(days.end(of: evening), ISO8601.parse("2026-12-07T04:00:00+08:00"))
    XCTAssertEqual(days.start(of: evening), ISO8601.parse("2026-12-06T04:00:00+08:00"))
    XCTAssertEqual(days.local(evening).offsetText, "+08:00")
    XCTAssertEqual(days.local(evening).hour, 19)
  }
}
