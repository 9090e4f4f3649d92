import PracticeJSON

/// Reads the common seed-002 document, `{"chapterDtoList": [...]}` nested by `subChapterList`,
/// straight into nodes, without building a JSON tree.
///
/// Anything unusual (a flat list, a `parentId` that does not match, a duplicate id, a wrong
/// type, invalid JSON) makes it give up and return `nil`; the tree-based reader then runs and
/// reports every problem with its location. So this path only has to be right, never helpful.
enum ChapterDTOFastPath {
  struct GiveUp: Error {}

  /// The nodes in preorder and the index of each id, or `nil` to defer to the full reader.
  static func build(_ bytes: [UInt8]) -> (nodes: [CourseNode], indexByID: [String: Int])? {
    let source = SourceText(bytes)
    var builder = CourseBuilder()
    var seen: [String: Int] = [:]
    // A chapter object takes a hundred bytes or more: reserving avoids rehashing a million ids.
    seen.reserveCapacity(bytes.count / 100)
    let built: Bool = bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(bytes: buffer)
      do {
        try scanner.expect(UInt8(ascii: "{"))
        guard try scanner.readString() == "chapterDtoList" else { return false }
        try scanner.expect(UInt8(ascii: ":"))
        try readChapters(&scanner, parentID: nil, builder: &builder, seen: &seen, source: source)
        try scanner.expect(UInt8(ascii: "}"))
        return scanner.peek() == nil
      } catch {
        return false
      }
    }
    return built && !builder.nodes.isEmpty ? (builder.nodes, seen) : nil
  }

  private static func readChapters(
    _ scanner: inout JSONScanner, parentID: String?, builder: inout CourseBuilder, seen: inout [String: Int],
    source: SourceText
  ) throws {
    try scanner.expect(UInt8(ascii: "["))
    try scanner.enterContainer()
    defer { scanner.leaveContainer() }
    if scanner.consume(UInt8(ascii: "]")) { return }
    repeat {
      try readChapter(&scanner, parentID: parentID, builder: &builder, seen: &seen, source: source)
    } while scanner.consume(UInt8(ascii: ","))
    try scanner.expect(UInt8(ascii: "]"))
  }

  private static func readChapter(
    _ scanner: inout JSONScanner, parentID: String?, builder: inout CourseBuilder, seen: inout [String: Int],
    source: SourceText
  ) throws {
    guard scanner.peek() == UInt8(ascii: "{") else { throw GiveUp() }
    let start = scanner.index
    try scanner.expect(UInt8(ascii: "{"))
    try scanner.enterContainer()
    var id: String?
    var title: String?
    var description: String?
    var hadRead = false
    var browseCount = 0
    // Objects have under twenty keys: a scan for duplicates beats hashing each one.
    var keys: [String] = []
    keys.reserveCapacity(20)
    var childrenAt: Int?
    var opened: Int?
    var end = start
    if !scanner.consume(UInt8(ascii: "}")) {
      repeat {
        let key = try scanner.readString()
        guard !keys.contains(key) else { throw GiveUp() }
        keys.append(key)
        try scanner.expect(UInt8(ascii: ":"))
        switch key {
        case "id":
          let value = try scanner.readValue()
          if let n = value.int {
            id = String(n)
          } else if let s = value.string, !s.isEmpty {
            id = s
          } else {
            throw GiveUp()
          }
        case "chapterName":
          title = try scanner.readString()
        case "parentId":
          let value = try scanner.readValue()
          let parent: String? =
            value.isNull || value.int == 0 ? nil : value.int.map(String.init) ?? value.string
          // A parent named at the top, or one that differs from the nesting, needs the full reader.
          if let parent, parent != parentID { throw GiveUp() }
          if parent == nil && parentID != nil && !value.isNull && value.int != 0 { throw GiveUp() }
        case "description":
          let value = try scanner.readValue()
          description = value.string
        case "hadRead":
          let value = try scanner.readValue()
          hadRead = value.bool ?? ((value.int ?? 0) != 0)
        case "browseCount":
          let value = try scanner.readValue()
          // Anything but a count in range: the full reader reports it.
          guard value.isNull || value.int.map(Course.browseCountRange.contains) == true else { throw GiveUp() }
          browseCount = value.int ?? 0
        case "subChapterList":
          guard scanner.peek() == UInt8(ascii: "[") || scanner.peek() == UInt8(ascii: "n") else { throw GiveUp() }
          if let id, let title, scanner.peek() == UInt8(ascii: "[") {
            // The usual order (id and name first): open the node and read its children in one pass.
            guard seen.updateValue(builder.nodes.count, forKey: id) == nil else { throw GiveUp() }
            opened = builder.nodes.count
            builder.begin(id: id, title: title)
            try readChapters(&scanner, parentID: id, builder: &builder, seen: &seen, source: source)
          } else {
            // Children before the node's own id: remember where they start and read them afterwards.
            childrenAt = scanner.index
            try scanner.skipValue()
          }
        default:
          try scanner.skipValue()
        }
      } while scanner.consume(UInt8(ascii: ","))
      try scanner.expect(UInt8(ascii: "}"))
    }
    scanner.leaveContainer()
    end = scanner.index
    let details = NodeDetails(
      source: source, range: start..<end, description: description, hadRead: hadRead, browseCount: browseCount)
    if let opened {
      builder.nodes[opened].details = details
      builder.end()
      return
    }
    guard let id, let title, seen.updateValue(builder.nodes.count, forKey: id) == nil else { throw GiveUp() }
    builder.begin(id: id, title: title, details: details)
    if let childrenAt, scanner.bytes[childrenAt] == UInt8(ascii: "[") {
      let resume = scanner.index
      scanner.index = childrenAt
      try readChapters(&scanner, parentID: id, builder: &builder, seen: &seen, source: source)
      scanner.index = resume
    }
    builder.end()
  }
}
