import Foundation
import TextLayout

/// Numbers as people write them: `3`, `0.5`, `-3.142`; 12 significant digits, so a range's
/// midpoint `3.1414999999999997` reads `3.1415`.
enum JSONFormat {
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    var text = String(printf: "%.12g", value)
    if text.contains("e") { return text }
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text
  }
}
