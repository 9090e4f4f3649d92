/// One thing wrong with a course file, with where it is.
///
/// ```swift
/// print(problem)  // Data/x.json:4:17: duplicate id 1296 (first at 2:9)
/// ```
public struct CourseProblem: Sendable, Equatable {
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String

  public init(file: String, line: Int, column: Int, message: String) {
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }
}

extension CourseProblem: CustomStringConvertible {
  public var description: String { "\(file):\(line):\(column): \(message)" }
}
