package import PracticeJSON

/// What the source data says about a node besides its id and title.
///
/// Seed 002's chapter DTOs carry reading state and dates; every field is kept
/// (in source order) so `info` can show them all, and the progress store starts
/// from `hadRead` and `browseCount`. A large course keeps only the object's
/// place in the file and parses it again when asked: a node's fields are read
/// rarely, and holding them all as values would cost many times the file's size.
package struct NodeDetails: Sendable {
  enum Storage: Sendable {
    case fields([JSONMember])
    /// The object's bytes in the source, as 32-bit offsets: 16 bytes a node less than a range
    /// of `Int`s, on a course of a hundred thousand nodes 1.6 MB (the loader's fast path reads
    /// only files under 4 GiB).
    case source(SourceText, start: UInt32, end: UInt32)
  }

  // In this order, the flag fills the storage's last word: 48 bytes in all, not 64.
  var storage: Storage
  /// The source's `hadRead`, read as 0/1 or a boolean.
  package var hadRead: Bool
  package var browseCount: Int
  package var description: String?

  package init(fields: [JSONMember], description: String? = nil) {
    self.storage = .fields(fields)
    self.description = description
    let hadRead = fields.first { $0.key == "hadRead" }?.value
    self.hadRead = hadRead.map { $0.bool ?? (($0.int ?? 0) != 0) } ?? false
    self.browseCount = fields.first { $0.key == "browseCount" }?.value.int ?? 0
  }

  /// Details kept as the byte range of the node's object in `source`.
  init(source: SourceText, range: Range<Int>, description: String?, hadRead: Bool, browseCount: Int) {
    self.storage = .source(source, start: UInt32(range.lowerBound), end: UInt32(range.upperBound))
    self.description = description
    self.hadRead = hadRead
    self.browseCount = browseCount
  }

  /// Every field of the source object except the children list, in source order.
  package var fields: [JSONMember] {
    switch storage {
    case .fields(let fields):
      return fields
    case .source(let text, let start, let end):
      // The range was validated when the course loaded, so this parse cannot fail.
      let value = try? JSONParser.parse(Array(text.bytes[Int(start)..<Int(end)]))
      return (value?.members ?? []).filter { $0.key != "subChapterList" }
    }
  }

  package subscript(key: String) -> JSONValue? {
    fields.first { $0.key == key }?.value
  }
}

/// A course file's bytes, shared by the nodes that point into it.
package final class SourceText: Sendable {
  package let bytes: [UInt8]
  package init(_ bytes: [UInt8]) { self.bytes = bytes }
}
