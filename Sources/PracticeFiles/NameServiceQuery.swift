#if canImport(Glibc)
  import Glibc
#endif

/// One lookup through the system's name service, run as `getent` in a process of its own.
///
/// A dynamically linked `getent` loads the name-service modules (LDAP, SSSD, systemd) with the C
/// library they were built for; the static `practice` cannot load them safely (see
/// `AccountDatabase`). Asked only for what the files do not hold; nil when `getent` is missing,
/// fails or finds nothing. The key is passed as an argument, never through a shell.
///
/// ```swift
/// NameServiceQuery.lines("passwd", "ann")      // ["ann:x:1001:100::/home/ann:/bin/sh"]
/// NameServiceQuery.lines("initgroups", "ann")  // ["ann   1500 1600"]
/// ```
package enum NameServiceQuery {
  /// Where `getent` is found (never through `PATH`, which the user sets).
  static let programs = ["/usr/bin/getent", "/bin/getent"]
  /// Far more than one entry takes; more is not an answer about one account.
  static let outputLimit = 1 << 20

  /// The lines `getent DATABASE KEY` prints, nil when it prints nothing or fails.
  package static func lines(_ database: String, _ key: String) -> [Substring]? {
    // No account has these in its name, and a key starting with '-' would be an option.
    guard !key.isEmpty, !key.contains(where: { $0 == ":" || $0 == "\n" || $0 == "\0" }),
      let program = programs.first(where: { access($0, X_OK) == 0 })
    else { return nil }
    guard let output = run(program, ["getent", "--", database, key]), !output.isEmpty else { return nil }
    return String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline)
  }

  /// What `program` writes to its standard output, nil unless it exits with status 0. Its
  /// standard input and error are `/dev/null`; it gets an empty environment.
  static func run(_ program: String, _ arguments: [String]) -> [UInt8]? {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0, let readEnd = OwnedDescriptor(pipeEnds[0]), let writeEnd = OwnedDescriptor(pipeEnds[1])
    else { return nil }
    // Neither end is left open in another program this one starts.
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, writeEnd.fd, 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = CStringList(arguments)
    var environment: [UnsafeMutablePointer<CChar>?] = [nil]
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, nil, argv.pointers, &environment)
    // The child has its own copy: ours is closed, so the read below ends when the child exits.
    writeEnd.close()
    guard spawned == 0 else { return nil }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(readEnd.fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      if output.count < outputLimit { output += buffer[..<count] }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // Exited (the low 7 bits zero) with status 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0, output.count < outputLimit else { return nil }
    return output
  }
}
