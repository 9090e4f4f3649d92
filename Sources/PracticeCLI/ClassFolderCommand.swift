import Localization
import PracticeFiles
import ProgressStorage

/// `practice class create DIR --teachers GROUP` and `practice class check DIR`: a class's data
/// folder on a shared server, safe by its permissions rather than by trust (see `ClassFolderCheck`).
struct ClassFolderCommand {
  let output: any TextOutput
  let errors: any TextOutput
  let messages: Localizer

  /// Makes `folder` a drop box: owned by whoever runs this (the teacher), group `teachers`, mode 3753.
  func create(_ folder: String, teachers: String) -> Int32 {
    guard let group = SystemUsers.groupID(named: teachers) else {
      errors.line(
        "practice: "
          + messages.tr(
            "class create: there is no group {group}; make it first (sudo groupadd {group}; sudo gpasswd -a TEACHER {group})",
            ["group": teachers]))
      return 1
    }
    let made: FileStatus
    do throws(FileSystemError) {
      made = try POSIXFileSystem().makeFolder(folder, group: group, mode: ClassFolderCheck.folderMode)
    } catch {
      errors.line(
        "practice: "
          + messages.tr(
            "class create: {error}; give a new folder (or an empty one of yours), in a folder you can write to",
            ["error": error.localized(by: messages)]))
      return 1
    }
    guard made.permissions == ClassFolderCheck.folderMode else {
      // The system drops the setgid bit when the one making the folder is not in the group.
      errors.line(
        "practice: "
          + messages.tr(
            "class create: {folder} got mode {mode}, not 3753: you are not in the group {group}; join it (sudo gpasswd -a $USER {group}, then log in again) or run this with sudo",
            ["folder": folder, "mode": String(made.permissions, radix: 8), "group": teachers]))
      return 1
    }
    output.line(
      messages.tr(
        "Made the class folder {folder}: group {group} (the teachers; learners must not be in it), mode 3753.",
        ["folder": folder, "group": teachers]))
    output.line(messages.tr("Learners: practice --data-dir {folder}", ["folder": folder]))
    output.line(messages.tr("Teachers: practice report --class --data-dir {folder}", ["folder": folder]))
    return 0
  }

  /// Lists what is wrong with `folder`, one line each with how to mend it; status 1 when anything is.
  func check(_ folder: String) -> Int32 {
    let findings = ClassFolderCheck.findings(in: folder)
    for finding in findings { output.line(messages.tr(finding)) }
    if findings.isEmpty {
      output.line(messages.tr("{folder}: nothing wrong found.", ["folder": folder]))
      return 0
    }
    return 1
  }
}
