/// How a media reference is shown in place of the image, sound or film a terminal cannot play.
///
/// The words come from the caller (the catalog, in the learner's language); the renderer only
/// decides which label a reference gets: its alt text when it has one, else a neutral numbered
/// label for an image (a flashcard's file name is often its answer) and the file's name for a
/// sound or a film.
///
/// ```swift
/// MediaLabels.english.label(.image, number: 1, text: nil)        // "[image 1]"
/// MediaLabels.english.label(.audio, number: 1, text: "bonjour.mp3") // "[audio: bonjour.mp3]"
/// ```
package struct MediaLabels: Sendable {
  /// What kind of file a reference points at.
  package enum Kind: String, Sendable, CaseIterable {
    case image, audio, video, file
  }

  /// `[image 1]`: a reference with nothing safe to name it by; `{number}` is its place in the text.
  package var numbered: @Sendable (Kind, Int) -> String
  /// `[image: a red flag]`: a reference named by its alt text, link text or file name.
  package var named: @Sendable (Kind, String) -> String

  package init(numbered: @escaping @Sendable (Kind, Int) -> String, named: @escaping @Sendable (Kind, String) -> String)
  {
    self.numbered = numbered
    self.named = named
  }

  package static let english = MediaLabels(
    numbered: { kind, number in "[\(kind.rawValue) \(number)]" },
    named: { kind, text in "[\(kind.rawValue): \(text)]" })

  package func label(_ kind: Kind, number: Int, text: String?) -> String {
    guard let text, !text.isEmpty else { return numbered(kind, number) }
    return named(kind, text)
  }

  /// The kind of file a name or address points at, from its extension; nil for a web page.
  package static func kind(ofFile name: String) -> Kind? {
    let base = name.split(separator: "?").first.map(String.init) ?? name
    guard let dot = base.lastIndex(of: ".") else { return nil }
    switch base[base.index(after: dot)...].lowercased() {
    case "png", "jpg", "jpeg", "gif", "svg", "webp", "bmp", "tif", "tiff": return .image
    case "mp3", "wav", "ogg", "oga", "m4a", "aac", "flac", "opus", "wma": return .audio
    case "mp4", "webm", "ogv", "mov", "avi", "mkv", "m4v": return .video
    case "pdf", "doc", "docx", "ppt", "pptx", "xls", "xlsx", "odt", "zip": return .file
    default: return nil
    }
  }

  /// A file's name from its address: the last path part, percent-decoded, Moodle's
  /// `@@PLUGINFILE@@/` left out.
  package static func fileName(_ address: String) -> String {
    let path = address.split(separator: "?").first.map(String.init) ?? address
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last.removingPercentEscapes()
  }
}

extension String {
  /// `%20` and the like decoded; invalid escapes kept as written.
  fileprivate func removingPercentEscapes() -> String {
    var bytes: [UInt8] = []
    let utf8 = Array(self.utf8)
    var i = 0
    while i < utf8.count {
      if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count,
        let value = UInt8(String(decoding: utf8[(i + 1)...(i + 2)], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        i += 3
      } else {
        bytes.append(utf8[i])
        i += 1
      }
    }
    return String(validating: bytes, as: UTF8.self) ?? self
  }
}
