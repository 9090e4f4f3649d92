import Foundation
import XCTest

/// Headless Chromium for the HTML reports: the page as the browser built it, its console, and which characters
/// it drew without a glyph.
///
/// A character no font has is drawn as the missing-glyph box, whose width is the width of a code point no font
/// has (U+10FFFD, private use); `glyphCheck` adds a script (to a copy of the page: the reports carry none)
/// that measures every CJK character of the page's text in its element's font against that width.
enum HeadlessBrowser {
  static let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  struct Page {
    var status: Int32
    var dom: String
    /// Console errors and uncaught exceptions from the browser's log.
    var consoleErrors: [String]
  }

  /// Renders the file at `path` with a fresh profile under `folder` and returns the DOM after load.
  static func render(_ path: String, folder: String) throws -> Page {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try XCTUnwrap(Self.path))
    process.arguments = [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
      "--user-data-dir=\(folder)/chromium", "--dump-dom", "file://\(path)",
    ]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    nonisolated(unsafe) var log = Data()
    let reader = Thread { log = errors.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    while !reader.isFinished { usleep(10_000) }
    let consoleErrors = String(decoding: log, as: UTF8.self).split(separator: "\n").filter {
      $0.contains("CONSOLE") || $0.contains("Uncaught")
    }.map(String.init)
    return Page(status: process.terminationStatus, dom: dom, consoleErrors: consoleErrors)
  }

  static let glyphScript = #"""
    <script>
    (() => {
      const ctx = document.createElement('canvas').getContext('2d');
      const cjk = /[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff01-\uff60]/gu;
      const missing = new Set();
      let checked = 0;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const element = walker.currentNode.parentElement;
        if (!element || element.closest('script, style, title')) continue;
        const s = getComputedStyle(element);
        ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
        const box = ctx.measureText('\u{10FFFD}').width;
        for (const c of walker.currentNode.data.match(cjk) || []) {
          checked += 1;
          if (Math.abs(ctx.measureText(c).width - box) < 0.01) missing.add(c);
        }
      }
      document.documentElement.setAttribute('data-glyphs', JSON.stringify({checked, missing: [...missing]}));
    })();
    </script>
    """#

  /// Renders a copy of the page at `path` with the glyph script and returns the CJK characters it checked and
  /// those drawn without a glyph (blank boxes).
  static func glyphCheck(_ path: String, folder: String) throws -> (checked: Int, missing: [String], page: Page) {
    let html = try String(contentsOfFile: path, encoding: .utf8)
    let copy = folder + "/glyph-check.html"
    try html.replacingOccurrences(of: "</body>", with: glyphScript + "</body>").write(
      toFile: copy, atomically: true, encoding: .utf8)
    let page = try render(copy, folder: folder)
    guard let start = page.dom.range(of: "data-glyphs=\"")?.upperBound,
      let end = page.dom[start...].firstIndex(of: "\"")
    else {
      XCTFail("the glyph check did not run: \(page.dom.prefix(300))")
      return (0, [], page)
    }
    let json = String(page.dom[start..<end]).replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&amp;", with: "&")
    let result = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return (result["checked"] as? Int ?? 0, result["missing"] as? [String] ?? [], page)
  }
}
