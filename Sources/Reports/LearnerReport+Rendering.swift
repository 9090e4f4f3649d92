extension LearnerReport {
  /// The report in `format`; `style` only affects `text`.
  ///
  /// ```swift
  /// try report.render(.html, style: ReportStyle()).write(toFile: "report.html", atomically: true, encoding: .utf8)
  /// ```
  package func render(_ format: ReportFormat, style: ReportStyle = ReportStyle()) -> String {
    switch format {
    case .text: return LearnerReportText(report: self).render(style: style)
    case .json: return json()
    case .csv: return csv()
    case .md: return LearnerReportMarkdown(report: self).render()
    case .html: return LearnerReportHTML(report: self).render()
    }
  }
}
