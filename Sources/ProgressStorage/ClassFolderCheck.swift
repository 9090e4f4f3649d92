package import Localization
package import PracticeFiles

/// What is wrong with a class's data folder, each finding one line saying how to mend it: what
/// `practice class check DIR` prints.
///
/// The folder should be as `practice class create` makes it: owned by a teacher, its group the
/// teachers' (learners not in it), mode `3753` (setgid, sticky; the teachers read and list, others
/// may make their own folder and enter it but not list the folder). Each entry should be a real
/// folder (never a link) named after the login that owns it, mode `2750` in the folder's group,
/// its course folders likewise; their files neither group-writable nor world-readable, the lock
/// `0600`. A learner in the teachers' group could read every classmate's answers.
///
/// ```swift
/// for finding in ClassFolderCheck.findings(in: "/srv/physics8") { print(finding) }
/// ```
package enum ClassFolderCheck {
  /// The mode `practice class create` gives a class folder.
  package static let folderMode: UInt32 = 0o3753

  /// Every finding, the folder's own first; empty when all is as it should be.
  package static func findings(in folder: String, fileSystem fs: POSIXFileSystem = POSIXFileSystem()) -> [Message] {
    guard let status = (try? fs.linkStatus(folder)) ?? nil else {
      return [
        .tr(
          "{folder} does not exist; make it with: practice class create {folder} --teachers GROUP", ["folder": folder])
      ]
    }
    guard status.isDirectory, !status.isSymbolicLink else {
      return [.tr("{folder} is not a folder (a link or a file); give the class folder's real path", ["folder": folder])]
    }
    var found: [Message] = []
    let group = SystemUsers.groupName(ofGroupID: status.group) ?? "\(status.group)"
    if status.permissions != folderMode {
      found.append(
        .tr(
          "{folder} has mode {mode}, not 3753 (setgid, sticky; teachers read, learners may only make their own folder): chmod 3753 {folder}",
          ["folder": folder, "mode": octal(status.permissions)]))
    }
    let names: [String]
    do {
      names = try fs.readdir(folder).sorted()
    } catch {
      // Not "nothing wrong": nothing could be looked at (a learner, or a teacher not in the group).
      return found + [
        .tr(
          "{folder} cannot be listed ({reason}), so nothing in it was checked: run this as one of its teachers (group {group}) or with sudo",
          ["folder": folder, "reason": error.reason, "group": group])
      ]
    }
    for name in names {
      let path = PathText.appending(folder, name)
      guard let entry = (try? fs.linkStatus(path)) ?? nil else { continue }
      if entry.isSymbolicLink || !entry.isDirectory {
        found.append(
          .tr(
            "{path} is {what}, not a learner's folder; it is never read: remove it (sudo rm {path})",
            ["path": path, "what": entry.isSymbolicLink ? Message.tr("a symbolic link") : Message.tr("a file")]))
        continue
      }
      let learner = LearnerName(folderName: name)?.name ?? name
      if let problem = LearnerFolder.ownerProblem(
        owner: entry.owner, learner: learner, userID: SystemUsers.userID(ofLogin:))
      {
        found.append(
          .tr(
            "{path}: {problem}; only its login may own it: sudo rm -r {path} (the learner's next start makes it anew)",
            ["path": path, "problem": problem]))
        continue
      }
      if SystemUsers.isMember(learner, ofGroup: status.group) {
        found.append(
          .tr(
            "{learner} is in the teachers' group {group}, so can read every classmate's answers: sudo gpasswd -d {learner} {group}",
            ["learner": learner, "group": group]))
      }
      found += folderFindings(path, entry, group: status.group, fs)
      for course in ((try? fs.readdir(path)) ?? []).sorted() {
        let coursePath = PathText.appending(path, course)
        guard let courseStatus = (try? fs.linkStatus(coursePath)) ?? nil else { continue }
        guard courseStatus.isDirectory, !courseStatus.isSymbolicLink, courseStatus.owner == entry.owner else {
          found.append(
            .tr(
              "{path} is a link, a file or another's, not the learner's course folder; it is never read: remove it (sudo rm -r {path})",
              ["path": coursePath]))
          continue
        }
        found += folderFindings(coursePath, courseStatus, group: status.group, fs)
        for file in ((try? fs.readdir(coursePath)) ?? []).sorted() {
          let filePath = PathText.appending(coursePath, file)
          guard let fileStatus = (try? fs.linkStatus(filePath)) ?? nil else { continue }
          let wanted: UInt32 = file == ProgressStore.lockName ? 0o600 : 0o640
          if fileStatus.isSymbolicLink || fileStatus.permissions & 0o027 != 0
            || (file == ProgressStore.lockName && fileStatus.permissions != 0o600)
          {
            found.append(
              .tr(
                "{path} has mode {mode}, not {wanted}: chmod {wanted} {path} (the learner's next start does it too)",
                ["path": filePath, "mode": octal(fileStatus.permissions), "wanted": octal(wanted)]))
          }
        }
      }
    }
    return found
  }

  /// A learner's or course folder: `2750` in the class folder's group.
  static func folderFindings(_ path: String, _ status: FileStatus, group: UInt32, _ fs: POSIXFileSystem) -> [Message] {
    var found: [Message] = []
    if status.permissions != 0o2750 {
      found.append(
        .tr(
          "{path} has mode {mode}, not 2750 (the teachers read it, nobody else): chmod 2750 {path}",
          ["path": path, "mode": octal(status.permissions)]))
    }
    if status.group != group {
      let name = SystemUsers.groupName(ofGroupID: group) ?? "\(group)"
      found.append(
        .tr("{path} is not in the teachers' group {group}: sudo chgrp {group} {path}", ["path": path, "group": name]))
    }
    return found
  }

  static func octal(_ mode: UInt32) -> String { String(mode, radix: 8) }
}
