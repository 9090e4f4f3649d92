/// Why a ``ValueRange`` cannot be drawn from.
package enum ValueRangeError: Error, Equatable, Sendable {
  /// A bound is infinite or not a number.
  case boundNotFinite
  /// A log-uniform range with 0 as a bound: it has no logarithm.
  case logUniformBoundIsZero
  /// Decimals below 0 or above ``ValueRange/maximumDecimals``.
  case decimalsOutOfRange(Int)
}
