package import Foundation

/// A fresh, empty folder for one test, removed with everything in it when released.
///
/// ```swift
/// let folder = TemporaryFolder()
/// let course = try folder.write("course.json", "[]")
/// ```
package final class TemporaryFolder {
  package let url: URL
  package var path: String { url.path }

  /// Creates `<tmp>/<prefix>-<uuid>`.
  package init(prefix: String = "practice-test") {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { remove() }

  /// Writes `text` to the file `name` in this folder and returns its path.
  @discardableResult
  package func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }

  /// The path of `name` in this folder (not created).
  package func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Removes the folder, first making writable any folder a test made read-only.
  package func remove() {
    let manager = FileManager.default
    var folders = [path]
    if let walker = manager.enumerator(atPath: path) {
      while let relative = walker.nextObject() as? String { folders.append(self.path(relative)) }
    }
    for folder in folders { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder) }
    try? manager.removeItem(atPath: path)
  }
}
