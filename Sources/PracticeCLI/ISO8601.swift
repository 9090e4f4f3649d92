import Foundation

/// Reads the ISO 8601 times users type (`--now`); `UTCTime` writes them.
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
}
