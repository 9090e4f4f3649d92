import Study

/// Gives the shell the review book of the learner it records for.
public protocol ReviewBookProvider: AnyObject {
  func reviewBook() -> ReviewBook
}
