import Localization
package import PracticeJSON

/// The values a calculated question showed in one attempt, each as the learner saw it (`54.0`,
/// `2.50`: the text, not a number, so its decimals are kept), in the question's order: recorded with
/// its answer or skip (`"values":{"m":"54.0","V":"20"}`), so `info`, the reports and `export
/// --events` can say which numbers a wrong answer was given for.
///
/// ```swift
/// let values = ShownValues([("m", "54.0"), ("V", "20")])
/// values.text      // "m = 54.0, V = 20"
/// ```
package struct ShownValues: Sendable, Hashable {
  /// One variable's name and the text shown for it.
  package struct Value: Sendable, Hashable {
    package var name: String
    package var text: String

    package init(name: String, text: String) {
      self.name = name
      self.text = text
    }
  }

  /// In the question's order (the order the journal's object lists them in).
  package var values: [Value]

  package init(_ values: [Value]) {
    self.values = values
  }

  package init(_ pairs: [(String, String)]) {
    self.init(pairs.map { Value(name: $0.0, text: $0.1) })
  }

  /// `m = 54.0, V = 20`: how the learner saw them, for text shown to people.
  package var text: String { values.map { "\($0.name) = \($0.text)" }.joined(separator: ", ") }

  /// `{"m":"54.0","V":"20"}`: the member written in journal records, snapshots and the export.
  package var json: JSONValue { .object(values.map { ($0.name, JSONValue.string($0.text)) }) }

  /// Reads a `values` member: an object of strings (its member names are unique, as the parser
  /// makes sure). An empty object is read as no values, as none are written.
  package init?(json: JSONValue) throws(JSONProblem) {
    let members = json.members ?? []
    let pairs = members.compactMap { member in member.value.string.map { (member.key, $0) } }
    guard json.members != nil, pairs.count == members.count else {
      throw JSONProblem(.tr("\"values\" must be an object whose members are strings"), at: json.offset)
    }
    guard !pairs.isEmpty else { return nil }
    self.init(pairs)
  }
}

extension JSONValue {
  /// A record's or snapshot answer's `values`, nil when it has none.
  func shownValues() throws(JSONProblem) -> ShownValues? {
    guard let value = present("values") else { return nil }
    return try ShownValues(json: value)
  }
}
