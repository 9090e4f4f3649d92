package import Foundation

/// A POSIX `TZ` rule such as `CST-8` or `PST8PDT,M3.2.0,M11.1.0`: a standard offset and, when
/// the string names one, a daylight-saving offset with the rules for when it starts and ends.
///
/// Also the footer of a TZif file, which gives the rule after its last listed transition.
/// Offsets are kept as seconds east of UTC (POSIX writes them west: `CST-8` is UTC+8).
///
/// ```swift
/// let rule = PosixTimeZone("PST8PDT,M3.2.0,M11.1.0")!
/// rule.offset(at: Date(timeIntervalSince1970: 1_780_000_000))  // -25200 (summer)
/// ```
package struct PosixTimeZone: Sendable, Hashable {
  /// Seconds east of UTC outside daylight-saving time.
  package var standardOffset: Int
  /// Seconds east of UTC during daylight-saving time, with its start and end; nil without one.
  package var daylight: Daylight?

  /// When daylight-saving time is on: from `start` (local standard time) to `end` (local daylight time).
  package struct Daylight: Sendable, Hashable {
    package var offset: Int
    package var start: DayRule
    package var end: DayRule
  }

  /// A day of the year and a time on it, as POSIX writes them (`M3.2.0/2`, `J60`, `59`).
  package struct DayRule: Sendable, Hashable {
    package enum Day: Sendable, Hashable {
      /// `Jn`: day 1–365, February 29 never counted.
      case julian(Int)
      /// `n`: day 0–365, February 29 counted in leap years.
      case zeroBased(Int)
      /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5 the last) of month `m`.
      case month(Int, week: Int, weekday: Int)
    }
    package var day: Day
    /// Seconds after local midnight (default 02:00; may be negative or past 24 h).
    package var time: Int

    /// Days since 1970-01-01 of this rule's day in `year`.
    func dayNumber(in year: Int) -> Int {
      let january1 = CivilDate.daysSince1970(year: year, month: 1, day: 1)
      switch day {
      case .julian(let n):
        let leapShift = CivilDate.isLeap(year) && n >= 60 ? 1 : 0
        return january1 + n - 1 + leapShift
      case .zeroBased(let n):
        return january1 + n
      case .month(let month, let week, let weekday):
        let first = CivilDate.daysSince1970(year: year, month: month, day: 1)
        // 1970-01-01 was a Thursday (4).
        let firstWeekday = ((first % 7) + 7 + 4) % 7
        var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
        let monthLength = CivilDate.daysIn(month: month, year: year)
        while day >= first + monthLength { day -= 7 }
        return day
      }
    }
  }

  package init(standardOffset: Int, daylight: Daylight? = nil) {
    self.standardOffset = standardOffset
    self.daylight = daylight
  }

  /// Seconds east of UTC at `date`.
  package func offset(at date: Date) -> Int {
    guard let daylight else { return standardOffset }
    let t = Int(date.timeIntervalSince1970.rounded(.down))
    let year = CivilDate.civil(days: CivilDate.floorDiv(t + standardOffset, 86_400)).year
    // The transitions of the year around `t` and of its neighbours (rules may wrap a new year):
    // the latest one at or before `t` says which offset holds.
    var latest: (time: Int, offset: Int)?
    for y in year - 1...year + 1 {
      let start = daylight.start.dayNumber(in: y) * 86_400 + daylight.start.time - standardOffset
      let end = daylight.end.dayNumber(in: y) * 86_400 + daylight.end.time - daylight.offset
      for (time, offset) in [(start, daylight.offset), (end, standardOffset)] where time <= t {
        if latest.map({ time >= $0.time }) ?? true { latest = (time, offset) }
      }
    }
    if let latest { return latest.offset }
    return standardOffset
  }

  /// Parses a POSIX `TZ` string; nil when it is not one (a bare name such as `Asia/Shanghai` is not).
  package init?(_ text: String) {
    var reader = Reader(Array(text.utf8))
    guard reader.name(), let std = reader.offset() else { return nil }
    standardOffset = -std
    if reader.atEnd {
      daylight = nil
      return
    }
    guard reader.name() else { return nil }
    var dst = std - 3600
    if !reader.atEnd && reader.peek != UInt8(ascii: ",") {
      guard let given = reader.offset() else { return nil }
      dst = given
    }
    // Without rules POSIX leaves the dates to the implementation; glibc and tzcode use the US rules.
    var start = DayRule(day: .month(3, week: 2, weekday: 0), time: 7200)
    var end = DayRule(day: .month(11, week: 1, weekday: 0), time: 7200)
    if reader.skip(",") {
      guard let s = reader.rule(), reader.skip(","), let e = reader.rule() else { return nil }
      (start, end) = (s, e)
    }
    guard reader.atEnd else { return nil }
    daylight = Daylight(offset: -dst, start: start, end: end)
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skip(_ c: Character) -> Bool {
      guard let p = peek, p == c.asciiValue else { return false }
      index += 1
      return true
    }

    /// `CST` (three or more letters) or `<+08>` (quoted, may hold digits and signs).
    mutating func name() -> Bool {
      if skip("<") {
        let start = index
        while let p = peek, p != UInt8(ascii: ">") { index += 1 }
        guard index - start >= 3, skip(">") else { return false }
        return true
      }
      let start = index
      while let p = peek, (0x41...0x5A).contains(p) || (0x61...0x7A).contains(p) { index += 1 }
      return index - start >= 3
    }

    /// `[+-]hh[:mm[:ss]]`, in seconds (west of UTC, as POSIX writes it).
    mutating func offset() -> Int? {
      var sign = 1
      if skip("-") {
        sign = -1
      } else {
        _ = skip("+")
      }
      guard let time = time(maxHours: 24) else { return nil }
      return sign * time
    }

    mutating func number(maxDigits: Int) -> Int? {
      let start = index
      var value = 0
      while let p = peek, (0x30...0x39).contains(p), index - start < maxDigits {
        value = value * 10 + Int(p - 0x30)
        index += 1
      }
      return index > start ? value : nil
    }

    mutating func time(maxHours: Int) -> Int? {
      guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
      var seconds = hours * 3600
      if skip(":") {
        guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
        seconds += minutes * 60
        if skip(":") {
          guard let s = number(maxDigits: 2), s < 60 else { return nil }
          seconds += s
        }
      }
      return seconds
    }

    /// `Mm.w.d[/time]`, `Jn[/time]` or `n[/time]`.
    mutating func rule() -> DayRule? {
      let day: DayRule.Day
      if skip("M") {
        guard let m = number(maxDigits: 2), (1...12).contains(m), skip("."), let w = number(maxDigits: 1),
          (1...5).contains(w), skip("."), let d = number(maxDigits: 1), d <= 6
        else { return nil }
        day = .month(m, week: w, weekday: d)
      } else if skip("J") {
        guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
        day = .julian(n)
      } else {
        guard let n = number(maxDigits: 3), n <= 365 else { return nil }
        day = .zeroBased(n)
      }
      var time = 7200
      if skip("/") {
        var sign = 1
        if skip("-") {
          sign = -1
        } else {
          _ = skip("+")
        }
        guard let t = self.time(maxHours: 167) else { return nil }
        time = sign * t
      }
      return DayRule(day: day, time: time)
    }
  }
}
