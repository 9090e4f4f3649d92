package import Foundation

/// Dates as UTC text: the one time format stored, shown and exported.
///
/// Computed from the epoch with no calendar, time zone or locale involved, so
/// output is identical on every machine (golden files depend on it).
///
/// ```swift
/// UTCTime.iso8601(Date(timeIntervalSince1970: 0))  // "1970-01-01T00:00:00Z"
/// UTCTime.compact(Date(timeIntervalSince1970: 0))  // "19700101T000000Z"
/// ```
package enum UTCTime {
  /// `2026-03-31T08:05:09Z`, whole seconds.
  package static func iso8601(_ date: Date) -> String {
    let (days, second) = split(date)
    return "\(day(number: days))T\(two(second / 3600)):\(two(second % 3600 / 60)):\(two(second % 60))Z"
  }

  /// `2026-03-31T08:05:09.250Z`: RFC 3339 in UTC with milliseconds, the events export's time format.
  package static func rfc3339(milliseconds ms: Int64) -> String {
    let seconds = ms >= 0 ? ms / 1000 : (ms - 999) / 1000
    let rest = Int(ms - seconds * 1000)
    let whole = iso8601(Date(timeIntervalSince1970: Double(seconds)))
    let fraction = String(rest + 1000).dropFirst()
    return whole.dropLast() + "." + fraction + "Z"
  }

  /// ``rfc3339(milliseconds:)`` of `date`, to the nearest millisecond.
  package static func rfc3339(_ date: Date) -> String {
    rfc3339(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded()))
  }

  /// `20260331T080509Z`, for file names.
  package static func compact(_ date: Date) -> String {
    let (days, second) = split(date)
    let (y, m, d) = civil(days: days)
    return "\(y)\(two(m))\(two(d))T\(two(second / 3600))\(two(second % 3600 / 60))\(two(second % 60))Z"
  }

  /// `2026-03-31`, the UTC day holding `date`.
  package static func day(_ date: Date) -> String { day(number: dayNumber(date)) }

  /// `2026-03-31` for a count of days since 1970-01-01.
  package static func day(number days: Int) -> String {
    let (y, m, d) = civil(days: days)
    return "\(y)-\(two(m))-\(two(d))"
  }

  /// Days since 1970-01-01 of the UTC day holding `date`.
  package static func dayNumber(_ date: Date) -> Int {
    Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Year, month and day from days since 1970.
  package static func civil(days: Int) -> (year: Int, month: Int, day: Int) { CivilDate.civil(days: days) }

  private static func split(_ date: Date) -> (days: Int, second: Int) {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    return (days, seconds - days * 86_400)
  }

  private static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
