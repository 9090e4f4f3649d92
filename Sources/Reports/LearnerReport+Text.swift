import Localization
import PracticeTime
import TextLayout

extension LearnerReport {
  /// Width of the accuracy bar in columns.
  static let barWidth = 10
  /// Titles longer than this are cut so one long name does not push every column off screen.
  static let titleWidth = 44
  /// The figures' columns a narrow terminal loses first, least needed first.
  static let droppableColumns = [
    trMark("Last studied"), trMark("Views"), trMark("Time"), trMark("Last"), trMark("Recall"), trMark("Mastered"),
    trMark("Sessions"), trMark("Answered"), trMark("Due"),
  ]

  /// `2 answers overruled by the learner (!!), counted as right.`, nil when none was.
  var overruledNote: String? {
    guard total.overruled > 0 else { return nil }
    return messages.trn(
      "{count} answer overruled by the learner (!!), counted as right.",
      "{count} answers overruled by the learner (!!), counted as right.", count: total.overruled)
  }

  /// `3 hints used.`, nil when none was.
  var hintsNote: String? {
    guard total.hints > 0 else { return nil }
    return messages.trn("{count} hint used.", "{count} hints used.", count: total.hints)
  }

  /// Whether the parts table is too narrow for a terminal `width` columns wide even when `fitted`:
  /// it still runs past the edge, or its titles are cut to a few characters, which say too little.
  static func needsList(_ grid: TextGrid, fitted: TextGrid, width: Int) -> Bool {
    fitted.width > width || fitted.columnWidths[0] < min(narrowestTitles, grid.columnWidths[0])
  }

  /// Titles cut narrower than this (the address and about six Chinese characters) say too little:
  /// the parts are listed one under another instead of as a table.
  static let narrowestTitles = 16

  /// The local time a study day starts, `04:00`: the activity chart's days begin then.
  var studyDayStart: String { (studyDay.startHour < 10 ? "0" : "") + "\(studyDay.startHour):00" }

  /// `text` after `indent`, wrapped to a terminal's `width` at word boundaries (whole when the width
  /// is unknown, as in files and pipes): the report's sentences, not its tables, which are fitted.
  static func wrapped(_ text: String, width: Int?, indent: String = "") -> [String] {
    guard let width, DisplayWidth.of(indent + text) > width else { return [indent + text] }
    return TextWrapping.lines(text, width: max(width - DisplayWidth.of(indent), 10)).map { indent + $0 }
  }

  static func figuresGrid(firstColumn: String, _ messages: Localizer = .english) -> TextGrid {
    TextGrid([
      .left(firstColumn), .right(messages.tr("Read")), .right(messages.tr("Views")), .right(messages.tr("Sessions")),
      .right(messages.tr("Best")), .right(messages.tr("Last")), .left(messages.tr("Accuracy")),
      .right(messages.tr("Answered")), .right(messages.tr("Mastered")), .right(messages.tr("Due")),
      .right(messages.tr("Recall")), .right(messages.tr("Time")), .left(messages.tr("Last studied")),
    ])
  }

  static func figureCells(
    _ label: String, _ f: ReportFigures, isLeaf: Bool, style: ReportStyle, _ messages: Localizer = .english,
    bar: Bool = true
  ) -> [TextGrid.Cell] {
    let read =
      isLeaf
      ? (f.hadRead
        ? (style.unicode ? "✓" : messages.trc("part was read", "yes"))
        : (style.unicode ? "·" : messages.trc("part was read", "no")))
      : "\(f.leavesRead)/\(f.leaves)"
    let accuracy =
      bar
      ? Bars.bar(f.accuracy, width: barWidth, unicode: style.unicode) + " "
        + DisplayWidth.leftPadded(Formatting.percent(f.accuracy), to: 4)
      : Formatting.percent(f.accuracy)
    return [
      TextGrid.Cell(label), TextGrid.Cell(read), TextGrid.Cell("\(f.browseCount)"),
      TextGrid.Cell("\(f.sessions)"), TextGrid.Cell(Formatting.percent(f.bestScore)),
      TextGrid.Cell(Formatting.percent(f.lastScore)),
      TextGrid.Cell(accuracy, Bars.tone(for: f.accuracy)),
      TextGrid.Cell("\(f.answered)/\(f.questions)"), TextGrid.Cell("\(f.mastered)/\(f.questions)"),
      TextGrid.Cell("\(f.due)"), TextGrid.Cell(Formatting.percent(f.meanRetention)),
      TextGrid.Cell(f.secondsSpent > 0 ? messages.duration(seconds: Double(f.secondsSpent)) : "-"),
      TextGrid.Cell(f.lastStudied.map { messages.date($0) } ?? "-"),
    ]
  }
}
