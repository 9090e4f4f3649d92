package import Foundation

/// A time zone's offsets from UTC over time: read from a TZif file (`/usr/share/zoneinfo/…`,
/// `/etc/localtime`), from a POSIX `TZ` string, or UTC.
///
/// Parsed here rather than taken from Foundation's `TimeZone`, which needs ICU's data and does not
/// find the learner's zone in the static release binary.
///
/// ```swift
/// let zone = TimeZoneRules.resolve(tz: "Asia/Shanghai", read: { path in try? fs.readWholeFile(path) })
/// zone.offset(at: Date())  // 28800
/// zone.name                // "Asia/Shanghai"
/// ```
package struct TimeZoneRules: Sendable, Hashable {
  /// The name the zone was found by (`Asia/Shanghai`, `CST-8`, `UTC`), for the report's `timeZone`.
  package var name: String
  /// Transition times (seconds since 1970) and the offset (seconds east of UTC) from each on, oldest first.
  var transitions: [Int64]
  var offsets: [Int]
  /// The offset before the first transition.
  var initialOffset: Int
  /// The rule after the last transition (a TZif v2+ footer, or the whole of a POSIX `TZ`).
  var rule: PosixTimeZone?

  /// Coordinated Universal Time.
  package static let utc = TimeZoneRules(name: "UTC", rule: PosixTimeZone(standardOffset: 0))

  /// A zone that is a POSIX rule alone (`CST-8`, `PST8PDT,M3.2.0,M11.1.0`).
  package init(name: String, rule: PosixTimeZone) {
    self.name = name
    transitions = []
    offsets = []
    initialOffset = rule.standardOffset
    self.rule = rule
  }

  /// Seconds east of UTC at `date`.
  package func offset(at date: Date) -> Int {
    let t = Int64(date.timeIntervalSince1970.rounded(.down))
    guard let lastTransition = transitions.last, t >= transitions[0] else {
      return transitions.isEmpty ? (rule?.offset(at: date) ?? initialOffset) : initialOffset
    }
    if t >= lastTransition, let rule { return rule.offset(at: date) }
    // The last transition at or before `t`.
    var (low, high) = (0, transitions.count - 1)
    while low < high {
      let middle = (low + high + 1) / 2
      if transitions[middle] <= t { low = middle } else { high = middle - 1 }
    }
    return offsets[low]
  }

  /// The zone of a TZif file's bytes (RFC 8536, versions 1 to 4); nil when they are not one.
  package init?(tzif bytes: [UInt8], name: String) {
    func int32(_ at: Int) -> Int64 {
      Int64(
        Int32(
          bitPattern: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8
            | UInt32(bytes[at + 3])))
    }
    func int64(_ at: Int) -> Int64 { int32(at) << 32 | (int32(at + 4) & 0xFFFF_FFFF) }
    func header(_ at: Int) -> (version: UInt8, isut: Int, isstd: Int, leap: Int, time: Int, type: Int, char: Int)? {
      guard bytes.count >= at + 44, bytes[at..<at + 4].elementsEqual("TZif".utf8) else { return nil }
      let counts = (0..<6).map { Int(int32(at + 20 + $0 * 4)) }
      guard counts.allSatisfy({ $0 >= 0 && $0 < 1 << 20 }), counts[4] > 0 else { return nil }
      return (bytes[at + 4], counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    }
    guard let first = header(0) else { return nil }
    var at = 44
    var timeSize = 4
    var h = first
    if first.version >= UInt8(ascii: "2") {
      // Skip the 32-bit block for the 64-bit one after it.
      at += first.time * 5 + first.type * 6 + first.char + first.leap * 8 + first.isstd + first.isut
      guard let second = header(at) else { return nil }
      h = second
      at += 44
      timeSize = 8
    }
    let typesAt = at + h.time * timeSize + h.time
    let end = typesAt + h.type * 6 + h.char + h.leap * (timeSize + 4) + h.isstd + h.isut
    guard bytes.count >= end else { return nil }
    var typeOffsets: [Int] = []
    for i in 0..<h.type {
      let offset = int32(typesAt + i * 6)
      guard abs(offset) < 26 * 3600 else { return nil }
      typeOffsets.append(Int(offset))
    }
    var transitions: [Int64] = []
    var offsets: [Int] = []
    for i in 0..<h.time {
      let time = timeSize == 8 ? int64(at + i * 8) : int32(at + i * 4)
      let type = Int(bytes[at + h.time * timeSize + i])
      guard type < typeOffsets.count, transitions.last.map({ time > $0 }) ?? true else { return nil }
      transitions.append(time)
      offsets.append(typeOffsets[type])
    }
    self.name = name
    self.transitions = transitions
    self.offsets = offsets
    initialOffset = typeOffsets[0]
    rule = nil
    // Version 2 and later end with "\n<POSIX TZ>\n", the rule after the last transition.
    if timeSize == 8, bytes.count > end + 1, bytes[end] == UInt8(ascii: "\n"),
      let close = bytes[(end + 1)...].firstIndex(of: UInt8(ascii: "\n")), close > end + 1
    {
      rule = PosixTimeZone(String(decoding: bytes[(end + 1)..<close], as: UTF8.self))
    }
  }

  /// The learner's zone: `TZ` when set (a zone name under `TZDIR` or `/usr/share/zoneinfo`, a
  /// file after `:` or `/`, or a POSIX string), else `/etc/localtime`, else UTC. `read` gives a
  /// file's bytes (following links), nil when it cannot be read. Returns nil for a `TZ` that
  /// names no zone, so the caller can say so; an empty `TZ` is UTC, as in the C library.
  package static func resolve(tz: String?, zoneDirectory: String? = nil, read: (String) -> [UInt8]?)
    -> TimeZoneRules?
  {
    let directory = zoneDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    func file(_ path: String, name: String) -> TimeZoneRules? {
      read(path).flatMap { TimeZoneRules(tzif: $0, name: name) }
    }
    guard let tz else {
      return file("/etc/localtime", name: localName(read: read) ?? "localtime") ?? .utc
    }
    var text = Substring(tz)
    if text.isEmpty { return .utc }
    if text.first == ":" {
      text = text.dropFirst()
      if text.isEmpty { return file("/etc/localtime", name: localName(read: read) ?? "localtime") ?? .utc }
    }
    if text.first == "/" {
      return file(String(text), name: zoneName(ofPath: String(text)) ?? String(text))
    }
    if text == "UTC" || text == "UTC0" || text == "Etc/UTC" || text == "GMT" || text == "Z" {
      return TimeZoneRules(name: String(text), rule: PosixTimeZone(standardOffset: 0))
    }
    // A zone name, never leading out of the zone folder.
    if !text.contains(".."), let zone = file(directory + "/" + text, name: String(text)) { return zone }
    if let rule = PosixTimeZone(String(text)) { return TimeZoneRules(name: String(text), rule: rule) }
    return nil
  }

  /// `Asia/Shanghai` for `/usr/share/zoneinfo/Asia/Shanghai`, nil for a path outside a zoneinfo folder.
  static func zoneName(ofPath path: String) -> String? {
    guard let range = path.range(of: "/zoneinfo/") else { return nil }
    let name = String(path[range.upperBound...])
    return name.isEmpty ? nil : name
  }

  /// The name of the zone `/etc/localtime` links to, else the one `/etc/timezone` names (Debian).
  static func localName(read: (String) -> [UInt8]?) -> String? {
    if let target = linkTarget("/etc/localtime"), let name = zoneName(ofPath: target) { return name }
    guard let bytes = read("/etc/timezone") else { return nil }
    let name = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return name.isEmpty || name.contains("\n") ? nil : name
  }

  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 1024)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
