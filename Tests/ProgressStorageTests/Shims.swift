import PracticeJSON

// Typed-throws wrappers, so tests can call the JSON API with plain `try`.
enum JSONParserShim {
  static func parse(_ bytes: [UInt8]) throws -> JSONValue { try JSONParser.parse(bytes) }
}

enum JSONWriterShim {
  static func pretty(_ value: JSONValue) -> String { JSONWriter.pretty(value) }
  static func compact(_ value: JSONValue) -> String { JSONWriter.compact(value) }
}
