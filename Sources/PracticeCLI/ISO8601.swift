import Foundation

/// UTC timestamps as ISO 8601 text, the one time format shown and stored.
public enum ISO8601 {
  /// Parses `2026-12-01T08:00:00Z`, with optional fractional seconds or an offset.
  public static func parse(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withFullDate]
    return formatter.date(from: text)
  }

  public static func format(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: date)
  }
}
