package import CourseOutline
import Foundation
package import Localization
import PracticeFiles
package import ProgressStorage

/// Every learner's history of one course under a data folder, read as the class report reads it:
/// read-only, one lock deadline for all, never through a link, owners checked in a class folder.
///
/// ```swift
/// let read = ClassHistories.read(course: course, dataDirectory: "/srv/class")
/// read.learners.map(\.user)   // ["ann", "bo"]
/// read.unreadable             // learners whose files could not be read, with why
/// ```
package struct ClassHistories: Sendable {
  package var learners: [(user: String, state: ProgressState)] = []
  /// Learners whose files could not be read.
  package var unreadable: [(user: String, error: ProgressError)] = []
  /// Set when the data folder itself could not be listed.
  package var problem: Message?

  package static func read(course: Course, dataDirectory: String, lockTimeout: Double = 2) -> ClassHistories {
    var result = ClassHistories()
    let folders: [LearnerFolder]
    do {
      folders = try LearnerFolder.all(in: dataDirectory, course: course.id)
    } catch {
      result.problem = ClassReport.problem(listing: dataDirectory, error)
      return result
    }
    let deadline = LockDeadline(seconds: lockTimeout)
    let isClass = SharedClassFolder.isClassFolder((try? POSIXFileSystem().stat(dataDirectory)) ?? nil)
    let read = ConcurrentMap.map(folders) { folder -> (String, Result<ProgressState, ProgressError>) in
      do throws(ProgressError) {
        let progress = try folder.read(checkingOwner: isClass) { (directory) throws(ProgressError) in
          try ReadOnlyProgress.load(directory: directory, until: deadline)
        }
        return (folder.learner, .success(progress.state))
      } catch {
        return (folder.learner, .failure(error))
      }
    }
    for (user, outcome) in read {
      switch outcome {
      case .success(let state): result.learners.append((user, state))
      case .failure(let error): result.unreadable.append((user, error))
      }
    }
    return result
  }
}
