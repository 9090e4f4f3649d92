/// What `/etc/nsswitch.conf` says about where users and groups come from: whether sources other
/// than the files (LDAP, SSSD, systemd's, NIS through `compat`) may hold accounts the files do not.
///
/// ```swift
/// let switchFile = NameServiceSwitch(text: "passwd: files sss\ngroup: files\n")
/// switchFile.hasOtherSources(for: "passwd")  // true
/// switchFile.hasOtherSources(for: "group")   // false
/// ```
package struct NameServiceSwitch: Sendable {
  /// Each database's sources in order, actions such as `[NOTFOUND=return]` left out.
  package private(set) var sources: [String: [String]] = [:]

  package init(text: String) {
    for line in text.split(whereSeparator: \.isNewline) {
      let content = line.prefix(while: { $0 != "#" })
      guard let colon = content.firstIndex(of: ":") else { continue }
      let database = content[..<colon].trimmingCharacters(in: " \t")
      var words: [String] = []
      var inAction = false
      for word in content[content.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        if word.hasPrefix("[") { inAction = true }
        if !inAction { words.append(String(word)) }
        if word.hasSuffix("]") { inAction = false }
      }
      if sources[database] == nil { sources[database] = words }
    }
  }

  /// Whether `database` (`passwd`, `group`) is looked up anywhere but the files. A database the
  /// file does not name uses glibc's default, the files alone.
  package func hasOtherSources(for database: String) -> Bool {
    (sources[database] ?? ["files"]).contains { $0 != "files" }
  }
}

extension Substring {
  /// This text without `characters` at either end.
  fileprivate func trimmingCharacters(in characters: String) -> String {
    String(drop(while: characters.contains).reversed().drop(while: characters.contains).reversed())
  }
}
