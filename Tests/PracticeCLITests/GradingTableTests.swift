import CourseOutline
import PracticeTestSupport
import QuizEngine
import XCTest

/// Answers typed the way grade-8 students type them, against the shipped courses' own questions.
///
/// Each row is (question id, typed answer, verdict): right, wrong, or asked again (not graded).
/// Options are in course order, so `a` is a question's first option as written in the file.
final class GradingTableTests: XCTestCase {
  enum Verdict: String { case right, wrong, again }

  struct Row {
    var question: String
    var input: String
    var verdict: Verdict
  }

  /// Rows for one question: every `right`, `wrong` and `again` input.
  static func rows(_ id: String, right: [String] = [], wrong: [String] = [], again: [String] = []) -> [Row] {
    right.map { Row(question: id, input: $0, verdict: .right) }
      + wrong.map { Row(question: id, input: $0, verdict: .wrong) }
      + again.map { Row(question: id, input: $0, verdict: .again) }
  }

  static let physics: [Row] =
    // Numbers as textbooks and students write them; superscripts are exponents, never digits.
    rows(
      "ch2.1-q04",
      right: [
        "10⁹", "1×10^9", "1.0×10^9", "10亿", "1e9", "1E+9", "1 × 10^9", "10^9", "1.0*10^9", "1x10^9", "1000000000",
        "1,000,000,000", "10的9次方", "1×10⁹", "１０⁹", "1.0×10⁹ nm", "10^9 nm", "10⁹纳米", "约10⁹", "1.0 X 10^9",
      ],
      wrong: ["109", "10^6", "10⁶", "1e6", "1000", "10^-9", "1×10⁻⁹", "1.0×10⁸"],
      again: ["1 m", "10⁹ m", "10⁹ kg", "1，000", "nine", "10⁹ nn", "1,0000"])
    + rows(
      "ch2.3-q02",
      right: [
        "1000", "1.0×10³ kg/m³", "1.0×10³", "1×10^3 kg/m3", "10³ kg/m³", "1e3", "1000 kg/m³", "1000千克/米3",
        "1000 千克每立方米", "1000千克/立方米", "1,000 kg/m³", "1.0×10³kg/m³", "１０００ ｋｇ／ｍ３",
      ],
      wrong: ["1", "100", "10000", "1.0×10⁴ kg/m³", "10⁻³"],
      again: [
        "1.0 g/cm³", "1 g/cm3", "1 克每立方厘米", "1 g/cc", "1 t/m³", "1000 kg", "1000 kg/m2", "1000 m³",
      ])
    + rows(
      "ch2.4-q03",
      right: ["70000", "7×10⁴", "7×10^4 nm", "7e4", "7.0×10⁴ nm", "70,000", "7万", "70000纳米", "7 x 10^4"],
      wrong: ["7000", "7×10³", "700000", "0.07", "7×10⁻⁴"],
      again: ["0.07 mm", "70 μm", "70 um", "7×10⁴ m"])
    // Conversions: the given quantity typed back is asked again, in any unit but the one asked for.
    + rows(
      "ch2.1-q02",
      right: ["2500", "2500 m", "2500米", "2,500 m", "2.5×10³ m", "2.5×10^3", "2500 M", "２５００ｍ", "2500m。"],
      wrong: ["250", "25000", "2.5"],
      again: ["2.5 km", "2.5 千米", "2500 kg", "250000 cm", "2.5公里"])
    + rows(
      "ch2.1-q03", right: ["165", "165 cm", "165厘米", "165.0 cm", "1.65×10² cm"], wrong: ["16.5", "1650", "1.65"],
      again: ["1.65 m", "1650 mm", "165 kg"])
    + rows(
      "ch2.2-q03", right: ["3500", "3500 kg", "3500千克", "3500 公斤", "3.5×10³ kg", "3,500 kg"],
      wrong: ["350", "35000", "3.5"], again: ["3.5 t", "3.5吨", "3500000 g", "3500 m"])
    + rows(
      "ch2.4-q13", right: ["0.16", "0.16 kg/m³", "0.16千克/米3", "1.6×10⁻¹ kg/m³", "1.6e-1"],
      wrong: ["160", "0.00016", "16"], again: ["0.16 mg/cm3", "0.00016 g/cm³"])
    // Temperatures: a bare number is in ℃; 度, C, c and ° are ℃ here; a difference is the same in K.
    + rows(
      "ch1.1-q16", right: ["23", "23 ℃", "23°C", "23 K", "23度", "23 C", "23摄氏度", "２３℃"],
      wrong: ["13", "-23", "296.15 K", "18"], again: ["23 m", "23 kg"])
    + rows(
      "ch1.1-q06",
      right: ["-6", "−6", "－6", "-6 ℃", "-6℃", "零下6℃", "零下6", "-6度", "-6 C", "267.15 K", "- 6 °C"],
      wrong: ["6", "6 ℃", "-4", "4"], again: ["-6 m", "minus six", "-6 F"])
    + rows(
      "ch1.1-q08", right: ["37.8", "37.8℃", "37.8 °C", "37.8度", "37.8摄氏度", "约37.8℃", "37.80", "三十七点八"],
      wrong: ["37.08", "37.5", "38", "37.9"], again: ["37.8 kg", "37，8"])
    + rows("ch1.1-q10", right: ["38.5", "38.5℃", "38.5度"], wrong: ["37.2", "37.2℃", "0"])
    + rows(
      "ch1.2-q05", right: ["48", "48℃", "48 ℃", "约48℃", "48度", "321.15 K"], wrong: ["0", "80", "58"], again: ["48 g"])
    + rows("ch1.2-q06", right: ["0", "0℃", "0 °C", "273.15 K", "273 K", "零度"], wrong: ["100", "273", "4"])
    + rows(
      "ch1.2-q10", right: ["6", "6 min", "6分", "6分钟", "360 s", "360秒", "0.1 h"], wrong: ["10", "4", "14"],
      again: ["6 m", "6 ℃"])
    + rows(
      "ch1.3-q05", right: ["100", "100℃", "100度", "100 C", "373.15 K", "373 K"], wrong: ["0", "98", "212"],
      again: ["100 F", "100 m"])
    + rows(
      "ch1.3-q06",
      right: ["78", "约78℃", "78℃", "78度", "78 C", "78 c", "78°", "78°C", "351 K", "≈78℃", "about 78 °C", "大约78摄氏度"],
      wrong: ["100", "60", "88"], again: ["78 kg"])
    + rows("ch1.3-q07", right: ["98", "98℃"], wrong: ["100"])
    // Lengths, masses, volumes and densities in whatever unit of the quantity, converted.
    + rows(
      "ch2.1-q06", right: ["3.45", "3.45 cm", "3.45cm", "34.5 mm", "0.0345 m", "3.45厘米", "34.5毫米"],
      wrong: ["3.4", "3.5", "5.45", "3.4 cm", "3.450"], again: ["3.45 g"])
    + rows(
      "ch2.1-q10", right: ["12.35", "12.35 cm", "123.5 mm"], wrong: ["12.45", "12.4", "12.3"], again: ["12.35 kg"])
    + rows(
      "ch2.1-q12", right: ["0.08", "0.08 mm", "8×10⁻² mm", "8e-2", "80 μm", "80 um", "80微米", "0.008 cm"],
      wrong: ["0.8", "8", "0.008"], again: ["0.08 mg"])
    + rows(
      "ch2.2-q12", right: ["77.4", "77.4 g", "77.4克", "0.0774 kg"], wrong: ["75", "77", "79.8"], again: ["77.4 mL"])
    + rows("ch2.2-q13", right: ["57", "57 g", "57克"], wrong: ["63", "60"], again: ["57 m"])
    + rows(
      "ch2.2-q15", right: ["0.08", "0.08 g", "80 mg", "8×10⁻² g", "8e-2 g"], wrong: ["0.8", "8"], again: ["0.08 cm"])
    + rows(
      "ch2.3-q06",
      right: [
        "2.7", "2.7 g/cm³", "2.7g/cm3", "2.7 克每立方厘米", "2.7克/立方厘米", "2.7 g/cc", "2700 kg/m³", "2.7×10³ kg/m³",
        "2.7 g/mL", "2.7 kg/dm³", "2.7 t/m³", "2700千克/米3", "2.7 ｇ/ｃｍ３", "2.7克/厘米3",
      ],
      wrong: ["0.37", "27", "2.5"], again: ["2.7 g", "2.7 g/cm2", "2.7 cm³"])
    + rows(
      "ch2.3-q07", right: ["2.6", "2.6 g/cm³", "2600 kg/m³", "2.6×10³ kg/m³", "2.6克/厘米3"], wrong: ["1.04", "0.74"],
      again: ["2.6 kg"])
    + rows("ch2.3-q11", right: ["400", "400 g", "400克", "0.4 kg", "0.4千克"], wrong: ["500", "625"], again: ["400 mL"])
    + rows(
      "ch2.3-q12",
      right: ["900", "900 cm³", "900 cm3", "900立方厘米", "900 mL", "900毫升", "0.9 L", "0.9 dm³", "9×10² cm³", "9×10⁻⁴ m³"],
      wrong: ["1000", "1111"], again: ["900 g"])
    + rows("ch2.3-q13", right: ["50", "50 cm³", "50 mL"], wrong: ["500", "45"], again: ["50 g"])
    + rows("ch2.3-q14", right: ["10", "10 cm³", "10cc"], wrong: ["20", "30"], again: ["10 g"])
    + rows(
      "ch2.3-q18", right: ["1.1", "1.1 g/cm³", "1.1×10³ kg/m³", "1100 kg/m³"], wrong: ["3.1", "2"], again: ["1.1 g"])
    + rows("ch2.3-q23", right: ["20", "20 g", "20克", "0.02 kg"], wrong: ["0.8", "8", "31.25"], again: ["20 cm³"])
    + rows(
      "ch2.4-q14", right: ["15.75", "15.75 kg", "15750 g", "15.75千克", "约15.75 kg"],
      wrong: ["19.75", "4", "157.5", "15.75 g", "约15.8 kg"],
      again: ["15.75 L"])
    // Fill-ins: edge punctuation and the spaces between Han characters and digits do not count.
    + rows(
      "ch1.1-q05",
      right: [
        "零下5摄氏度", "零下5摄氏度。", "零下5 摄氏度", "零下 5 摄氏度", "负5摄氏度", "负五摄氏度", "零下五摄氏度", "零下５摄氏度",
      ],
      wrong: ["5摄氏度", "零下5度", "负5度"], again: ["", "  "])
    + rows("ch1.1-q02", right: ["冷热程度", "物体的冷热程度", "冷热的程度。", "冷热"], wrong: ["热量", "温度"])
    + rows("ch1.2-q02", right: ["凝固", "凝固。", "凝固现象"], wrong: ["熔化", "液化"])
    + rows("ch1.3-q11", right: ["液化", "液化。", "液化现象", " 液化 "], wrong: ["汽化", "凝华", "熔化"])
    + rows("ch1.4-q13", right: ["凝华", "凝华。"], wrong: ["凝固", "升华"])
    + rows("ch1.4-q17", right: ["凝固"], wrong: ["凝华"])
    + rows("ch2.1-q11", right: ["单位", "测量单位", "单位。"], wrong: ["误差", "数字"])
    + rows("ch2.4-q10", right: ["半导体", "半导体材料", "半导体。"], wrong: ["超导体", "导体"])
    + rows("ch2.2-q14", right: ["镊子", "镊子。"], wrong: ["手"])
    + rows("ch2.3-q03", right: ["质量", "它的质量", "水的质量。"], wrong: ["体积", "密度"])
    + rows("ch2.4-q16", right: ["电能", "能量"], wrong: ["电压", "电阻"])
    // Choices: a letter, a number, or the option's full text.
    + rows(
      "ch2.2-q02", right: ["a", "A", "1", "Ａ", "千克（kg）", "千克(kg)", "千克（kg）。", "千克"], wrong: ["b", "2", "吨（t）"],
      again: ["e", "kilogram", "a b"])
    + rows(
      "ch1.1-q03", right: ["d", "D", "4", "冰水混合物", "冰水混合物。", "冰水 混合物", "冰水"], wrong: ["a", "沸水", "人体"],
      again: ["e", "5"])
    + rows("ch2.4-q08", right: ["a", "介于导体和绝缘体之间"], wrong: ["b"], again: ["x"])
    + rows("ch2.3-q15", right: ["c", "3", "铝块", "铝"], wrong: ["铜块", "a"])
    + rows("ch2.3-q22", right: ["a", "铜", "1"], wrong: ["铁", "b"], again: ["金"])
    + rows("ch1.3-q10", right: ["a", "水蒸气遇冷液化成的小水珠"], wrong: ["水蒸气", "d"])
    + rows("ch2.3-q17", right: ["a", "③②①"], wrong: ["①②③", "b"], again: ["321"])
    + rows(
      "ch1.1-q17", right: ["a b c", "ABC", "1 2 3", "1,2,3", "abc", "a、b、c"], wrong: ["a b", "a b c d", "d e"],
      again: ["f", "a b c z"])
    + rows(
      "ch1.2-q04", right: ["b c d", "冰、铁、海波", "冰，铁，海波", "2 3 4", "BCD"], wrong: ["冰、铁", "a b c d"],
      again: ["冰、铜"])
    // True or false, in Chinese or English, with or without a full stop.
    + rows(
      "ch1.1-q11", right: ["f", "F", "false", "错", "錯", "×", "否", "no", "n", "错误", "Ｆ", "错。", "不对"],
      wrong: ["t", "对", "√", "yes", "正确"], again: ["maybe", ""])
    + rows("ch1.3-q14", right: ["对", "t", "√", "是", "正确", "yes", "TRUE", "对！", "对的"], wrong: ["错", "f"])

  static let sampler: [Row] =
    rows(
      "heat-q01", right: ["373.15", "373.15 K", "373 K", "373.15开", "373.15 开尔文", "373 kelvin", "373.15 Kelvin"],
      wrong: ["273.15", "100"],
      again: ["100 °C", "100℃", "100度", "373.15 ℃", "100 degrees", "100 degrees Celsius", "100 celsius"])
    + rows(
      "measurement-q02",
      right: ["2500", "2500 m", "2.5×10³ m", "2500 metres", "2500 meters", "2500 Metres.", "2500 metre"],
      wrong: ["1000 m", "2.5", "1000 metres"],
      again: ["2.5 km", "2.5km", "2.5 kilometres", "2500 grams", "2500 miles"])
    + rows(
      "science-review-q01", right: ["2700", "2700 kg/m³", "2.7×10³ kg/m³", "2.7e3"], wrong: ["2.7", "270"],
      again: ["2.7 g/cm³", "2.7 g/cm3", "2700 kilograms"])
    + rows(
      "geography-review-q01",
      right: ["8.849", "8.849 km", "8.849千米", "8.849公里", "8.849 kilometres", "8.849 Kilometers"],
      wrong: ["8849", "88.49"], again: ["8849 m", "8849米", "8849 metres"])

  func check(_ rows: [Row], course path: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let course = try CourseLoader().load(path: Repository.path(path))
    let questions = Dictionary(course.allQuestions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    for row in rows {
      let question = try XCTUnwrap(
        questions[row.question], "no question \(row.question) in \(path)", file: file, line: line)
      let verdict: Verdict
      switch PresentedQuestion(question).grade(row.input) {
      case .invalid: verdict = .again
      case .graded(let feedback): verdict = feedback.isCorrect ? .right : .wrong
      }
      XCTAssertEqual(verdict, row.verdict, "\(row.question) \"\(row.input)\"", file: file, line: line)
    }
  }

  func testPhysicsAnswersAsStudentsWriteThem() throws {
    try check(Self.physics, course: "Data/courses/physics-grade8")
  }

  func testSamplerConversions() throws {
    try check(Self.sampler, course: "Data/courses/sampler")
  }

  func testTheTableIsBigAndCoversEveryVerdict() {
    let all = Self.physics + Self.sampler + Self.teacherReadingPhysics + Self.teacherReadingSampler
    XCTAssertGreaterThanOrEqual(all.count, 600)
    XCTAssertGreaterThanOrEqual((Self.teacherReadingPhysics + Self.teacherReadingSampler).count, 300)
    for verdict in [Verdict.right, .wrong, .again] {
      XCTAssertGreaterThanOrEqual(all.filter { $0.verdict == verdict }.count, 50, verdict.rawValue)
    }
  }
}
