import Foundation

/// How well parameters predict a history, as fsrs-rs's `evaluate` defines it: **log loss** and
/// **RMSE(bins)** over the reviews made a day or more after the card's previous review.
///
/// Each such review is an item: the card's reviews up to it, each with its whole days since the
/// previous (`delta_t`). Items are taken in the order of their last review's time and weighted
/// for recency, 0.25 + 0.75·(i / (n − 1))³. The log loss is the weighted cross-entropy of the
/// predicted retrievability against recalled (rating above Again). RMSE(bins) groups items by
/// fsrs-rs's bins of the last interval, the number of day-or-more reviews and the lapses before,
/// and is √(Σ w_b·(mean predicted_b − mean recalled_b)² / Σ w_b) with w_b a bin's summed weights.
/// fsrs-rs computes in 32-bit floats; this in 64-bit (the two agree to about 1e-6).
///
/// ```swift
/// let measures = FitMeasures(history: history, parameters: FSRSScheduler.defaultParameters)
/// measures.logLoss      // e.g. 0.3665
/// measures.rmseBins     // e.g. 0.0512
/// ```
package struct FitMeasures: Sendable, Hashable {
  package let logLoss: Double
  package let rmseBins: Double
  /// How many reviews were measured.
  package let count: Int

  /// Measures every qualifying review of `history`, or only those at or after `from` (milliseconds
  /// since 1970; earlier reviews still shape the memory they are predicted from).
  package init(history: ReviewHistory, parameters: [Double], from start: Int64 = .min) {
    let formulas = FSRSFormulas<Double>(parameters: parameters)
    struct Item {
      var time: Int64
      var order: Int
      var prediction: Double
      var recalled: Bool
      var bin: Bin
    }
    var items: [Item] = []
    for card in history.cards {
      var memory = DifferentiableMemory<Double>()
      var longTermReviews = 0
      var lapses = 0
      for review in card.reviews {
        if let last = memory.lastReview, let stability = memory.stability {
          let days = FSRSScheduler.wholeDays(milliseconds: review.time - last)
          if days > 0 {
            if review.time >= start {
              let prediction = formulas.retrievability(stability: stability, elapsedDays: days)
              items.append(
                Item(
                  time: review.time, order: items.count, prediction: prediction, recalled: review.rating != .again,
                  bin: Bin(days: days, length: longTermReviews + 2, lapses: lapses)))
            }
            longTermReviews += 1
            if review.rating == .again { lapses += 1 }
          }
        }
        memory = formulas.review(memory, rating: review.rating, at: review.time)
      }
    }
    items.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    count = items.count
    let span = Double(max(items.count - 1, 1))
    var loss = 0.0
    var weightSum = 0.0
    var bins: [Bin: (predicted: Double, actual: Double, count: Double, weight: Double)] = [:]
    for (index, item) in items.enumerated() {
      let weight = 0.25 + 0.75 * pow(Double(index) / span, 3)
      let y = item.recalled ? 1.0 : 0.0
      loss += (y * log(item.prediction) + (1 - y) * log(1 - item.prediction)) * weight
      weightSum += weight
      bins[item.bin, default: (0, 0, 0, 0)].predicted += item.prediction
      bins[item.bin, default: (0, 0, 0, 0)].actual += y
      bins[item.bin, default: (0, 0, 0, 0)].count += 1
      bins[item.bin, default: (0, 0, 0, 0)].weight += weight
    }
    logLoss = items.isEmpty ? .nan : -loss / weightSum
    let squared = bins.values.reduce(0.0) { $0 + pow($1.predicted / $1.count - $1.actual / $1.count, 2) * $1.weight }
    rmseBins = items.isEmpty ? .nan : (squared / bins.values.reduce(0.0) { $0 + $1.weight }).squareRoot()
  }

  /// fsrs-rs's `r_matrix_index`: log-scale bins of the interval, the history's length and its lapses.
  struct Bin: Hashable {
    let days: Int
    let length: Int
    let lapses: Int

    /// - Parameters:
    ///   - days: whole days since the previous review.
    ///   - length: day-or-more reviews in the item, this one included, plus one.
    ///   - lapses: earlier day-or-more reviews rated Again.
    init(days: Int64, length: Int, lapses: Int) {
      let t = Double(days)
      self.days = Int((2.48 * pow(3.62, (log(t) / log(3.62)).rounded(.down)) * 100).rounded())
      let n = Double(length)
      self.length = Int((1.99 * pow(1.89, (log(n) / log(1.89)).rounded(.down))).rounded())
      self.lapses =
        lapses == 0 ? 0 : Int((1.65 * pow(1.73, (log(Double(lapses)) / log(1.73)).rounded(.down))).rounded())
    }
  }
}
