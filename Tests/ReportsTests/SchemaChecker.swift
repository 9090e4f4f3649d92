import Foundation
import PracticeJSON

/// A tiny JSON Schema checker: the keywords `ReportSchema` uses (type, const, enum,
/// required, properties, additionalProperties (a schema), items, maxItems, minimum, allOf, anyOf, local `$ref`).
struct SchemaChecker {
  let root: JSONValue

  init(_ schema: String) throws { root = try JSONParser.parse(schema) }

  /// Problems found, each with the JSON path where it was found; empty when valid.
  func check(_ value: JSONValue) -> [String] {
    var problems: [String] = []
    check(value, against: root, path: "$", into: &problems)
    return problems
  }

  private func resolve(_ schema: JSONValue) -> JSONValue {
    guard let ref = schema["$ref"]?.string, ref.hasPrefix("#/") else { return schema }
    var target = root
    for part in ref.dropFirst(2).split(separator: "/") { target = target[String(part)] ?? .null }
    return target
  }

  private func check(_ value: JSONValue, against schema: JSONValue, path: String, into problems: inout [String]) {
    let schema = resolve(schema)
    if let type = schema["type"] {
      let allowed = type.array?.compactMap(\.string) ?? [type.string ?? ""]
      if !allowed.contains(where: { matches(value, $0) }) {
        problems.append("\(path): expected \(allowed.joined(separator: " or ")), found \(value.typeDescription)")
        return
      }
    }
    if let constant = schema["const"], !same(constant, value) {
      problems.append("\(path): expected \(JSONWriter.compact(constant))")
    }
    if let options = schema["enum"]?.array, !options.contains(where: { same($0, value) }) {
      problems.append("\(path): \(JSONWriter.compact(value)) is not one of the allowed values")
    }
    if let minimum = schema["minimum"]?.double, let n = value.double, n < minimum {
      problems.append("\(path): \(n) is below \(minimum)")
    }
    for key in schema["required"]?.array?.compactMap(\.string) ?? [] where value[key] == nil {
      problems.append("\(path): missing \"\(key)\"")
    }
    for member in schema["properties"]?.members ?? [] {
      if let child = value[member.key] {
        check(child, against: member.value, path: path + "." + member.key, into: &problems)
      }
    }
    // `additionalProperties` as a schema: every member `properties` does not name must match it.
    if let other = schema["additionalProperties"], other.members != nil {
      for member in value.members ?? [] where schema["properties"]?[member.key] == nil {
        check(member.value, against: other, path: path + "." + member.key, into: &problems)
      }
    }
    if let items = schema["items"], let array = value.array {
      for (i, item) in array.enumerated() { check(item, against: items, path: "\(path)[\(i)]", into: &problems) }
    }
    if let maxItems = schema["maxItems"]?.int, let array = value.array, array.count > maxItems {
      problems.append("\(path): more than \(maxItems) items")
    }
    for sub in schema["allOf"]?.array ?? [] { check(value, against: sub, path: path, into: &problems) }
    if let options = schema["anyOf"]?.array {
      let ok = options.contains { option in
        var sub: [String] = []
        check(value, against: option, path: path, into: &sub)
        return sub.isEmpty
      }
      if !ok { problems.append("\(path): matches none of anyOf") }
    }
  }

  private func matches(_ value: JSONValue, _ type: String) -> Bool {
    switch (type, value.kind) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
      ("object", .object):
      return true
    case ("integer", .number): return value.int != nil
    default: return false
    }
  }

  private func same(_ a: JSONValue, _ b: JSONValue) -> Bool { JSONWriter.compact(a) == JSONWriter.compact(b) }
}
