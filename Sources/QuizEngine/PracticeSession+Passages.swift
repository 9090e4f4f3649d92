extension PracticeSession {
  /// `shuffled` with the questions that share a passage (a Cloze question's blanks, the questions on
  /// one text to read) brought together where the first of them was drawn, in the order of
  /// `courseOrder`: shuffled apart, a learner met blank 3 before blank 1, each under the whole text
  /// again, a few questions apart. Questions without a passage keep their shuffled places, so a
  /// course without passages is shuffled exactly as before.
  static func keepingPassagesTogether(_ shuffled: [Question], courseOrder: [Question]) -> [Question] {
    struct Key: Hashable {
      let id: String
      let text: String
    }
    func key(_ question: Question) -> Key? { question.passage.map { Key(id: $0.id, text: $0.text) } }
    var groups: [Key: [Question]] = [:]
    for question in courseOrder {
      if let key = key(question) { groups[key, default: []].append(question) }
    }
    guard !groups.isEmpty else { return shuffled }
    var result: [Question] = []
    result.reserveCapacity(shuffled.count)
    for question in shuffled {
      guard let key = key(question) else {
        result.append(question)
        continue
      }
      // The whole group goes in at its first member drawn; the others are already placed.
      if let group = groups.removeValue(forKey: key) { result += group }
    }
    return result
  }
}
