#if canImport(Glibc)
  import Glibc
#endif

/// Slash-separated path arithmetic on plain strings, and a `stat` of what a path names.
///
/// `URL(fileURLWithPath:)` parses, percent-encodes and bridges to `NSString`; for the few joins and
/// splits made on the way to the first prompt, that costs more than loading a small course.
///
/// ```swift
/// PathText.lastComponent("Data/courses/physics/course.json")        // "course.json"
/// PathText.deletingLastComponent("Data/courses/physics/course.json")  // "Data/courses/physics"
/// PathText.deletingExtension("course.json")                          // "course"
/// ```
package enum PathText {
  /// What a path names, if anything.
  package enum Kind: Sendable, Equatable {
    case missing, file, folder
    /// Something is there or may be, but the path cannot be followed to it: a symbolic-link loop,
    /// a name too long, a folder on the way that may not be searched. The error says which.
    case unreachable(FileSystemError)
  }

  /// The last component, trailing slashes ignored; `/` for the root, `""` for an empty path.
  package static func lastComponent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    if trimmed.isEmpty { return path.isEmpty ? "" : "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// The path without its last component: `a/b` → `a`, `/a` → `/`, `a` → `""`, `/` → `/`.
  package static func deletingLastComponent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    if trimmed.isEmpty { return path.isEmpty ? "" : "/" }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let parent = trimmingTrailingSlashes(String(trimmed[..<slash]))
    return parent.isEmpty ? "/" : parent
  }

  /// `path/component`, with exactly one slash between them.
  package static func appending(_ path: String, _ component: String) -> String {
    if path.isEmpty { return component }
    return path.hasSuffix("/") ? path + component : path + "/" + component
  }

  /// A file name without its extension: `course.json` → `course`; `.hidden` and `name` stay whole.
  package static func deletingExtension(_ name: String) -> String {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }

  /// Whether `path` names a file, a folder (symbolic links followed), nothing, or cannot be followed.
  ///
  /// ```swift
  /// PathText.kind(of: "loop")  // .unreachable: "stat loop: symlink loop (…)", not .missing
  /// ```
  package static func kind(of path: String) -> Kind {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let code = errno
      // A missing component, or one that is a file where a folder was meant: nothing is there.
      if code == ENOENT || code == ENOTDIR { return .missing }
      return .unreachable(FileSystemError.system("stat", path, code: code))
    }
    return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
  }

  /// The absolute path with every `.`, `..` and symbolic link resolved, or nil when it names nothing.
  package static func resolved(_ path: String) -> String? {
    guard !path.isEmpty, let real = CAllocatedString(realpath(path, nil)) else { return nil }
    return real.string
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var result = Substring(path)
    while result.hasSuffix("/") { result = result.dropLast() }
    return String(result)
  }
}
