import Foundation

/// How output may look: colors and Unicode glyphs, decided once from the environment.
///
/// Colors only on a terminal and never with `NO_COLOR`; block and arrow glyphs
/// only in a UTF-8 locale.
package struct OutputStyle: Sendable, Equatable {
  package var color: Bool
  package var unicode: Bool

  package init(color: Bool = false, unicode: Bool = true) {
    self.color = color
    self.unicode = unicode
  }

  /// The style for a stream, given whether it is a terminal and the environment.
  ///
  /// - Parameter textIsNonASCII: the output holds non-ASCII text anyway (a Chinese course, Chinese
  ///   messages), written as UTF-8 whatever the locale. Then, with no locale or `C`/`POSIX` (which
  ///   name no character set: a bare server, a container, `env -i`), the marks are UTF-8 too: a
  ///   terminal that shows that text shows `✓` and `▸` as well, and ASCII marks beside Chinese only
  ///   look broken. A locale naming another character set (`en_US.ISO-8859-1`, or `en_US`, whose
  ///   default is Latin-1) keeps the ASCII marks.
  package static func detect(
    isTerminal: Bool, environment: [String: String], textIsNonASCII: Bool = false
  ) -> OutputStyle {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let dumb = environment["TERM"] == "dumb"
    let locale =
      environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
      ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["LANG"] ?? ""
    let unicode = namesUTF8(locale) || (textIsNonASCII && ["", "C", "POSIX"].contains(locale))
    return OutputStyle(color: isTerminal && !noColor && !dumb, unicode: unicode)
  }

  /// Whether a locale name asks for UTF-8, in any case: `zh_CN.UTF-8`, `en_US.utf8`, `C.UTF-8`.
  ///
  /// Compared as ASCII bytes: Foundation's `contains` went through ICU, whose first use cost
  /// every start a tenth of `practice --version`'s time.
  static func namesUTF8(_ locale: String) -> Bool {
    let upper = locale.utf8.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }
    let names = [Array("UTF-8".utf8), Array("UTF8".utf8)]
    return names.contains { name in
      upper.count >= name.count
        && (0...(upper.count - name.count)).contains { upper[$0..<$0 + name.count].elementsEqual(name) }
    }
  }

  package enum Tone: String, Sendable {
    case good = "32"
    case bad = "31"
    /// Partly right: neither a right answer's green nor a wrong one's red.
    case partial = "33"
    case dim = "2"
    case bold = "1"
    case accent = "36"
  }

  package func paint(_ text: String, _ tone: Tone) -> String {
    color ? "\u{1B}[\(tone.rawValue)m\(text)\u{1B}[0m" : text
  }

  /// A day or a figure with nothing in it, in the `due` table.
  package var noneMark: String { unicode ? "·" : "-" }

  // In ASCII every mark stays one of its own: `>`/`v` draw the arrows of a collapsed and an
  // expanded node, so `+` and `x` mean only a right and a wrong answer, and `*` only "read".
  package var collapsedMarker: String { unicode ? "▸" : ">" }
  package var expandedMarker: String { unicode ? "▾" : "v" }
  package var readMark: String { unicode ? "✓" : "*" }
  /// Between the figures of a status (`2/4 read · 3 to retry`), as the reports join theirs.
  package var separator: String { unicode ? " · " : ", " }
  package var rightMark: String { unicode ? "✓" : "+" }
  package var wrongMark: String { unicode ? "✗" : "x" }
  /// An answer that earned part of the credit.
  package var partMark: String { unicode ? "◐" : "~" }
}
