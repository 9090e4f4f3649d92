package import Foundation

/// Reads the times users type (`--now`); `UTCTime` writes them, beside it in PracticeTime.
///
/// Strict RFC 3339: a real calendar date and clock time from 1970 to 9999, so a typo is a usage
/// error rather than another day (`2026-02-30` is not March 2nd).
///
/// ```swift
/// ISO8601.parse("2026-12-01T08:00:00Z")       // 2026-12-01 08:00 UTC
/// ISO8601.parse("2026-12-01T09:00:00.5+01:00") // 2026-12-01 08:00:00.5 UTC
/// ISO8601.parse("2026-12-01")                 // midnight UTC
/// ISO8601.parse("2026-02-30T00:00:00Z")       // nil
/// ```
package enum ISO8601 {
  /// The first instant accepted: 1970-01-01T00:00:00Z.
  package static let earliest: TimeInterval = 0
  /// The last second accepted: 9999-12-31T23:59:59Z.
  package static let latest: TimeInterval = 253_402_300_799

  /// `2026-12-01T08:00:00Z`, with optional fractional seconds, a `±HH:MM` offset instead of `Z`,
  /// `t`/`z` in lower case or a space for the `T`; or a date alone, meaning midnight UTC.
  package static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    var reader = Reader(bytes: bytes)
    guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
      let day = reader.digits(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(daysSince1970(year: year, month: month, day: day)) * 86_400
    if reader.atEnd { return date(seconds) }
    guard reader.skip("T") || reader.skip("t") || reader.skip(" "), let hour = reader.digits(2), reader.skip(":"),
      let minute = reader.digits(2), reader.skip(":"), let second = reader.digits(2),
      hour < 24, minute < 60, second < 60
    else { return nil }
    seconds += Double(hour * 3600 + minute * 60 + second)
    if reader.skip(".") {
      guard let fraction = reader.fraction() else { return nil }
      seconds += fraction
    }
    if reader.skip("Z") || reader.skip("z") {
      // UTC.
    } else if let sign = reader.sign(), let offsetHours = reader.digits(2), reader.skip(":"),
      let offsetMinutes = reader.digits(2), offsetHours < 24, offsetMinutes < 60
    {
      seconds -= Double(sign * (offsetHours * 3600 + offsetMinutes * 60))
    } else {
      return nil
    }
    return reader.atEnd ? date(seconds) : nil
  }

  private static func date(_ seconds: Double) -> Date? {
    (earliest...latest + 0.999_999).contains(seconds) ? Date(timeIntervalSince1970: seconds) : nil
  }

  static func daysIn(month: Int, year: Int) -> Int { CivilDate.daysIn(month: month, year: year) }

  /// Days from 1970-01-01 to a proleptic Gregorian date.
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    CivilDate.daysSince1970(year: year, month: month, day: day)
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
      guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
      index += 1
      return true
    }

    /// Exactly `count` ASCII digits.
    mutating func digits(_ count: Int) -> Int? {
      guard index + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[index..<index + count] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      index += count
      return value
    }

    /// One or more digits after the decimal point, as a fraction of a second.
    mutating func fraction() -> Double? {
      let start = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]), index - start < 9 { index += 1 }
      guard index > start else { return nil }
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      return Double("0." + String(decoding: bytes[start..<index], as: UTF8.self))
    }

    mutating func sign() -> Int? {
      if skip("+") { return 1 }
      if skip("-") { return -1 }
      return nil
    }
  }
}
