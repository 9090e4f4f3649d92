import CourseImport
import QuizEngine
import TextLayout
import XCTest

/// One test per GIFT feature, as Moodle's importer reads it.
final class GiftParserTests: XCTestCase {
  func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [GiftQuestion] {
    let (questions, problems) = GiftParser.parse(text, file: "t.gift")
    XCTAssertEqual(problems, [], file: file, line: line)
    return questions
  }

  func problems(_ text: String) -> [String] {
    GiftParser.parse(text, file: "t.gift").problems.map(\.description)
  }

  func one(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> GiftQuestion? {
    let questions = parse(text, file: file, line: line)
    XCTAssertEqual(questions.count, 1, file: file, line: line)
    return questions.first
  }

  func testMultipleChoiceWithFeedbackAndGeneralFeedback() {
    let q = one("::Colour:: What's between orange and green?{=yellow # right; good! ~red # wrong ~blue ####Rainbow.}")
    XCTAssertEqual(q?.title, "Colour")
    XCTAssertEqual(q?.text, .init("What's between orange and green?"))
    XCTAssertEqual(q?.generalFeedback, .init("Rainbow."))
    XCTAssertEqual(
      q?.kind,
      .multipleChoice(
        single: true,
        answers: [
          .init(.init("yellow"), weight: 1, feedback: .init("right; good!")),
          .init(.init("red"), weight: 0, feedback: .init("wrong")), .init(.init("blue"), weight: 0),
        ]))
  }

  func testMultipleResponseWeights() {
    let q = one("Which two?{~%50%Grant ~%50%Grant's wife ~%-100%No one ~%33.33333%x}")
    guard case .multipleChoice(let single, let answers)? = q?.kind else { return XCTFail("\(String(describing: q))") }
    XCTAssertFalse(single)
    XCTAssertEqual(answers.map(\.weight), [0.5, 0.5, -1, 0.3333333])
  }

  func testTrueFalseSpellingsAndTwoFeedbacks() {
    for (text, value) in [("{T}", true), ("{TRUE}", true), ("{F}", false), ("{ FALSE }", false)] {
      XCTAssertEqual(one("Q" + text)?.kind, .trueFalse(answer: value, wrongFeedback: nil, rightFeedback: nil), text)
    }
    let q = one("42 is the answer.{FALSE#Wrong, sorry.#Well done.####Douglas Adams.}")
    XCTAssertEqual(
      q?.kind, .trueFalse(answer: false, wrongFeedback: .init("Wrong, sorry."), rightFeedback: .init("Well done.")))
    XCTAssertEqual(q?.generalFeedback, .init("Douglas Adams."))
  }

  func testShortAnswerPartialCreditAndWildcard() {
    let q = one("Jesus was from {=Nazareth#Yes =%75%Nazereth#Misspelled =%0%*#No}.")
    XCTAssertEqual(q?.text.text, "Jesus was from _____.")
    XCTAssertEqual(q?.hasBlank, true)
    XCTAssertEqual(
      q?.kind,
      .shortAnswer([
        .init(.init("Nazareth"), weight: 1, feedback: .init("Yes")),
        .init(.init("Nazereth"), weight: 0.75, feedback: .init("Misspelled")),
        .init(.init("*"), weight: 0, feedback: .init("No")),
      ]))
  }

  func testNumericalForms() {
    func numbers(_ text: String) -> [GiftQuestion.NumberAnswer]? {
      if case .numerical(let answers)? = one("N?" + text)?.kind { return answers }
      XCTFail(text)
      return nil
    }
    XCTAssertEqual(numbers("{#1822}"), [.init(value: 1822, tolerance: 0, weight: 1)])
    XCTAssertEqual(numbers("{#-3.142:0.001}"), [.init(value: -3.142, tolerance: 0.001, weight: 1)])
    XCTAssertEqual(numbers("{#1..5}"), [.init(value: 3, tolerance: 2, weight: 1, isRange: true)])
    XCTAssertEqual(numbers("{#3.141..3.142}"), [.init(value: 3.1415, tolerance: 0.0005, weight: 1, isRange: true)])
    XCTAssertEqual(
      numbers("{#\n  =1822:0 #Correct\n  =%50%1822:2 #Close\n}"),
      [
        .init(value: 1822, tolerance: 0, weight: 1, feedback: .init("Correct")),
        .init(value: 1822, tolerance: 2, weight: 0.5, feedback: .init("Close")),
      ])
    XCTAssertEqual(
      numbers("{#3:2~#Completely wrong}"),
      [
        .init(value: 3, tolerance: 2, weight: 1),
        .init(value: nil, tolerance: 0, weight: 0, feedback: .init("Completely wrong")),
      ])
  }

  func testNonNumbersInNumericalAreErrorsWhereMoodleAcceptsAnything() {
    XCTAssertEqual(
      problems("N?{#abc}"), ["t.gift:1:5: 'abc' is not a number (Moodle would silently accept any number here)"])
    XCTAssertEqual(problems("N?{#3:x}"), ["t.gift:1:5: tolerance 'x' is not a number"])
    XCTAssertEqual(problems("N?{#5..1}"), ["t.gift:1:5: range '5..1' runs backwards; write the smaller number first"])
  }

  func testMatchingWithDistractorAndMarkup() {
    let q = one("Match.{=[markdown]**Canada** -> Ottawa =Italy  -> Rome = -> Paris}")
    XCTAssertEqual(
      q?.kind,
      .matching([
        .init(item: .init("**Canada**", format: .markdown), answer: "Ottawa"),
        .init(item: .init("Italy"), answer: "Rome"),
        .init(item: .init(""), answer: "Paris"),
      ]))
    let items = GiftConverter.items([q!])
    XCTAssertEqual(
      items.first?.question?.kind,
      // An item is compared with what learners type: its Markdown is rendered to plain text.
      .matching(items: ["Canada", "Italy"], choices: ["Ottawa", "Rome", "Paris"], answers: [0, 1]))
  }

  func testEssayDescriptionAndTitles() {
    let questions = parse(
      "::Q8:: How are you? {}\n\n::Intro::No looking through the windows\n\nTell us.{####We hope you're well.}")
    XCTAssertEqual(questions.map(\.kind), [.essay, .description, .essay])
    XCTAssertEqual(questions[1].title, "Intro")
    XCTAssertEqual(questions[2].generalFeedback?.text, "We hope you're well.")
    let items = GiftConverter.items(questions)
    // An essay is a question practice asks and grades by no one; a description before it instructs it.
    XCTAssertEqual(items.map(\.question?.kind), [.essay, .essay])
    XCTAssertEqual(items[0].question?.name, "Q8")
    XCTAssertEqual(items[1].question?.prompt, "Tell us.")
    XCTAssertEqual(items[1].question?.explanation, "We hope you're well.")
    XCTAssertEqual(items[1].question?.instructions?.text, "No looking through the windows")
  }

  func testCommentsIdsAndTags() {
    let q = one("// question: 12  name: Foo\n// [id:i\\]d] [tag:  basic] [tag:two]\nQ?{T}\n// trailing comment")
    XCTAssertEqual(q?.id, "i]d")
    XCTAssertEqual(q?.tags, ["basic", "two"])
    XCTAssertEqual(GiftConverter.items([q!]).first?.question?.id, "i]d")
    // `//` in mid-line (a URL) is text.
    XCTAssertEqual(one("See http://x.org/a now.{T}")?.text.text, "See http://x.org/a now.")
  }

  func testEscapes() {
    let q = one(##"::A\: B:: 1 \= 1 \{x\} \~ \# \\ \n end \(x\) {=\~ok\#}"##)
    XCTAssertEqual(q?.title, "A: B")
    XCTAssertEqual(q?.text.text, "1 = 1 {x} ~ # \\ \n end \\(x\\)")
    XCTAssertEqual(q?.kind, .shortAnswer([.init(.init("~ok#"), weight: 1)]))
    // MDL-34171
    XCTAssertEqual(one(#"A \\ B \\\\ C{T}"#)?.text.text, #"A \ B \\ C"#)
  }

  func testMarkupFormatsAndHTMLRendering() {
    let q = one("[html]<p>Water &amp; ice</p><ul><li>one</li><li>two</li></ul>{=[plain]<b> #[markdown]*no*}")
    XCTAssertEqual(q?.text.format, .html)
    guard case .shortAnswer(let answers)? = q?.kind else { return XCTFail() }
    XCTAssertEqual(answers[0].text, .init("<b>", format: .plain))
    XCTAssertEqual(answers[0].feedback, .init("*no*", format: .markdown))
    let item = GiftConverter.items([q!]).first?.question
    // The prompt is kept as written, rendered only for display.
    XCTAssertEqual(item?.prompt, "<p>Water &amp; ice</p><ul><li>one</li><li>two</li></ul>")
    XCTAssertEqual(item?.format, .html)
    XCTAssertEqual(item?.shownPrompt, "Water & ice\n\n• one\n• two")
    XCTAssertEqual(item?.kind, .fill(answers: ["<b>"]))
    XCTAssertEqual(HTMLText.plain("a<br/>b&nbsp;c &#233;&#x263A; <img src=\"x/y.png\">"), "a\nb c é☺ [image: y.png]")
  }

  func testCategoriesNestAndDropTheContext() {
    let questions = parse(
      "$CATEGORY: $course$/top/Default for Unit 1/Grammar\n\nQ1{T}\n\n$CATEGORY: Unit 2//Part A\n\nQ2{T}\n\n$CATEGORY: top\n\nQ3{T}"
    )
    XCTAssertEqual(questions.map(\.category), [["Default for Unit 1", "Grammar"], ["Unit 2/Part A"], []])
  }

  func testLineEndsBOMAndEncoding() {
    for text in ["\u{FEFF}Q1{T}\r\n\r\nQ2{F}\r\n", "Q1{T}\r\rQ2{F}\r", "Q1{T}\n\nQ2{F}"] {
      XCTAssertEqual(parse(text).count, 2, text.debugDescription)
    }
    let (questions, problems) = GiftParser.parse(
      bytes: Array("Q1{T}\n\na".utf8) + [0xF6] + Array("df{T}".utf8), file: "t.gift")
    XCTAssertEqual(questions, [])
    XCTAssertEqual(
      problems.map(\.description),
      [
        "t.gift:3:2: not UTF-8 (looks like Windows-1252); save it as UTF-8, e.g. iconv -f Windows-1252 -t UTF-8 t.gift > t-utf8.gift"
      ])
  }

  func testWarningsSayWhatWasDone() {
    XCTAssertEqual(
      problems("Q?{t#bien}"),
      [
        "t.gift:1:3: warning: {t} read as TRUE; Moodle reads only uppercase T, TRUE, F, FALSE and would make this a short answer \"t\""
      ])
    // Moodle splits at every `=`: `~=` is an empty wrong answer (left out) before a right one, and
    // `2+2=4` is two right answers.
    XCTAssertEqual(problems("Q?{~=have been~was}"), [])
    XCTAssertEqual(
      GiftParser.parse("Q?{~=have been~was}", file: "t").questions.first?.kind,
      .multipleChoice(single: true, answers: [.init(.init("have been"), weight: 1), .init(.init("was"), weight: 0)]))
    XCTAssertEqual(problems("Q?{=2+2=4 ~5}"), [])
    XCTAssertEqual(
      GiftParser.parse("Q?{=2+2=4 ~5}", file: "t").questions.first?.kind,
      .multipleChoice(
        single: true,
        answers: [.init(.init("2+2"), weight: 1), .init(.init("4"), weight: 1), .init(.init("5"), weight: 0)]))
    XCTAssertEqual(
      problems("::Title::\n\nQ?{T}"),
      [
        "t.gift:1:1: warning: a title followed by a blank line: given to the question after the blank line (Moodle would import the title alone as an empty description)"
      ])
    XCTAssertEqual(GiftParser.parse("::Title::\n\nQ?{T}", file: "t").questions.map(\.title), ["Title"])
    XCTAssertEqual(
      problems("$CATEGORY: A\nQ?{T}"),
      [
        "t.gift:2:1: warning: a question follows the $CATEGORY line without a blank line; read as a question (Moodle would make it part of the category name)"
      ])
  }

  func testClozeTokensBecomeOneQuestionPerBlank() {
    let (questions, problems) = GiftParser.parse(
      "I {1:MC:~with~=about} it, {1:SA:=twice~%50%two times} and {2:NM:=3:0.5}.", file: "t.gift")
    XCTAssertEqual(
      problems.map(\.description),
      [
        "t.gift:1:3: warning: Moodle Cloze tokens in GIFT: imported as 3 questions, one per blank (Moodle's GIFT importer would mangle them)",
        "t.gift:1:3: warning: Cloze blanks worth different marks (1, 1, 2): practice counts each blank as one question (Moodle weighs them by their marks)",
      ])
    let items = GiftConverter.items(questions).compactMap(\.question)
    // The text once, its blanks numbered, shared by the three questions (issue 31 item 12).
    XCTAssertEqual(items.map(\.prompt), ["[blank 1 of 3]", "[blank 2 of 3]", "[blank 3 of 3]"])
    XCTAssertEqual(
      items.map(\.passage), Array(repeating: Passage(id: items[0].id, text: "I (1) it, (2) and (3)."), count: 3))
    XCTAssertEqual(items[0].kind, .single(options: ["with", "about"], answer: 1))
    XCTAssertEqual(items[1].kind, .fill(answers: ["twice"]))
    XCTAssertEqual(items[2].kind, .numeric(answer: 3, unit: nil, tolerance: 0.5, rules: NumericRules()))
    XCTAssertEqual(Set(items.map(\.id)).count, 3)
  }

  func testCaseSensitiveClozeTokensBecomeCaseSensitiveFillIns() {
    let (questions, _) = GiftParser.parse("{1:SAC:=NaCl} is salt; {1:SA:=water} is not; {1:MWC:=H2O}.", file: "t.gift")
    let kinds = GiftConverter.items(questions).compactMap(\.question).map(\.kind)
    XCTAssertEqual(
      kinds,
      [
        .fill(answers: ["NaCl"], caseSensitive: true), .fill(answers: ["water"]),
        .fill(answers: ["H2O"], caseSensitive: true),
      ])
  }

  func testEveryMalformedBlockIsReportedNotOnlyTheFirst() {
    let text = """
      Q1 {=a ~b

      ::Open title {T}

      Q3 {~a ~b}}

      Q4 {~x {~y}

      Q5 {~%--5%x =y}

      Q6 {=a -> b}

      Q7 {#}

      Good {T}
      """
    let (questions, problems) = GiftParser.parse(text, file: "t.gift")
    // The open title is read as Moodle reads it: text without a name.
    XCTAssertEqual(questions.map(\.text.text), ["Open title", "Good"])
    XCTAssertEqual(
      problems.map(\.description),
      [
        "t.gift:1:4: the answer block opened here has no closing '}' (a blank line ends a question; write \\n for a line break inside one)",
        "t.gift:3:1: warning: the title opened here has no closing '::'; read as the question's text, as Moodle does",
        "t.gift:5:11: a second '}' after the answer block closed at 5:10; a question has one answer block (write \\{ and \\} for literal braces)",
        "t.gift:7:8: unescaped '{' inside the answer block opened at 7:4 (write \\{ for a literal brace)",
        "t.gift:9:6: weight '%--5%' is not a percentage from -100 to 100",
        "t.gift:11:5: a matching question needs at least 2 pairs",
        "t.gift:13:5: a numerical question needs an answer after '#', such as {#3:0.5} or {#1..5}",
      ])
  }

  func testStableIDsFollowTextAndCategoryNotPosition() {
    let first = GiftConverter.items(parse("$CATEGORY: A\n\nQ1?{T}\n\nQ2?{F}")).compactMap(\.question?.id)
    let edited = GiftConverter.items(parse("$CATEGORY: A\n\nNew?{T}\n\nQ2?{F}\n\nQ1?{F}")).compactMap(\.question?.id)
    XCTAssertEqual(edited[1], first[1])
    XCTAssertEqual(edited[2], first[0])
    XCTAssertTrue(first.allSatisfy { $0.hasPrefix("q-") && $0.count == 14 }, "\(first)")
    let moved = GiftConverter.items(parse("$CATEGORY: B\n\nQ1?{T}")).compactMap(\.question?.id)
    XCTAssertNotEqual(moved[0], first[0])
    // The same text twice in one category: the second gets a suffix.
    XCTAssertEqual(GiftConverter.items(parse("Q?{T}\n\nQ?{T}")).compactMap(\.question?.id).last?.hasSuffix("-2"), true)
  }
}
