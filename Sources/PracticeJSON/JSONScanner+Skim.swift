import Localization

extension JSONScanner {
  /// Steps over one value without building it or checking it: a string is skipped to its closing
  /// quote (its escapes and UTF-8 unread), a number or literal to the next delimiter, a container
  /// to its matching bracket. Only for bytes whose validity is settled elsewhere: a course this
  /// build has read whole before (see `DeferredQuestions`), or bytes the strict parser reads next
  /// anyway. On invalid input it stops somewhere or fails, never reads past the end.
  ///
  /// ```swift
  /// var scanner = JSONScanner(bytes: buffer)   // `{"a": [1, "]"], "b": 2}`
  /// scanner.index = 6                          // at `[`
  /// try scanner.skimValue()                    // index is now past `]`, at `,`
  /// ```
  package mutating func skimValue() throws(JSONScanFailure) {
    skipWhitespace()
    let outerDepth = depth
    defer { depth = outerDepth }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        skimString()
        if depth == outerDepth { return }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        try enter()
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > outerDepth else {
          throw Failure(offset: index, .tr("unexpected {found}, expected a value", ["found": describe(bytes[index])]))
        }
        depth -= 1
        index += 1
        if depth == outerDepth { return }
      case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x0A, 0x0D, 0x09:
        guard depth > outerDepth else {
          throw Failure(offset: index, .tr("unexpected {found}, expected a value", ["found": describe(bytes[index])]))
        }
        index += 1
      default:
        // A number or literal (or a stray byte: at least one is stepped over), up to the byte that ends it.
        index += 1
        while index < bytes.count {
          let byte = bytes[index]
          if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte <= 0x20 {
            break
          }
          index += 1
        }
        if depth == outerDepth { return }
      }
    }
    throw Failure(offset: index, .tr("unexpected end of input"))
  }

  /// From an opening quote to past its closing one, eight bytes at a time between escapes.
  private mutating func skimString() {
    index += 1
    guard let base = bytes.baseAddress else { return }
    while index < bytes.count {
      if index + 8 <= bytes.count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let first = Self.firstQuoteBackslashOrControl(word)
        index += first
        if first == 8 { continue }
      }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"): index += 2
      default: index += 1
      }
    }
    index = bytes.count
  }
}
