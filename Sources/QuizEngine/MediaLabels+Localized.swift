package import Localization
package import TextLayout

extension MediaLabels {
  /// The placeholders in `messages`' language: `[image 1]`, `[audio: bonjour.mp3]`, `[图片 1]`.
  package static func localized(_ messages: Localizer) -> MediaLabels {
    MediaLabels(
      numbered: { kind, number in
        switch kind {
        case .image: messages.tr("[image {number}]", ["number": number])
        case .audio: messages.tr("[audio {number}]", ["number": number])
        case .video: messages.tr("[video {number}]", ["number": number])
        case .file: messages.tr("[file {number}]", ["number": number])
        }
      },
      named: { kind, name in
        switch kind {
        case .image: messages.tr("[image: {name}]", ["name": name])
        case .audio: messages.tr("[audio: {name}]", ["name": name])
        case .video: messages.tr("[video: {name}]", ["name": name])
        case .file: messages.tr("[file: {name}]", ["name": name])
        }
      })
  }
}
