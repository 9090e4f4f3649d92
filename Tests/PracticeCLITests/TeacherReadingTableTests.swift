import XCTest

/// Answers a teacher reads as the student meant them (issue 28): traditional characters, quotes and
/// brackets, `答：`, notes in brackets, neutral additions, true/false words, numbers as Chinese
/// textbooks and IMEs print them, working written on one line, and options named by their words.
/// Every example of the issue is here, with traps beside each rule: a wrong answer so dressed stays
/// wrong, and what cannot be told apart is asked again.
extension GradingTableTests {
  static let teacherReadingPhysics: [Row] =
    // Traditional characters, quotes, brackets, `答：`: one normaliser for every type.
    rows(
      "ch1.1-q01",
      right: [
        "物態變化", "“物态变化”", "（物态变化）", "\"物态变化\"", "「物態變化」", "『物态变化』", "【物态变化】", "《物态变化》",
        "‘物态变化’", "(物态变化)", "答：物态变化", "答:物态变化。", "答：“物態變化”。", "Answer: 物态变化", "物态变化现象",
      ],
      wrong: ["物态", "状态变化", "不是物态变化", "“状态变化”", "答：物态"])
    + rows(
      "ch1.4-q01", right: ["升華", "昇華", "升华现象", "升华过程", "“升華”", "升华（吸热）"],
      wrong: ["凝华", "不是升华", "凝華", "升华和凝华", "没有升华"])
    + rows(
      "ch1.4-q13", right: ["凝華", "凝华（放热）", "凝华过程", "答：凝华现象。"], wrong: ["凝固（放热）", "不是凝华", "凝华吗"])
    + rows("ch2.1-q11", right: ["單位", "（单位）", "“單位”"], wrong: ["误差", "不是单位"])
    + rows("ch2.2-q01", right: ["質量", "质量（m）", "质量(m)", "“质量”"], wrong: ["重量", "体积（V）", "物质"])
    + rows("ch2.2-q14", right: ["鑷子", "用镊子", "用鑷子", "“镊子”"], wrong: ["手", "不用镊子", "用手"])
    + rows("ch2.4-q10", right: ["半導體", "半导体（材料）"], wrong: ["超導體", "導體"])
    + rows("ch2.4-q16", right: ["電能", "“电能”"], wrong: ["電壓", "内能"])
    + rows(
      "ch1.2-q01", right: ["熔化（吸热）", "熔化(吸热)", "熔化过程", "熔化现象", "熔化（放热）", "熔解。"],
      wrong: ["不是熔化", "凝固（吸热）", "熔化和凝固", "（吸热）"])
    + rows(
      "ch1.3-q11", right: ["液化（放热）", "液化现象", "“液化”", "液化过程"],
      wrong: ["不是液化", "没有液化", "液化吗", "汽化（吸热）", "非液化"])
    + rows("ch1.3-q01", right: ["汽化过程", "汽化现象", "汽化（吸热）"], wrong: ["液化", "不汽化"])
    + rows("ch1.2-q02", right: ["凝固过程", "答：凝固"], wrong: ["凝華", "不凝固"])
    // True or false: the words students use, and X typed for ×.
    + rows(
      "ch1.1-q11",
      right: ["不对", "不正确", "错的", "错误", "X", "x", "“错”", "答：错", "×。", "錯的", "wrong", "不是", "（错）"],
      wrong: ["对的", "是的", "正确", "對", "√", "答：对", "right"], again: ["不知道", "也许"])
    + rows(
      "ch1.3-q14", right: ["对的", "是的", "正确", "對", "√", "答：对", "“对”", "對的", "correct"],
      wrong: ["不对", "X", "错的", "不正确", "x"], again: ["对吗", "?"])
    // Numbers as printed: digit groups, fractions, 负 and 零下, Chinese numerals, º and ˚, 釐米.
    + rows(
      "ch2.1-q02",
      right: [
        "2 500 m", "2 500", "2\u{2009}500 m", "2\u{202F}500", "两千五百米", "两千五百", "答：2500米", "2500米。",
        "2.5km=2500m", "2.5 km = 2500 m", "2.5×1000m=2500m", "s=2500m", "“2500米”",
      ],
      wrong: ["2.5km=250m", "2 050", "两千米", "250米"],
      again: ["2500m=2.5km", "二点五千米", "2.5千米", "2 5000", "2.5km 2500m", "2.5 2500", "2，500"])
    + rows(
      "ch2.1-q03", right: ["一百六十五厘米", "165釐米", "1.65m=165cm", "一百六十五", "165 釐米"],
      wrong: ["一百五十六厘米", "16.5釐米"], again: ["1.65m", "165cm=1.65m"])
    + rows(
      "ch2.1-q04",
      right: [
        "1 000 000 000", "十亿", "10億", "1，000，000，000", "1\u{2009}000\u{2009}000\u{2009}000", "一十亿", "10亿纳米",
        "1m=10⁹nm",
      ],
      wrong: ["一亿", "1 000 000", "一百万"], again: ["1，000"])
    + rows(
      "ch2.4-q03", right: ["70 000", "7萬", "七万", "7万纳米", "7 万", "0.07mm=70000nm"], wrong: ["7 000", "七千"],
      again: ["7萬米", "0.07mm"])
    + rows(
      "ch2.2-q03", right: ["3 500 kg", "三千五百千克", "3.5t=3500kg", "m=3500kg"],
      wrong: ["3 050 kg", "350千克"], again: ["3500kg=3.5t", "3.5吨", "三点五吨"])
    + rows(
      "ch2.3-q02", right: ["1 000 kg/m³", "1千", "一千", "ρ=1000kg/m³", "1.0g/cm³=1.0×10³kg/m³", "1千千克/立方米"],
      wrong: ["一百", "1百"], again: ["1g/cm³", "1千克"])
    + rows(
      "ch2.2-q15", right: ["8/100", "8/100 g", "2/25 g", "0.08g", "8g/100=0.08g"],
      wrong: ["8/10", "1/8", "2/5 g"], again: ["8/0", "8/100 cm"])
    + rows("ch2.1-q12", right: ["8/100 mm", "8.0mm/100=0.08mm", "2/25"], wrong: ["8/10 mm"])
    + rows(
      "ch1.1-q06",
      right: ["负6℃", "负 6 ℃", "零下 6 ℃", "零下6 ℃", "零下六摄氏度", "负六摄氏度", "-6 ºC", "-6˚C", "零下六度", "t=-6℃"],
      wrong: ["6 ºC", "六摄氏度", "负4℃"], again: ["负6米", "零下6千克"])
    // T = t + 273 in this course: 273 K is 0 ℃, and the exact 273.15 K is not wrong either.
    + rows(
      "ch1.2-q06", right: ["273 K", "273.15 K", "零摄氏度", "零度", "0 ºC", "0˚C", "〇摄氏度", "T=273K"],
      wrong: ["274 K", "272 K", "一百摄氏度", "100 ºC"])
    + rows(
      "ch1.3-q05", right: ["一百摄氏度", "100 ºC", "100˚C", "373 K", "373.15 K", "一百度", "100 º C"],
      wrong: ["374 K", "九十八摄氏度", "372 K"], again: ["一百米"])
    + rows(
      "ch1.1-q16",
      right: ["5-(-18)=23℃", "相差23℃", "5℃-(-18℃)=23℃", "二十三摄氏度", "答：相差23℃", "Δt=5℃-(-18℃)=23℃", "23K"],
      wrong: ["5-18=-13℃", "相差13℃", "5-(-18)=13℃"], again: ["5℃和-18℃", "5 -18"])
    + rows(
      "ch1.1-q10", right: ["仍为38.5℃", "答：仍为38.5℃", "示数仍为38.5℃", "还是38.5度", "仍然是38.5 ℃"],
      wrong: ["37.2℃", "仍为37.2℃", "变为37.2℃"], again: ["从38.5℃变为37.2℃", "38.5℃或37.2℃"])
    + rows(
      "ch1.2-q10", right: ["六分钟", "6分钟", "10min-4min=6min", "10-4=6min", "t=6min", "持续了6分钟"],
      wrong: ["10-4=4", "十分钟", "四分钟"], again: ["4min到10min"])
    + rows("ch1.1-q08", right: ["三十七点八", "三十七点八摄氏度", "37.8 ºC", "37.8˚C", "体温是37.8℃"], wrong: ["三十七点五"])
    + rows("ch1.3-q06", right: ["七十八摄氏度", "约七十八摄氏度", "七十八度"], wrong: ["一百摄氏度"])
    + rows(
      "ch2.3-q11", right: ["答：400克", "m=400g", "最多能装400克", "400g。", "“400克”", "m=ρV=0.8g/cm³×500cm³=400g"],
      wrong: ["答：500克", "m=500g", "最多能装500克"], again: ["m=400mL", "500g 400g", "400克 500克"])
    // Density: 2.7 kg is a mass (asked again), and the given quantities typed back are not the answer.
    + rows(
      "ch2.3-q06",
      right: [
        "ρ=2.7g/cm³", "ρ=m/V=54g/20cm³=2.7g/cm³", "ρ=m/V=54g÷20cm³=2.7g/cm³", "2.7g/cm³。", "ρ＝2.7 g/cm³", "27/10",
        "ρ≈2.7g/cm³", "答：铝的密度是2.7g/cm³",
      ],
      wrong: ["ρ=m/V=54g/20cm³=27g/cm³", "0.37", "ρ=20/54=0.37g/cm³"],
      again: ["2.7 kg", "54g/20cm³", "54 20", "ρ=54g/20cm³", "54g", "20cm³", "ρ=m/V="])
    + rows(
      "ch2.3-q12", right: ["V=900cm³", "V=m/ρ=900g÷1g/cm³=900cm³", "900 mL。"], wrong: ["V=1000cm³", "1 000 cm³"],
      again: ["900g", "m=900g"])
    + rows(
      "ch2.3-q07", right: ["ρ=m/V=52g/20cm³=2.6g/cm³", "ρ=2.6g/cm³"], wrong: ["ρ=52g/70cm³=0.74g/cm³"],
      again: ["V=70mL-50mL=20mL", "52g"])
    // Precision: one estimated digit for a 1 mm ruler; two decimals where the prompt says so.
    + rows(
      "ch2.1-q06", right: ["3.45", "34.5 mm", "L=5.45cm-2.00cm=3.45cm", "0.0345 m", "3.45厘米"],
      wrong: ["3.450", "3.4500 cm", "34.50 mm", "3.5", "3.4"])
    + rows("ch2.1-q10", right: ["12.35", "123.5 mm"], wrong: ["12.350", "12.4", "12.3"])
    + rows(
      "ch2.4-q14", right: ["15 750 g", "15.75", "Δm=19.75kg-4kg=15.75kg", "15750g=15.75kg", "15.75千克"],
      wrong: ["15.7", "15.8", "15.750", "约15.8 kg", "15.74", "15.76"], again: ["15.75 L"])
    // Choices by their words: full text, without or inside a bracket, a shorter form only one option holds.
    + rows(
      "ch2.1-q01",
      right: ["米", "m", "米(m)", "b", "选B", "B选项", "B项", "答：B", "“米”", "2", "②", "选项B", "选 B"],
      wrong: ["千米", "km", "厘米（cm）", "光年", "a", "选A", "cm"], again: ["毫米", "选E", "f项"])
    + rows(
      "ch2.2-q02", right: ["kg", "千克", "KG", "选A", "a项", "“千克”", "千克（kg）"], wrong: ["克", "g", "吨", "t", "牛顿"],
      again: ["kilogram", "公斤"])
    + rows(
      "ch1.2-q13", right: ["酒精", "酒精温度计", "选b", "用酒精温度计"], wrong: ["水银", "水银温度计", "两种都可以"],
      again: ["温度计", "煤油"])
    + rows("ch2.3-q15", right: ["铝", "鋁", "铝块", "鋁塊"], wrong: ["铜", "铁", "一样", "铜块"], again: ["金"])
    + rows(
      "ch1.4-q03", right: ["升华", "升華", "升华现象", "b", "选B"], wrong: ["凝华", "汽化", "熔化现象", "a"],
      again: ["现象", "液化"])
    + rows(
      "ch1.1-q03", right: ["冰水混合", "冰水", "冰水混合物", "D选项", "选D", "选d", "答：D", "④", "“冰水混合物”"],
      wrong: ["人体", "沸水"], again: ["冰", "水", "冰箱里的冰"])
    + rows("ch2.3-q10", right: ["偏大", "选A"], wrong: ["不变", "偏小", "无法判断"])
    // A number on a choice question is an option's value, never split at its point ("there is no option 37").
    + rows("ch1.1-q13", right: ["人体正常体温约为 37 ℃", "a"], wrong: ["洗澡水"], again: ["37.8 ℃", "37.8"])
    + rows("ch2.3-q19", right: ["偏大", "偏大。"], wrong: ["偏小", "不变"], again: ["偏"])
    + rows(
      "ch2.1-q07", right: ["1毫米", "1 mm", "1mm", "a", "0.1cm"], wrong: ["0.1 mm", "0.1毫米", "1厘米", "1 cm", "1分米"],
      again: ["1 m", "1千米", "2 mm"])
    + rows(
      "ch2.2-q04", right: ["50克", "50 g", "50g", "0.05 kg", "a"], wrong: ["500克", "50 kg", "5 mg", "500 g"],
      again: ["50", "5 g", "50 m"])
    + rows(
      "ch1.3-q02", right: ["沸腾和蒸发", "蒸发和沸腾", "蒸发、沸腾", "沸腾、蒸发", "沸腾与蒸发", "d"],
      wrong: ["蒸发和液化", "升华和凝华", "熔化和凝固"], again: ["蒸发"])
    + rows("ch2.2-q07", right: ["100 g", "100克", "仍为100g", "仍为 100 g", "0.1 kg"], wrong: ["变大", "变为0", "0", "变小"])
    + rows("ch1.3-q10", right: ["小水珠", "液化成的小水珠"], wrong: ["烟雾", "空气"])
    + rows("ch2.3-q17", right: ["③②①", "a", "①"], wrong: ["①②③", "②③①", "②"], again: ["321"])
    // Multiple answers: option words apart by spaces, 、, commas, 和, 以及, in any order.
    + rows(
      "ch1.2-q04",
      right: [
        "冰 铁 海波", "海波、冰、铁", "冰和铁和海波", "冰,铁,海波", "铁 海波 冰", "冰，铁以及海波", "b c d", "选BCD",
        "冰、铁和海波", "b、铁、海波", "“冰、铁、海波”",
      ],
      wrong: ["冰 铁", "石蜡 冰 铁 海波", "冰 铁 玻璃", "石蜡、松香"], again: ["冰 铜", "冰 铁 金"])
    + rows(
      "ch1.4-q05", right: ["凝固 液化 凝华", "凝华、液化、凝固", "凝固和液化和凝华"], wrong: ["熔化 汽化 升华", "凝固 液化"],
      again: ["凝固 结冰"])

  static let teacherReadingSampler: [Row] =
    rows(
      "measurement-q01",
      right: [
        "metres", "Meters", "the metre", "The Metre.", "\"metre\"", "a metre", "meters", "(metre)", "Answer: metre",
      ],
      wrong: ["kilometre", "centimetres", "millimetre", "the kilometre", "not metre", "metric"])
    + rows("elements-q02", right: ["Sodium.", "(sodium)", "“sodium”", "the sodium"], wrong: ["natrium", "potassium"])
    + rows("capitals-q03", right: ["東京", "东京", "Tokyo!", "“Tokyo”"], wrong: ["Kyoto", "京都"])
    + rows("geography-review-q02", right: ["cairo", "Cairo.", "the Cairo"], wrong: ["Alexandria", "not Cairo"])
    + rows(
      "heat-q03",
      right: [
        "melting and evaporation and sublimation", "evaporation, sublimation, melting", "a d e",
        "sublimation melting evaporation", "Melting and Sublimation and Evaporation.",
      ],
      wrong: ["melting and freezing", "evaporation", "condensation, freezing"], again: ["boiling and melting"])
    + rows(
      "measurement-q03", right: ["3.45", "3.45 cm", "a", "answer: a", "3.45cm"],
      wrong: ["3.4", "3.450", "3 cm", "3.450 cm"],
      again: ["3.5", "34.5 mm"])
    + rows(
      "capitals-q01", right: ["canberra", "Canberra.", "(Canberra)", "answer: b", "“Canberra”"],
      wrong: ["Sydney", "a", "perth"],
      again: ["London"])
    + rows(
      "capitals-q02",
      right: ["Ottawa Brasília Nairobi", "Ottawa, Brasília and Nairobi", "nairobi and ottawa and brasília", "a b d"],
      wrong: ["Ottawa Toronto", "Rio de Janeiro and Ottawa", "Ottawa, Brasília"], again: ["Ottawa London"])
    + rows(
      "capitals-q04", right: ["false", "X", "x", "wrong", "incorrect", "(false)"], wrong: ["true", "correct", "right"])
    + rows("heat-q01", right: ["T=373.15K", "373.15 K.", "100 ºC=373.15 K"], again: ["373.15 K=100 ºC"])
    + rows("measurement-q02", right: ["2 500", "2 500 metres", "2.5 km = 2500 m"], again: ["2500 m = 2.5 km"])

  func testAnswersReadTheWayATeacherReadsThem() throws {
    try check(Self.teacherReadingPhysics, course: "Data/courses/physics-grade8")
  }

  func testEnglishAnswersReadTheWayATeacherReadsThem() throws {
    try check(Self.teacherReadingSampler, course: "Data/courses/sampler")
  }
}
