#if canImport(Glibc)
  import Glibc
#endif

/// Text a C function returned in memory it allocated (`realpath`, `getcwd`), freed when the value
/// goes. Not copyable: one owner, so no call site frees it by hand.
///
/// ```swift
/// guard let real = CAllocatedString(realpath(path, nil)) else { return nil }
/// return real.string
/// ```
package struct CAllocatedString: ~Copyable {
  private let pointer: UnsafeMutablePointer<CChar>

  /// Nil when the function returned nil (it failed; `errno` says why).
  package init?(_ pointer: UnsafeMutablePointer<CChar>?) {
    guard let pointer else { return nil }
    self.pointer = pointer
  }

  deinit { free(pointer) }

  package var string: String { String(cString: pointer) }
}
