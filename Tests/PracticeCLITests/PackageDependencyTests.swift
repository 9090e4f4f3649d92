import Foundation
import PracticeTestSupport
import XCTest

/// Package.swift declares only what each target uses (issue 30 §4): a target that never imports a
/// module does not depend on it, so the graph shows the real boundaries.
final class PackageDependencyTests: XCTestCase {
  /// Each target's name, its declared dependencies and the folder of its sources.
  static func targets() throws -> [(name: String, dependencies: [String], path: String)] {
    let text = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
    let body = String(text[try XCTUnwrap(text.range(of: "targets: [")).lowerBound...])
    var targets: [(String, [String], String)] = []
    let starts = [".target(", ".testTarget(", ".executableTarget(", ".systemLibrary("]
    var pieces = [body]
    for start in starts { pieces = pieces.flatMap { $0.components(separatedBy: start) } }
    for entry in pieces.dropFirst() {
      guard let name = firstQuoted(after: "name:", in: entry) else { continue }
      var dependencies: [String] = []
      if let list = entry.range(of: "dependencies:"), let open = entry[list.upperBound...].firstIndex(of: "["),
        let close = entry[open...].firstIndex(of: "]")
      {
        dependencies = entry[open..<close].split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
          String($0.element)
        }
      }
      let sources = FileManager.default.fileExists(atPath: Repository.path("Sources/" + name)) ? "Sources/" : "Tests/"
      targets.append((name, dependencies, firstQuoted(after: "path:", in: entry) ?? sources + name))
    }
    return targets
  }

  static func firstQuoted(after key: String, in text: String) -> String? {
    guard let key = text.range(of: key) else { return nil }
    let parts = text[key.upperBound...].split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
    return parts.count > 1 ? String(parts[1]) : nil
  }

  /// The modules a folder's Swift files import (`import X`, `@testable import X`).
  static func imports(in folder: String) -> Set<String> {
    var modules = Set<String>()
    let root = Repository.path(folder)
    guard let files = FileManager.default.enumerator(atPath: root) else { return [] }
    for case let file as String in files where file.hasSuffix(".swift") {
      guard let text = try? String(contentsOfFile: root + "/" + file, encoding: .utf8) else { continue }
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") && $0 != "public" && $0 != "package" }
        if words.count >= 2, words[0] == "import" { modules.insert(String(words[1])) }
      }
    }
    return modules
  }

  func testEveryDeclaredDependencyIsImported() throws {
    let targets = try Self.targets()
    XCTAssertGreaterThan(targets.count, 20)
    for target in targets {
      let imported = Self.imports(in: target.path)
      let unused = target.dependencies.filter { !imported.contains($0) }
      XCTAssertEqual(
        unused, [], "\(target.name) declares dependencies it never imports; remove them from Package.swift")
    }
  }
}
