package import Foundation

/// A moment's wall-clock reading in a time zone: date, time and the offset from UTC.
///
/// ```swift
/// let t = LocalTime(Date(timeIntervalSince1970: 1_796_554_800), in: shanghai)
/// (t.year, t.month, t.day, t.hour, t.minute)  // (2026, 12, 6, 19, 0)
/// t.offsetText                                // "+08:00"
/// ```
package struct LocalTime: Sendable, Hashable {
  package var year, month, day, hour, minute, second: Int
  /// Seconds east of UTC.
  package var offset: Int

  package init(_ date: Date, in zone: TimeZoneRules) {
    offset = zone.offset(at: date)
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
    let days = CivilDate.floorDiv(seconds, 86_400)
    (year, month, day) = CivilDate.civil(days: days)
    let rest = seconds - days * 86_400
    (hour, minute, second) = (rest / 3600, rest % 3600 / 60, rest % 60)
  }

  /// `+08:00`, `-07:00`, `+00:00`.
  package var offsetText: String {
    let minutes = abs(offset) / 60
    let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
    return (offset < 0 ? "-" : "+") + two(minutes / 60) + ":" + two(minutes % 60)
  }
}
