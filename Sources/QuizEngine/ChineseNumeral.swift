/// Chinese numerals as learners write them: `一百`, `两千五百`, `一百零五`, `十亿`, `两千五` (2500),
/// `三十七点八`, and digit by digit `二〇二六`.
///
/// Read into decimal digits, so that the precision rules see `两千五百` as they see `2500`.
///
/// ```swift
/// ChineseNumeral.read(Array("两千五百米"), from: 0)  // (integer: "2500", fraction: "", end: 4)
/// ```
enum ChineseNumeral {
  static func digit(_ c: Character) -> Int64? {
    switch c {
    case "〇", "零": 0
    case "一", "壹": 1
    case "二", "两", "兩", "贰": 2
    case "三", "叁": 3
    case "四", "肆": 4
    case "五", "伍": 5
    case "六", "陆": 6
    case "七", "柒": 7
    case "八", "捌": 8
    case "九", "玖": 9
    default: nil
    }
  }

  /// 十, 百, 千 as powers of ten within a section of four digits.
  static func smallUnit(_ c: Character) -> Int? {
    switch c {
    case "十", "拾": 1
    case "百", "佰": 2
    case "千", "仟": 3
    default: nil
    }
  }

  /// 万 and 亿 (萬, 億), which multiply everything before them.
  static func largeUnit(_ c: Character) -> Int? {
    switch c {
    case "万", "萬": 4
    case "亿", "億": 8
    default: nil
    }
  }

  /// Whether `c` can start a Chinese numeral.
  static func starts(_ c: Character) -> Bool { digit(c) != nil || smallUnit(c) == 1 }

  /// The numeral at `text[start...]`: its integer and fraction digits and where it ends; nil when
  /// none starts there.
  ///
  /// A `千` before `米` or `克` after a decimal point or a unit is the unit (`二点五千米` is 2.5 km,
  /// `三千五百千克` 3500 kg); after a digit, `两千米` is 2000 m, the same length either way.
  static func read(_ text: [Character], from start: Int) -> (integer: String, fraction: String, end: Int)? {
    var index = start
    var total: Int64 = 0
    var section: Int64 = 0
    var pending: Int64?
    /// The power of the unit just read, for `两千五` (the 5 is hundreds).
    var lastUnit: Int?
    var previousWasUnit = false
    var sawUnit = false
    var digitRun = ""
    var read = false
    func overflows(_ value: Int64) -> Bool { value > 1_000_000_000_000_000 }
    while index < text.count {
      let c = text[index]
      if let d = digit(c) {
        if !sawUnit, pending != nil || !digitRun.isEmpty {
          // `二〇二六`: digits without units are read one by one.
          digitRun += String(d)
        } else if !sawUnit {
          digitRun = String(d)
        }
        pending = d
        previousWasUnit = false
        read = true
      } else if let power = smallUnit(c) {
        if !digitRun.isEmpty, digitRun.count > 1 { break }
        // `五百千克`: a 千 right after a unit, before 米 or 克, starts the unit (千克), not a multiplier.
        if pending == nil, read, index + 1 < text.count, text[index + 1] == "米" || text[index + 1] == "克" { break }
        section += (pending ?? 1) * Int64(pow10(power))
        pending = nil
        lastUnit = power
        previousWasUnit = true
        sawUnit = true
        digitRun = ""
        read = true
      } else if let power = largeUnit(c), read {
        if !digitRun.isEmpty, digitRun.count > 1 { break }
        section += pending ?? 0
        total = (total + section) * Int64(pow10(power))
        if overflows(total) { return nil }
        section = 0
        pending = nil
        lastUnit = power
        previousWasUnit = true
        sawUnit = true
        digitRun = ""
      } else {
        break
      }
      index += 1
    }
    guard read else { return nil }
    var integer: Int64
    if !sawUnit {
      integer = Int64(digitRun) ?? 0
      if digitRun.count > 1 { return (digitRun, readFraction(text, &index), index) }
    } else {
      if let last = pending, previousWasUnit == false, let unit = lastUnit, unit >= 1,
        index >= 2, smallUnit(text[index - 2]) != nil || largeUnit(text[index - 2]) != nil
      {
        // `两千五`, `一万二`: a last digit right after a unit counts in the next lower place.
        section += last * Int64(pow10(unit >= 4 ? unit - 1 : unit - 1))
      } else {
        section += pending ?? 0
      }
      integer = total + section
    }
    if overflows(integer) { return nil }
    let fraction = readFraction(text, &index)
    return (String(integer), fraction, index)
  }

  /// Digits after `点`, one by one (`三十七点八` is 37.8); empty when there is no `点` and digit.
  private static func readFraction(_ text: [Character], _ index: inout Int) -> String {
    guard index + 1 < text.count, text[index] == "点" || text[index] == "點", digit(text[index + 1]) != nil else {
      return ""
    }
    var fraction = ""
    var i = index + 1
    while i < text.count, let d = digit(text[i]) {
      fraction += String(d)
      i += 1
    }
    index = i
    return fraction
  }

  static func pow10(_ power: Int) -> Int64 {
    var value: Int64 = 1
    for _ in 0..<power { value *= 10 }
    return value
  }
}
