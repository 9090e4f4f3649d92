import CourseImport
import CourseOutline
import Foundation
import Localization
import PracticeFiles
import PracticeJSON
import PracticeTime
import ProgressStorage
import QuizEngine
import Reports
import TextLayout

/// Where the learner's files are: the learner's name, the data folder, the progress folder (in a
/// class folder, the login's own), the REPL's history; and the progress store opened there.
extension PracticeApp {
  /// `$XDG_STATE_HOME/practice/USER/history`, else `~/.local/state/practice/USER/history`; nil
  /// with no home folder (history is then not kept).
  func historyPath(user: String) -> String? {
    if let state = Self.absolute(environment["XDG_STATE_HOME"]) { return "\(state)/practice/\(user)/history" }
    return HomeFolder.path(environment: environment).map { "\($0)/.local/state/practice/\(user)/history" }
  }

  /// `--user`, else `$USER`, else `default`, NFC-normalised.
  func learner(_ invocation: Invocation) -> LearnerName {
    for name in [invocation.user, environment["USER"]] {
      if let name, let learner = LearnerName(name) { return learner }
    }
    return LearnerName("default")!
  }

  /// The learner's folder name inside the data folder: the name, encoded where it could not be one.
  func user(_ invocation: Invocation) -> String { learner(invocation).folderName }

  /// `--data-dir`, else `$XDG_DATA_HOME/practice`, else `~/.local/share/practice`.
  ///
  /// Empty and relative `XDG_*` values and an empty `HOME` count as unset (the XDG rule); with
  /// `HOME` unset the password database names the home folder. Never the current folder or `/`.
  func dataDirectory(_ invocation: Invocation, course: Course? = nil) throws(CommandFailure) -> String {
    if let dir = invocation.dataDirectory { return dir }
    if let data = Self.absolute(environment["XDG_DATA_HOME"]) { return data + "/practice" }
    guard let home = HomeFolder.path(environment: environment) else {
      throw CommandFailure(
        "practice: "
          + localizer(invocation, course: course).tr(
            "no home folder to keep progress in (HOME is unset and the password database has none); give --data-dir DIR"
          ))
    }
    return home + "/.local/share/practice"
  }

  /// `DATA/USER/COURSE`: the one place a learner's progress folder is named.
  func progressDirectory(_ invocation: Invocation, course: Course) throws(CommandFailure) -> String {
    // The loader refuses such ids; a course built any other way is checked here too.
    guard Course.isFolderSafeID(course.id) else {
      throw CommandFailure(
        "practice: "
          + localizer(invocation, course: course).tr(
            "the course id \"{id}\" cannot name a progress folder; give the course another id", ["id": course.id]))
    }
    let data = try dataDirectory(invocation, course: course)
    guard SharedClassFolder.isClassFolder((try? POSIXFileSystem().stat(data)) ?? nil) else {
      return ProgressFolder.path(dataDirectory: data, user: user(invocation), courseID: course.id)
    }
    return ProgressFolder.path(
      dataDirectory: data, user: try classLearnerFolder(invocation, data: data, course: course), courseID: course.id)
  }

  /// In a class folder a learner studies as their login, in a folder named after it that is their
  /// own: `--user` naming anyone else is refused, and so is a folder of that name someone else made
  /// (a classmate squatting the name), which the teacher's report does not count either.
  func classLearnerFolder(_ invocation: Invocation, data: String, course: Course) throws(CommandFailure) -> String {
    let messages = localizer(invocation, course: course)
    guard let login = SystemUsers.currentLogin(), let name = LearnerName(login) else {
      throw CommandFailure(
        "practice: " + messages.tr("{folder} is a class folder, and your user id has no login name", ["folder": data]))
    }
    if let given = invocation.user, LearnerName(given)?.name != name.name {
      throw CommandFailure(
        "practice: "
          + messages.tr(
            "{folder} is a class folder: you study there as your login {login}; leave out --user (or give --user {login})",
            ["folder": data, "login": login]))
    }
    let folder = PathText.appending(data, name.folderName)
    if let status = (try? POSIXFileSystem().linkStatus(folder)) ?? nil,
      status.isSymbolicLink || !status.isDirectory || status.owner != SystemUsers.currentUserID
    {
      let owner = SystemUsers.login(ofUserID: status.owner) ?? "uid \(status.owner)"
      throw CommandFailure(
        "practice: "
          + messages.tr(
            "{path} is not your folder (it belongs to {owner}): someone took your name; ask your teacher to remove it (practice class check {folder})",
            ["path": folder, "owner": owner, "folder": data]))
    }
    return name.folderName
  }

  /// An XDG folder variable's value when it is an absolute path; the spec says to ignore others.
  static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }

  func openProgress(
    _ invocation: Invocation, course: Course, style: OutputStyle, clock: any PracticeClock
  ) throws -> LearnerProgress {
    let directory = try progressDirectory(invocation, course: course)
    var options = ProgressStoreOptions()
    if let timeout = lockTimeout { options.lockTimeout = timeout }
    let store = try ProgressStore(directory: directory, options: options)
    let messages = localizer(invocation, course: course)
    for warning in store.takeWarnings() { errors.line(warning.description(messages)) }
    return LearnerProgress(
      store: store, course: course, style: style, clock: clock, messages: messages, studyDay: studyDay(invocation))
  }
}
