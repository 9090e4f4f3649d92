#if canImport(Glibc)
  import Glibc
#endif

/// Strings copied into C memory as a null-terminated list (`argv` for `posix_spawn`), freed when
/// the value goes. Not copyable: one owner, so no call site frees the copies by hand.
///
/// ```swift
/// let argv = CStringList(["getent", "passwd", "ann"])
/// posix_spawn(&pid, "/usr/bin/getent", nil, nil, argv.pointers, environment)
/// ```
package struct CStringList: ~Copyable {
  /// One `strdup` copy per string, then nil.
  package let pointers: [UnsafeMutablePointer<CChar>?]

  package init(_ strings: [String]) {
    pointers = strings.map { strdup($0) } + [nil]
  }

  deinit { for pointer in pointers { free(pointer) } }
}
