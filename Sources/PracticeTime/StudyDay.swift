package import Foundation

/// The learner's study days: local calendar days in `zone` that begin at `startHour` (04:00 by
/// default, Anki's "next day starts at"), so an evening that runs past midnight is one day.
///
/// Days are numbered by the local date on which they begin, counted from 1970-01-01: the study day
/// that began at 04:00 on 6 December is day 20793 until 04:00 on the 7th.
///
/// ```swift
/// let days = StudyDay(zone: shanghai, startHour: 4)
/// let today = days.number(of: now)  // the day holding `now`
/// days.end(of: now)                 // when "due today" ends: 04:00 local tomorrow
/// days.date(of: now)                // (2026, 12, 6)
/// ```
package struct StudyDay: Sendable, Hashable {
  /// Anki's default.
  package static let defaultStartHour = 4
  /// UTC days from midnight: what tests and old behaviour assume.
  package static let utcMidnight = StudyDay(zone: .utc, startHour: 0)

  package var zone: TimeZoneRules
  /// 0–23: the local hour at which a study day begins.
  package var startHour: Int

  package init(zone: TimeZoneRules = .utc, startHour: Int = StudyDay.defaultStartHour) {
    precondition((0...23).contains(startHour), "a study day starts at an hour 0-23, not \(startHour)")
    self.zone = zone
    self.startHour = startHour
  }

  /// The number of the study day holding `date`.
  package func number(of date: Date) -> Int {
    let local = Int(date.timeIntervalSince1970.rounded(.down)) + zone.offset(at: date) - startHour * 3600
    return CivilDate.floorDiv(local, 86_400)
  }

  /// The first instant of study day `day`: `startHour` local time on its date (when a clock change
  /// skips that hour, the instant the clock jumps past it).
  package func start(ofDay day: Int) -> Date {
    let local = day * 86_400 + startHour * 3600
    // The offsets either side of any change near that hour; the earliest instant that reads as
    // `local` (or, in a skipped hour, the change itself) begins the day.
    let before = zone.offset(at: Date(timeIntervalSince1970: Double(local - 86_400)))
    let after = zone.offset(at: Date(timeIntervalSince1970: Double(local + 86_400)))
    var candidates: [Int] = []
    for offset in Set([before, after]) {
      let t = local - offset
      if zone.offset(at: Date(timeIntervalSince1970: Double(t))) == offset { candidates.append(t) }
    }
    if let earliest = candidates.min() { return Date(timeIntervalSince1970: Double(earliest)) }
    return Date(timeIntervalSince1970: Double(local - min(before, after)))
  }

  /// The first instant of the study day holding `date`.
  package func start(of date: Date) -> Date { start(ofDay: number(of: date)) }

  /// The first instant after the study day holding `date`: what is due before it is due today.
  package func end(of date: Date) -> Date { start(ofDay: number(of: date) + 1) }

  /// The local date a study day is named by (the date on which it begins).
  package static func date(ofDay day: Int) -> (year: Int, month: Int, day: Int) { CivilDate.civil(days: day) }

  /// The local date of the study day holding `date`.
  package func date(of date: Date) -> (year: Int, month: Int, day: Int) { Self.date(ofDay: number(of: date)) }

  /// Local wall-clock fields of `date` in this zone, with the offset in seconds east of UTC.
  package func local(_ date: Date) -> LocalTime { LocalTime(date, in: zone) }
}
