/// Unit names written out in Chinese, turned into symbols so that every mix of the two finds one unit.
///
/// Students write `千克/米3`, `千克每立方米`, `克/立方厘米` and `kg/立方米` for the same unit; listing
/// each mix as an alias would never end, so names are translated piece by piece instead.
///
/// ```swift
/// ChineseUnitSpelling.symbols("克每立方厘米")  // "g/cm3"
/// ChineseUnitSpelling.symbols("千米/时")       // "km/h"
/// ```
enum ChineseUnitSpelling {
  /// Names and their symbols, longest first so that `千米` wins over `米` and `分钟` over `分`.
  ///
  /// An array, not a dictionary: the first use of a dictionary keyed by a new type costs a scan of
  /// every protocol conformance in the binary, paid at each start.
  static let names: [(name: [Character], symbol: String)] = [
    ("开尔文", "k"), ("摄氏度", "°c"),
    ("千米", "km"), ("公里", "km"), ("厘米", "cm"), ("毫米", "mm"), ("分米", "dm"), ("纳米", "nm"), ("微米", "μm"),
    ("千克", "kg"), ("公斤", "kg"), ("毫克", "mg"), ("毫升", "ml"), ("公升", "l"), ("分钟", "min"), ("小时", "h"),
    ("米", "m"), ("克", "g"), ("吨", "t"), ("升", "l"), ("秒", "s"), ("分", "min"), ("时", "h"), ("开", "k"),
  ].map { (Array($0.0), $0.1) }

  /// `text` (already folded: NFKC, lower case, no spaces) with Chinese unit names as symbols;
  /// `立方` before a name cubes it and `每` is `/`. Anything else is kept as it is.
  static func symbols(_ text: String) -> String {
    let characters = Array(text)
    var result = ""
    var cubeNext = false
    var index = 0
    func startsWith(_ word: [Character]) -> Bool {
      index + word.count <= characters.count && Array(characters[index..<index + word.count]) == word
    }
    while index < characters.count {
      if startsWith(["立", "方"]) {
        cubeNext = true
        index += 2
      } else if characters[index] == "每" {
        result += "/"
        index += 1
      } else if let entry = names.first(where: { startsWith($0.name) }) {
        result += entry.symbol + (cubeNext ? "3" : "")
        cubeNext = false
        index += entry.name.count
      } else {
        result.append(characters[index])
        index += 1
      }
    }
    // A dangling `立方` is kept, so that it matches nothing rather than silently vanishing.
    return cubeNext ? result + "立方" : result
  }
}
