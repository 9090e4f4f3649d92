import Foundation
import Terminal
import XCTest

/// `TerminalSupport.environment()` reads `environ` byte by byte: it must give what Foundation gives.
final class EnvironmentTests: XCTestCase {
  func testTheEnvironmentIsWhatFoundationReads() {
    setenv("PRACTICE_TEST_EMPTY", "", 1)
    setenv("PRACTICE_TEST_EQUALS", "a=b==c", 1)
    setenv("PRACTICE_TEST_CHINESE", "练习 ℃", 1)
    defer {
      for name in ["PRACTICE_TEST_EMPTY", "PRACTICE_TEST_EQUALS", "PRACTICE_TEST_CHINESE"] { unsetenv(name) }
    }
    let environment = TerminalSupport.environment()
    XCTAssertEqual(environment, ProcessInfo.processInfo.environment)
    XCTAssertEqual(environment["PRACTICE_TEST_EMPTY"], "")
    XCTAssertEqual(environment["PRACTICE_TEST_EQUALS"], "a=b==c")
    XCTAssertEqual(environment["PRACTICE_TEST_CHINESE"], "练习 ℃")
  }
}
