import PracticeJSON
import QuizEngine

/// Reads a native course (`{"format": "practice-course", …, "nodes": [...]}`) straight from its
/// bytes: nodes are made as their keys are read, and each question alone is parsed into a small
/// tree, decoded by `Question.decode` as the full reader does, and freed. The course's whole tree
/// (nodes, titles, every question) is never built, nor freed.
///
/// Anything unusual (a problem of any kind, an unknown or repeated key, a key with escapes or
/// non-ASCII letters, a field after `"nodes"`, a wrong type, invalid JSON) makes it give up and
/// return `nil`; the tree-based reader then runs and reports every problem with its location. So
/// this path only has to be right, never helpful: it accepts exactly what `JSONParser` and
/// `NativeCourseFormat` accept, or less. The course's fields other than its nodes are read by
/// `NativeCourseFormat.header`, passages by `NativeCourseFormat.passages`, ids checked by its
/// `index` and `reportRepeats`: one meaning for each field, wherever it is read.
enum NativeCourseFastPath {
  /// The course's header (its `idIndex` set) and nodes in preorder, or `nil` to defer to the full reader.
  ///
  /// With `deferringQuestions`, each question is skimmed for its id and type and left as bytes in a
  /// `DeferredQuestions` (returned), decoded when first asked for; its problems are then found by
  /// `Course.checkDeferredQuestions()`, not here.
  static func build(_ bytes: [UInt8], file: String, deferringQuestions: Bool = false) -> (
    header: NativeCourseFormat.Header, nodes: [CourseNode], deferred: DeferredQuestions?
  )? {
    bytes.withUnsafeBufferPointer { buffer -> (NativeCourseFormat.Header, [CourseNode], DeferredQuestions?)? in
      var reader = NativeCourseBytesReader(
        scanner: JSONScanner(bytes: buffer), problems: ProblemCollector(file: file, bytes: bytes))
      // The course's own array, shared rather than copied, is what deferred questions are read from.
      if deferringQuestions { reader.deferredBytes = bytes }
      do {
        try reader.readDocument()
      } catch {
        return nil
      }
      return (reader.header, reader.builder.nodes, reader.deferred)
    }
  }
}

/// The keys of a node object; every other key is a problem, so it gives up.
private enum NativeNodeKey: UInt8 {
  case id = 1
  case title = 2
  case description = 4
  case children = 8
  case questions = 16
  case passages = 32
}

/// The reader behind `NativeCourseFastPath`, on `JSONScanner` (whose offsets are the file's, so a
/// question's tree is the one the full parse makes of it).
private struct NativeCourseBytesReader {
  struct GiveUp: Error {}

  var scanner: JSONScanner
  var problems: ProblemCollector
  var builder = CourseBuilder()
  var header = NativeCourseFormat.Header()
  var nodeIDs: [NativeCourseFormat.NodeIDEntry] = []
  var questionIDs: [(id: String, offset: Int)] = []
  /// The questions' trees of a small course, freed at the prompt (see `DeferredRelease`).
  var heldTrees: [JSONValue] = []
  let holdsTrees: Bool
  /// The course's bytes when questions are skimmed into `deferred` rather than decoded.
  var deferredBytes: [UInt8]?
  var deferred: DeferredQuestions?

  init(scanner: JSONScanner, problems: ProblemCollector) {
    self.scanner = scanner
    self.problems = problems
    self.holdsTrees = scanner.bytes.count <= DeferredRelease.largestHeldFile
  }

  // MARK: Tokens

  mutating func expect(_ byte: UInt8) throws(GiveUp) {
    guard scanner.consume(byte) else { throw GiveUp() }
  }

  mutating func enter() throws(GiveUp) {
    do { try scanner.enterContainer() } catch { throw GiveUp() }
  }

  mutating func string() throws(GiveUp) -> String {
    do { return try scanner.readString() } catch { throw GiveUp() }
  }

  mutating func value() throws(GiveUp) -> JSONValue {
    do { return try scanner.readValue() } catch { throw GiveUp() }
  }

  /// After an element: true past a comma, false past `closing`; anything else gives up. A comma
  /// before `closing` gives up at the next element, which cannot start with it.
  mutating func continues(before closing: UInt8) throws(GiveUp) -> Bool {
    if scanner.consume(UInt8(ascii: ",")) { return true }
    try expect(closing)
    return false
  }

  /// Reads `[`, calls `element` for each element and reads `]`; the number of elements.
  mutating func readArray(_ element: (inout Self) throws(GiveUp) -> Void) throws(GiveUp) -> Int {
    try expect(UInt8(ascii: "["))
    try enter()
    var count = 0
    if !scanner.consume(UInt8(ascii: "]")) {
      repeat {
        try element(&self)
        count += 1
      } while try continues(before: UInt8(ascii: "]"))
    }
    scanner.leaveContainer()
    return count
  }

  /// A node's key, compared as bytes: plain ASCII, without escapes, or it gives up.
  mutating func nodeKey() throws(GiveUp) -> NativeNodeKey {
    let (start, end) = try plainKey()
    func matches(_ name: StaticString) -> Bool { key(start, end, is: name) }
    switch end - start {
    case 2 where matches("id"): return .id
    case 5 where matches("title"): return .title
    case 8 where matches("children"): return .children
    case 8 where matches("passages"): return .passages
    case 9 where matches("questions"): return .questions
    case 11 where matches("description"): return .description
    default: throw GiveUp()
    }
  }

  /// A key's bytes (`start..<end`), read past its closing quote: plain ASCII without escapes, or it gives up.
  mutating func plainKey() throws(GiveUp) -> (start: Int, end: Int) {
    guard scanner.peek() == UInt8(ascii: "\"") else { throw GiveUp() }
    let bytes = scanner.bytes
    let start = scanner.index + 1
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      guard bytes[end] >= 0x20, bytes[end] < 0x80, bytes[end] != UInt8(ascii: "\\") else { throw GiveUp() }
      end += 1
    }
    guard end < bytes.count else { throw GiveUp() }
    scanner.index = end + 1
    return (start, end)
  }

  func key(_ start: Int, _ end: Int, is name: StaticString) -> Bool {
    guard name.utf8CodeUnitCount == end - start else { return false }
    for i in 0..<(end - start) where scanner.bytes[start + i] != name.utf8Start[i] { return false }
    return true
  }

  // MARK: Course

  mutating func readDocument() throws(GiveUp) {
    // A byte order mark, a chapter list or array: not this path's (the first byte is not `{`).
    try expect(UInt8(ascii: "{"))
    try enter()
    var members: [JSONMember] = []
    var readNodes = false
    repeat {
      // Fields after the nodes would change how the questions read (the conventions): rare, so left.
      guard !readNodes, scanner.peek() == UInt8(ascii: "\"") else { throw GiveUp() }
      let keyOffset = scanner.index
      let key = try string()
      // Another document (a chapter list) gives up at its first key, before its value is read.
      guard NativeCourseFormat.courseKeys.contains(key), !members.contains(where: { $0.key == key }) else {
        throw GiveUp()
      }
      try expect(UInt8(ascii: ":"))
      if key == "nodes" {
        _ = scanner.peek()
        let nodes = JSONMember(key: key, keyOffset: keyOffset, value: JSONValue(.array([]), offset: scanner.index))
        let root = JSONValue(.object(members + [nodes]))
        if let declared = root["format"], declared.string != CourseFormat.native.rawValue { throw GiveUp() }
        header = NativeCourseFormat.header(root, problems: &problems)
        guard problems.isEmpty else { throw GiveUp() }
        if let deferredBytes { deferred = DeferredQuestions(bytes: deferredBytes, conventions: header.conventions) }
        // Nodes and questions are objects: their count bounds the nodes. Pages reserved but never
        // written are never touched, so the surplus (the questions') costs no memory.
        let objects = CourseBuilder.count(of: UInt8(ascii: "{"), in: scanner.bytes)
        builder.nodes.reserveCapacity(objects)
        nodeIDs.reserveCapacity(objects)
        _ = try readArray { reader throws(GiveUp) in try reader.readNode() }
        readNodes = true
      } else {
        members.append(JSONMember(key: key, keyOffset: keyOffset, value: try value()))
      }
    } while try continues(before: UInt8(ascii: "}"))
    scanner.leaveContainer()
    guard readNodes, scanner.peek() == nil, !builder.nodes.isEmpty else { throw GiveUp() }
    header.idIndex = NativeCourseFormat.index(nodeIDs, nodeCount: builder.nodes.count, problems: &problems)
    NativeCourseFormat.reportRepeats(of: questionIDs, problems: &problems)
    guard problems.isEmpty else { throw GiveUp() }
    DeferredRelease.hold(JSONValue(.array(heldTrees)), ofBytes: scanner.bytes.count)
  }

  // MARK: Nodes

  /// One node and its subtree. The node is opened before its members are read (its children,
  /// which may come first, follow it in preorder) and filled in when it closes.
  mutating func readNode() throws(GiveUp) {
    try expect(UInt8(ascii: "{"))
    try enter()
    let index = builder.nodes.count
    builder.begin(id: nil, title: "")
    var seen: UInt8 = 0
    var id: String?
    var idOffset = 0
    var title: String?
    var description: String?
    var childCount = 0
    var questionCount = 0
    var questions: [Question] = []
    var spans: [Range<Int>] = []
    var summaries: [QuestionSummary] = []
    var passages: [String: String] = [:]
    if !scanner.consume(UInt8(ascii: "}")) {
      repeat {
        let key = try nodeKey()
        guard seen & key.rawValue == 0 else { throw GiveUp() }
        seen |= key.rawValue
        try expect(UInt8(ascii: ":"))
        switch key {
        case .id:
          _ = scanner.peek()
          idOffset = scanner.index
          id = try string()
        case .title: title = try string()
        // The full reader ignores a description that is not a string; this one leaves it that case.
        case .description: description = try string()
        case .children: childCount = try readArray { reader throws(GiveUp) in try reader.readNode() }
        case .questions where deferred != nil:
          questionCount = try readArray { reader throws(GiveUp) in
            let (span, summary) = try reader.skimQuestion()
            spans.append(span)
            summaries.append(summary)
          }
        case .questions:
          questionCount = try readArray { reader throws(GiveUp) in
            questions.append(try reader.readQuestion())
          }
        case .passages:
          guard scanner.peek() == UInt8(ascii: "{") else { throw GiveUp() }
          passages = NativeCourseFormat.passages(in: try value(), problems: &problems)
          guard problems.isEmpty else { throw GiveUp() }
        }
      } while try continues(before: UInt8(ascii: "}"))
    }
    scanner.leaveContainer()
    builder.end()
    guard let id, !id.isEmpty, let title else { throw GiveUp() }
    if header.requiresQuestionsOnLeaves, childCount == 0, questionCount == 0 { throw GiveUp() }
    for i in questions.indices {
      guard let passage = questions[i].passage else { continue }
      // The node's one copy of the text, shared by every question naming it.
      guard let text = passages[passage.id] else { throw GiveUp() }
      questions[i].passage?.text = text
    }
    nodeIDs.append(NativeCourseFormat.NodeIDEntry(id: id, offset: idOffset, node: index))
    builder.nodes[index].id = id
    builder.nodes[index].title = title
    builder.nodes[index].questions = questions
    if let deferred, !spans.isEmpty {
      builder.nodes[index].questionStorage = .deferred(
        DeferredNodeQuestions(source: deferred, spans: spans, summaries: summaries, passages: passages))
    }
    builder.nodes[index].details = description.map { NodeDetails(fields: [], description: $0) }
  }

  /// One question, decoded from its own small tree as the full reader decodes it.
  mutating func readQuestion() throws(GiveUp) -> Question {
    let item = try value()
    let (decoded, questionProblems) = Question.decode(item)
    guard var question = decoded, questionProblems.isEmpty else { throw GiveUp() }
    questionIDs.append((question.id, item.offset(of: "id")))
    question.conventions = header.conventions
    if holdsTrees { heldTrees.append(item) }
    return question
  }

  /// One question's span, id and type, its other members stepped over unread (see
  /// `JSONScanner.skimValue`): `DeferredQuestions` decodes it later, or checks it now.
  mutating func skimQuestion() throws(GiveUp) -> (span: Range<Int>, summary: QuestionSummary) {
    try expect(UInt8(ascii: "{"))
    let start = scanner.index - 1
    try enter()
    var id: String?
    var type: QuestionType?
    if !scanner.consume(UInt8(ascii: "}")) {
      repeat {
        let (keyStart, keyEnd) = try plainKey()
        try expect(UInt8(ascii: ":"))
        if key(keyStart, keyEnd, is: "id") {
          guard id == nil else { throw GiveUp() }
          _ = scanner.peek()
          let offset = scanner.index
          let value = try string()
          questionIDs.append((value, offset))
          id = value
        } else if key(keyStart, keyEnd, is: "type") {
          guard type == nil, let named = QuestionType(rawValue: try string()) else { throw GiveUp() }
          type = named
        } else {
          do { try scanner.skimValue() } catch { throw GiveUp() }
        }
      } while try continues(before: UInt8(ascii: "}"))
    }
    scanner.leaveContainer()
    guard let id, let type else { throw GiveUp() }
    return (start..<scanner.index, QuestionSummary(id: id, type: type))
  }
}
