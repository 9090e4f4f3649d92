import Glibc

extension String {
  /// A number written by C's `printf` with one conversion (`%.2f`, `%.12g`): the text
  /// `String(format:)` gives, rounding included, without Foundation.
  ///
  /// ```swift
  /// String(printf: "%.2f", 2.675)  // "2.67": the double nearest 2.675 is a little below it
  /// ```
  package init(printf format: String, _ value: Double) {
    // 512 bytes hold any double with a precision up to 100 digits in %f (1e308 has 309 integer digits).
    var buffer = [CChar](repeating: 0, count: 512)
    let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
    precondition(count >= 0 && Int(count) < buffer.count, "printf format \(format) does not fit its buffer")
    self = String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
