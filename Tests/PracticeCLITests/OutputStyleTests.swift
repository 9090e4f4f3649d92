import XCTest

@testable import PracticeCLI

final class OutputStyleTests: XCTestCase {
  func testALocaleNamingUTF8InAnySpellingDrawsUnicodeMarks() {
    for locale in ["zh_CN.UTF-8", "en_US.utf8", "C.UTF-8", "de_DE.Utf-8", "UTF8"] {
      let style = OutputStyle.detect(isTerminal: false, environment: ["LANG": locale])
      XCTAssertTrue(style.unicode, locale)
    }
  }

  func testOtherLocalesDrawASCIIMarks() {
    for locale in ["", "C", "POSIX", "en_US", "en_US.ISO-8859-1", "UTF", "zh_CN.GB18030", "UTF-", "TF-8"] {
      let style = OutputStyle.detect(isTerminal: false, environment: ["LANG": locale])
      XCTAssertFalse(style.unicode, locale)
    }
  }

  func testLCAllWinsOverLCCTypeWhichWinsOverLang() {
    let environment = ["LC_ALL": "C", "LC_CTYPE": "en_US.UTF-8", "LANG": "en_US.UTF-8"]
    XCTAssertFalse(OutputStyle.detect(isTerminal: false, environment: environment).unicode)
    let ctype = ["LC_ALL": "", "LC_CTYPE": "C.UTF-8", "LANG": "C"]
    XCTAssertTrue(OutputStyle.detect(isTerminal: false, environment: ctype).unicode)
  }

  func testColorOnlyOnATerminalWithoutNoColorOrADumbTerminal() {
    XCTAssertTrue(OutputStyle.detect(isTerminal: true, environment: [:]).color)
    XCTAssertFalse(OutputStyle.detect(isTerminal: false, environment: [:]).color)
    XCTAssertFalse(OutputStyle.detect(isTerminal: true, environment: ["NO_COLOR": "1"]).color)
    XCTAssertTrue(OutputStyle.detect(isTerminal: true, environment: ["NO_COLOR": ""]).color)
    XCTAssertFalse(OutputStyle.detect(isTerminal: true, environment: ["TERM": "dumb"]).color)
  }
}
