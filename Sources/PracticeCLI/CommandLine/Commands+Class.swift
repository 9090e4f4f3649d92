import Localization

extension Commands {
  /// `practice class create DIR --teachers GROUP`: a class's drop-box data folder.
  enum ClassCreate: CommandLineCommand {
    static let name = "class create"
    static let forms: [HelpText.Form] = [
      .init(
        "practice class create DIR --teachers GROUP",
        trMark("a class folder on a shared server: learners drop their progress in, teachers read it"))
    ]
    static let optionGroups = [
      OptionGroup([
        CommandOption(["--teachers"], value: "GROUP", summary: trMark("the Unix group of the class's teachers")) {
          invocation, text, _ throws(UsageError) in invocation.teachers = text
        }
      ])
    ]
    static let example = ["class", "create", "class-folder", "--teachers", "staff"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard arguments.count == 1 else {
        throw UsageError(messages.tr("class takes 'create DIR --teachers GROUP' or 'check DIR'"))
      }
      guard let teachers = invocation.teachers, !teachers.isEmpty else {
        throw UsageError(messages.tr("class create needs --teachers GROUP: the Unix group of the class's teachers"))
      }
      return .classCreate(folder: arguments[0], teachers: teachers)
    }
  }

  /// `practice class check DIR`: what is wrong with a class folder, and how to mend it.
  enum ClassCheck: CommandLineCommand {
    static let name = "class check"
    static let forms: [HelpText.Form] = [
      .init("practice class check DIR", trMark("what is wrong with a class folder, and how to mend it"))
    ]
    static let optionGroups: [OptionGroup] = []
    static let example = ["class", "check", "class-folder"]

    static func mode(_ arguments: [String], _ invocation: inout Invocation, _ messages: Localizer) throws(UsageError)
      -> Invocation.Mode
    {
      guard arguments.count == 1 else {
        throw UsageError(messages.tr("class takes 'create DIR --teachers GROUP' or 'check DIR'"))
      }
      return .classCheck(folder: arguments[0])
    }
  }
}
