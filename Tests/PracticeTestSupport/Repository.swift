package import Foundation

/// The checkout the tests run from, found from this file so tests run from any folder.
///
/// ```swift
/// let seeds = Repository.path("Data/courses/seed-000-chapters.json")
/// ```
package enum Repository {
  /// The repository's top folder (the one holding Package.swift).
  package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The absolute path of `relative`, a path inside the repository.
  package static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
