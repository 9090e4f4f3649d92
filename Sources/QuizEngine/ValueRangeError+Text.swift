package import Calculation
package import Localization

extension ValueRangeError {
  /// Why a variable's range cannot be drawn from, in a course author's words.
  package var text: Message {
    switch self {
    case .boundNotFinite:
      return .tr("the range's bounds must be finite numbers")
    case .logUniformBoundIsZero:
      return .tr("a log-uniform range cannot have 0 as a bound")
    case .decimalsOutOfRange(let decimals):
      return .tr(
        "decimals must be a whole number from 0 to {most}, found {decimals}",
        ["most": ValueRange.maximumDecimals, "decimals": decimals])
    }
  }
}
