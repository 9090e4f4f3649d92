/// What a Moodle calculated question adds to the parts every question has (name, text, feedback,
/// hints, which ``GiftQuestion`` holds): its answers as formulas, units, and the dataset definitions
/// its variables are drawn from. Read by ``MoodleCalculatedReader`` from `calculated`,
/// `calculatedsimple` and `calculatedmulti` questions as Moodle's `import_calculated` reads them.
///
/// ```swift
/// let parts = MoodleCalculatedReader.read(element, kind: .calculated, …)
/// parts?.answers[0].text          // "{m} / {V}"
/// parts?.datasets.map(\.name)     // ["m", "V"]
/// ```
package struct MoodleCalculatedQuestion: Equatable, Sendable {
  /// Moodle's three calculated types, named as `<question type="…">` names them.
  package enum Kind: String, CaseIterable, Sendable {
    /// Answers are formulas; datasets may be shared with the category (synchronised).
    case calculated
    /// Answers are formulas; datasets are the question's own (Moodle's simpler editing form).
    case simple = "calculatedsimple"
    /// Choices whose texts show computed values (`{={m}/{V}} g/cm³`).
    case multi = "calculatedmulti"
  }

  /// A unit a response may be given in, with its multiplier (the answer's own unit has 1).
  package struct Unit: Equatable, Sendable {
    package var name: String
    package var multiplier: Double

    package init(name: String, multiplier: Double) {
      self.name = name
      self.multiplier = multiplier
    }
  }

  package var kind: Kind
  package var answers: [MoodleCalculatedAnswer]
  package var units: [Unit]
  /// `<unitgradingtype>`: 0 the unit is not graded, 1 a wrong unit costs a fraction of the response
  /// mark, 2 a fraction of the question mark.
  package var unitGradingType: Int
  /// `<unitpenalty>`: the part of the mark a wrong or missing unit costs (Moodle's default 0.1).
  package var unitPenalty: Double
  /// `<showunits>`: 0 a unit may be typed, 1 chosen from a menu, 2 from a list, 3 no unit asked.
  package var showUnits: Int
  /// `<unitsleft>`: the unit goes before the number (`$ 5`).
  package var unitsLeft: Bool
  package var datasets: [MoodleDatasetDefinition]
  /// `<synchronize>`: 0 each question draws its own values; 1 the questions of the category that share
  /// datasets show the same stored set together; 2 the same, and the shared datasets' names are shown.
  package var synchronize: Int
  /// calculatedmulti: one choice is chosen (true) or several may be.
  package var single: Bool
  package var shuffleAnswers: Bool
  /// calculatedmulti's choice numbering (`abc`, `ABCD`, `123`, `none`, …).
  package var answerNumbering: String

  package init(
    kind: Kind, answers: [MoodleCalculatedAnswer], units: [Unit] = [], unitGradingType: Int = 0,
    unitPenalty: Double = 0.1, showUnits: Int = 3, unitsLeft: Bool = false, datasets: [MoodleDatasetDefinition],
    synchronize: Int = 0, single: Bool = true, shuffleAnswers: Bool = false, answerNumbering: String = "abc"
  ) {
    self.kind = kind
    self.answers = answers
    self.units = units
    self.unitGradingType = unitGradingType
    self.unitPenalty = unitPenalty
    self.showUnits = showUnits
    self.unitsLeft = unitsLeft
    self.datasets = datasets
    self.synchronize = synchronize
    self.single = single
    self.shuffleAnswers = shuffleAnswers
    self.answerNumbering = answerNumbering
  }

  /// The answer's own unit: the one with multiplier 1, else the first.
  package var baseUnit: Unit? { units.first { $0.multiplier == 1 } ?? units.first }

  /// How many stored value sets an attempt can choose among: the fewest items any dataset holds
  /// (Moodle's `get_num_variants`), 0 when a dataset has none (then values are drawn from the ranges).
  package var storedSetCount: Int { datasets.map(\.items.count).min() ?? 0 }
}
