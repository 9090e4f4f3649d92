package import Study

/// Gives the shell the review book of the learner it records for.
package protocol ReviewBookProvider: AnyObject {
  func reviewBook() -> ReviewBook
}
