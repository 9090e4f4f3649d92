import Localization
import TextLayout

/// Pieces of the self-contained HTML pages: no scripts, no outside assets, every text escaped.
enum HTMLPage {
  static let style = """
    body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "PingFang SC", sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #1b1b1b; background: #fff; }
    h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
    .meta { color: #555; }
    table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
    th, td { padding: 0.25em 0.6em; border-bottom: 1px solid #ddd; text-align: right; vertical-align: top; }
    th:first-child, td:first-child, td.text, th.text { text-align: left; }
    thead th { border-bottom: 2px solid #888; }
    tfoot th, tfoot td { border-top: 2px solid #888; font-weight: bold; }
    tr.parent td:first-child { font-weight: 600; }
    .error { color: #a40000; }
    svg { max-width: 100%; height: auto; }
    svg text { font-size: 12px; fill: #1b1b1b; }
    .track { fill: #eee; } .good { fill: #2e7d32; } .fair { fill: #c98a00; } .bad { fill: #c62828; } .day { fill: #3465a4; }
    code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
    @media print {
      body { margin: 0; max-width: none; font-size: 10pt; color: #000; }
      h2 { break-after: avoid; }
      tr, svg, li { break-inside: avoid; }
      * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
    }
    """

  /// - Parameter language: the page's `lang`, a BCP 47 tag (`en`, `zh-CN`).
  static func page(title: String, body: [String], language: String = "en") -> String {
    var out = [
      "<!DOCTYPE html>", "<html lang=\"\(language)\">", "<head>", "<meta charset=\"utf-8\">",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
      "<title>\(Formatting.html(title))</title>", "<style>", style, "</style>", "</head>", "<body>",
    ]
    out += body
    out += ["</body>", "</html>"]
    return out.joined(separator: "\n") + "\n"
  }

  /// Escaped text, marked as Chinese when it holds CJK so browsers pick a CJK font.
  static func text(_ s: String) -> String {
    Formatting.isCJK(s) ? "<span lang=\"zh\">\(Formatting.html(s))</span>" : Formatting.html(s)
  }

  static func tone(_ percent: Double?) -> String {
    switch Bars.tone(for: percent) {
    case .good?: return "good"
    case .fair?: return "fair"
    default: return "bad"
    }
  }

  /// Horizontal bars, one per item, 0…100 %.
  static func accuracyChart(title: String, items: [(label: String, depth: Int, percent: Double?)]) -> String {
    let labelWidth = 320
    let barWidth = 360
    let rowHeight = 22
    let width = labelWidth + barWidth + 60
    let height = rowHeight * items.count + 10
    var out = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">",
      "<title>\(Formatting.html(title))</title>",
    ]
    for (n, item) in items.enumerated() {
      let y = n * rowHeight + 5
      let label = DisplayWidth.truncated(item.label, to: 46 - 2 * item.depth)
      out.append(
        // SVG text takes no HTML spans, so the language goes on the element itself.
        "<text x=\"\(4 + 12 * item.depth)\" y=\"\(y + 15)\"\(Formatting.isCJK(label) ? " lang=\"zh\"" : "")>\(Formatting.html(label))</text>"
      )
      out.append(
        "<rect class=\"track\" x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(barWidth)\" height=\"14\"/>")
      if let p = item.percent {
        let w = Int((min(100, max(0, p)) / 100 * Double(barWidth)).rounded())
        out.append(
          "<rect class=\"\(tone(p))\" x=\"\(labelWidth)\" y=\"\(y + 3)\" width=\"\(w)\" height=\"14\"><title>\(Formatting.html(item.label)): \(Formatting.percent(p))</title></rect>"
        )
      }
      out.append(
        "<text x=\"\(labelWidth + barWidth + 6)\" y=\"\(y + 15)\">\(Formatting.percent(item.percent))</text>")
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }

  /// One vertical bar per day, scaled to the busiest day; days as `messages`' language writes them.
  static func activityChart(title: String, days: [ActivityDay], messages: Localizer = .english) -> String {
    let step = 20
    let chartHeight = 100
    let left = 30
    let width = left + step * days.count + 10
    let height = chartHeight + 40
    let top = max(1, days.map(\.answers).max() ?? 0)
    var out = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">",
      "<title>\(Formatting.html(title))</title>",
      "<text x=\"0\" y=\"14\">\(top)</text>",
      "<line x1=\"\(left)\" y1=\"\(chartHeight + 10)\" x2=\"\(width - 10)\" y2=\"\(chartHeight + 10)\" stroke=\"#888\"/>",
    ]
    for (n, day) in days.enumerated() {
      let h = Int((Double(day.answers) / Double(top) * Double(chartHeight)).rounded())
      let x = left + n * step + 3
      out.append(
        "<rect class=\"day\" x=\"\(x)\" y=\"\(chartHeight + 10 - h)\" width=\"\(step - 6)\" height=\"\(h)\"><title>\(messages.date(day.start)): \(day.answers)</title></rect>"
      )
    }
    if let first = days.first, let last = days.last {
      out.append("<text x=\"\(left)\" y=\"\(chartHeight + 28)\">\(messages.shortDate(first.start))</text>")
      out.append(
        "<text x=\"\(width - 10)\" y=\"\(chartHeight + 28)\" text-anchor=\"end\">\(messages.shortDate(last.start))</text>"
      )
    }
    out.append("</svg>")
    return out.joined(separator: "\n")
  }

  static func row(_ cells: [String], header: Bool = false, rowClass: String? = nil) -> String {
    let tag = header ? "th" : "td"
    let cls = rowClass.map { " class=\"\($0)\"" } ?? ""
    return "<tr\(cls)>" + cells.map { "<\(tag)>\($0)</\(tag)>" }.joined() + "</tr>"
  }
}
