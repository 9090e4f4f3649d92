import CourseOutline
import Localization
import PracticeFiles
import ProgressStorage

extension Localizer {
  /// An error as the learner reads it: the progress store's errors in this language, others as they describe themselves.
  ///
  /// ```swift
  /// Localizer(language: .chinese).describe(ProgressError(.closed, path: dir, action: "save progress"))  // "学习进度已经关闭了；请重新打开。"
  /// ```
  func describe(_ error: any Error) -> String {
    switch error {
    case let error as ProgressError: return error.description(self)
    case let error as FileSystemError: return error.localized(by: self)
    case let error as CourseLoadError: return error.localized(by: self)
    default: return "\(error)"
    }
  }

  /// A course or bank named as a command's own argument (`validate`, `import`, `export`) that cannot
  /// be opened. A missing one is not told to use `--course`: these commands take the path itself.
  ///
  /// ```swift
  /// Localizer.english.describe(argument: .notFound(path: "missing.json"))
  /// // "missing.json: no such file or folder; check the name and the folder practice runs in"
  /// ```
  func describe(argument error: CourseLoadError) -> String {
    guard case .notFound(let path) = error else { return error.localized(by: self) }
    return tr("{path}: no such file or folder; check the name and the folder practice runs in", ["path": path])
  }

  /// An output file (`--output`, or `import`'s default beside its bank) that could not be written,
  /// or folder (`export --events --split`), said alike by every command that writes one: what failed,
  /// and what to do unless the system's reason already says it.
  ///
  /// ```swift
  /// Localizer.english.describe(output: error, command: "import")
  /// // "import: open out/x.json: No such file or directory; give --output a file in a folder you can write to"
  /// ```
  func describe(output error: FileSystemError, command: String, isFolder: Bool = false) -> String {
    let values: KeyValuePairs<String, Any> = ["command": command, "error": error.localized(by: self)]
    guard !error.reasonSaysWhatToDo else { return tr("{command}: {error}", values) }
    guard !isFolder else { return tr("{command}: {error}; give --output a folder you can write to", values) }
    return tr("{command}: {error}; give --output a file in a folder you can write to", values)
  }
}
