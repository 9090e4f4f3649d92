import Foundation
import PracticeJSON

/// A small JSON Schema (2020-12) validator: the keywords the repo's schemas use, and no more.
///
/// Supports `$ref` to `#/$defs/…`, `type` (a name or a list), `enum`, `const`, `required`,
/// `properties`, `additionalProperties` (true/false, or a schema every other member must match), `items`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `exclusiveMaximum`, `minLength`, `pattern`, `format: date-time`, `oneOf`, `allOf`. A schema using any
/// other keyword is refused, so a keyword added to a schema cannot be silently ignored.
///
/// ```swift
/// let validator = try JSONSchemaValidator(schemaFile: "schemas/journal-v1.json")
/// let problems = validator.problems(in: try JSONParser.parse(#"{"type":"open"}"#))
/// ```
struct JSONSchemaValidator {
  static let knownKeywords: Set<String> = [
    "$schema", "$id", "$ref", "$defs", "title", "description", "type", "enum", "const", "required",
    "properties", "additionalProperties", "items", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minLength", "pattern", "format", "oneOf", "allOf", "examples", "minItems", "maxItems",
  ]

  let root: JSONValue

  init(schemaFile path: String) throws {
    root = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    try checkKeywords(root, at: "#")
  }

  /// Every way `value` breaks the schema, each with its JSON pointer; empty when it is valid.
  func problems(in value: JSONValue) -> [String] {
    var found: [String] = []
    check(value, against: root, at: "", into: &found)
    return found
  }

  private func checkKeywords(_ schema: JSONValue, at path: String) throws {
    guard let members = schema.members else { return }
    for member in members {
      guard Self.knownKeywords.contains(member.key) else {
        throw SchemaError(message: "\(path): the test's validator does not know \"\(member.key)\"")
      }
      switch member.key {
      case "$defs", "properties":
        for sub in member.value.members ?? [] { try checkKeywords(sub.value, at: "\(path)/\(sub.key)") }
      case "items", "additionalProperties": try checkKeywords(member.value, at: "\(path)/\(member.key)")
      case "oneOf", "allOf":
        for (i, sub) in (member.value.array ?? []).enumerated() { try checkKeywords(sub, at: "\(path)/\(i)") }
      default: break
      }
    }
  }

  private func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/") else { return nil }
    var node: JSONValue? = root
    for part in reference.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
    return node
  }

  private func check(_ value: JSONValue, against schema: JSONValue, at pointer: String, into found: inout [String]) {
    let here = pointer.isEmpty ? "/" : pointer
    if let reference = schema["$ref"]?.string {
      guard let target = resolve(reference) else {
        found.append("\(here): unresolvable $ref \(reference)")
        return
      }
      check(value, against: target, at: pointer, into: &found)
    }
    if let types = schema["type"] {
      let names = types.array?.compactMap(\.string) ?? [types.string ?? ""]
      if !names.contains(where: { Self.has(value, type: $0) }) {
        found.append("\(here): expected \(names.joined(separator: " or ")), found \(value.typeDescription)")
        return
      }
    }
    if let options = schema["enum"]?.array, !options.contains(where: { Self.same($0, value) }) {
      found.append("\(here): \(JSONWriter.compact(value)) is not one of the allowed values")
    }
    if let constant = schema["const"], !Self.same(constant, value) {
      found.append("\(here): must be \(JSONWriter.compact(constant))")
    }
    if let number = value.double {
      if let minimum = schema["minimum"]?.double, number < minimum { found.append("\(here): below \(minimum)") }
      if let maximum = schema["maximum"]?.double, number > maximum { found.append("\(here): above \(maximum)") }
      if let limit = schema["exclusiveMaximum"]?.double, number >= limit {
        found.append("\(here): must be below \(limit)")
      }
      if let limit = schema["exclusiveMinimum"]?.double, number <= limit {
        found.append("\(here): must be above \(limit)")
      }
    }
    if let text = value.string {
      if let minimum = schema["minLength"]?.int, text.count < minimum {
        found.append("\(here): shorter than \(minimum)")
      }
      if let pattern = schema["pattern"]?.string, text.range(of: pattern, options: .regularExpression) == nil {
        found.append("\(here): does not match \(pattern)")
      }
      if schema["format"]?.string == "date-time",
        text.range(
          of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression)
          == nil
      {
        found.append("\(here): \(text) is not an RFC 3339 date-time")
      }
    }
    if let members = value.members {
      for key in schema["required"]?.array?.compactMap(\.string) ?? [] where value[key] == nil {
        found.append("\(here): missing \"\(key)\"")
      }
      let properties = schema["properties"]
      for member in members {
        if let sub = properties?[member.key] {
          check(member.value, against: sub, at: "\(pointer)/\(member.key)", into: &found)
        } else if schema["additionalProperties"]?.bool == false {
          found.append("\(here): \"\(member.key)\" is not allowed")
        } else if let sub = schema["additionalProperties"], sub.members != nil {
          check(member.value, against: sub, at: "\(pointer)/\(member.key)", into: &found)
        }
      }
    }
    if let items = value.array {
      if let minimum = schema["minItems"]?.int, items.count < minimum {
        found.append("\(here): fewer than \(minimum) items")
      }
      if let maximum = schema["maxItems"]?.int, items.count > maximum {
        found.append("\(here): more than \(maximum) items")
      }
    }
    if let items = value.array, let itemSchema = schema["items"] {
      for (i, item) in items.enumerated() { check(item, against: itemSchema, at: "\(pointer)/\(i)", into: &found) }
    }
    for sub in schema["allOf"]?.array ?? [] { check(value, against: sub, at: pointer, into: &found) }
    if let options = schema["oneOf"]?.array {
      var reasons: [[String]] = []
      for option in options {
        var problems: [String] = []
        check(value, against: option, at: pointer, into: &problems)
        reasons.append(problems)
      }
      let matching = reasons.filter(\.isEmpty).count
      if matching != 1 {
        let closest = reasons.min { $0.count < $1.count } ?? []
        found.append(
          "\(here): matches \(matching) of the \(options.count) oneOf choices, not exactly one"
            + (closest.isEmpty ? "" : " (closest: \(closest.joined(separator: "; ")))"))
      }
    }
  }

  private static func has(_ value: JSONValue, type: String) -> Bool {
    switch type {
    case "object": value.members != nil
    case "array": value.array != nil
    case "string": value.string != nil
    case "boolean": value.bool != nil
    case "null": value.isNull
    case "number": value.double != nil
    case "integer": value.int != nil
    default: false
    }
  }

  private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
    if let x = a.double, let y = b.double { return x == y }
    return JSONWriter.compact(a) == JSONWriter.compact(b)
  }
}

/// A schema the validator cannot check faithfully.
struct SchemaError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
