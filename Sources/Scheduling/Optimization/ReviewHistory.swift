/// Review histories as py-fsrs's optimiser reads them: one sequence per card, cards in ascending
/// id, each card's reviews in time order (ties kept in the order given), at most the first 64.
///
/// ```swift
/// let history = ReviewHistory([
///   .init(card: 2, time: t0, rating: .good), .init(card: 1, time: t0, rating: .again),
/// ])
/// history.cards.map(\.id)  // [1, 2]
/// ```
package struct ReviewHistory: Sendable, Hashable {
  /// One review: which card, when (milliseconds since 1970, UTC) and how it was rated.
  package struct Review: Sendable, Hashable {
    package var card: Int
    package var time: Int64
    package var rating: Rating

    package init(card: Int, time: Int64, rating: Rating) {
      self.card = card
      self.time = time
      self.rating = rating
    }
  }

  /// One card's reviews, oldest first.
  package struct Card: Sendable, Hashable {
    package var id: Int
    package var reviews: [Review]
  }

  /// py-fsrs's `max_seq_len`: only a card's first 64 reviews are used.
  package static let reviewsPerCard = 64

  package let cards: [Card]
  /// Every review given, before the 64-per-card cut.
  package let reviewCount: Int

  package init(_ reviews: [Review]) {
    reviewCount = reviews.count
    let byCard = Dictionary(grouping: reviews.enumerated(), by: { $0.element.card })
    cards = byCard.keys.sorted().map { id in
      let ordered = byCard[id]!.sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      return Card(id: id, reviews: ordered.prefix(Self.reviewsPerCard).map(\.element))
    }
  }

  /// The reviews the loss is computed on (py-fsrs's `_num_reviews`): those on a later day than
  /// the card's previous review, among each card's first 64.
  package var qualifyingReviewCount: Int {
    cards.reduce(0) { count, card in
      count
        + zip(card.reviews, card.reviews.dropFirst()).filter {
          FSRSScheduler.wholeDays(milliseconds: $1.time - $0.time) > 0
        }.count
    }
  }
}
