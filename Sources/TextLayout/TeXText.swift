/// TeX formulas as Unicode text for a terminal: `$$\frac{1}{2}$$` reads `1⁄2`, `x^2` reads `x²`.
///
/// The formulas a school bank writes (Moodle's TeX filter: `$$…$$`, `\(…\)`, `\[…\]`) are turned
/// into the characters they stand for: Greek letters, operators and relations, superscripts and
/// subscripts where Unicode has them (`^{(n)}` otherwise), fractions, roots, accents and text. A
/// formula with anything this cannot say (an environment, an unknown command) stays as written,
/// delimiters and all, so the learner sees the source rather than a wrong formula; `unrendered`
/// names it for `validate`.
///
/// ```swift
/// TeXText.render(#"x^2 + \frac{1}{2}"#)        // "x² + 1⁄2"
/// TeXText.replacingFormulas(#"Area: \(\pi r^2\)"#).text  // "Area: πr²"
/// ```
package enum TeXText {
  /// The text with each formula rendered, and the formulas (as written) that stayed as source.
  package static func replacingFormulas(_ text: String) -> (text: String, unrendered: [String]) {
    var out = ""
    var unrendered: [String] = []
    var rest = Substring(text)
    while let (range, body) = nextFormula(in: rest) {
      out += rest[rest.startIndex..<range.lowerBound]
      if let shown = render(String(body)) {
        out += shown
      } else {
        out += rest[range]
        unrendered.append(String(rest[range]))
      }
      rest = rest[range.upperBound...]
    }
    out += rest
    return (out, unrendered)
  }

  /// Where the next formula is (delimiters included) and its body.
  package static func nextFormula(in text: Substring) -> (Range<String.Index>, Substring)? {
    var index = text.startIndex
    while index < text.endIndex {
      let c = text[index]
      let next = text.index(after: index)
      var close: String?
      if c == "$", next < text.endIndex, text[next] == "$" {
        close = "$$"
      } else if c == "\\", next < text.endIndex, text[next] == "(" || text[next] == "[" {
        close = text[next] == "(" ? "\\)" : "\\]"
      }
      if let close, let end = text[text.index(index, offsetBy: 2)...].firstRange(of: close) {
        let bodyStart = text.index(index, offsetBy: 2)
        return (index..<end.upperBound, text[bodyStart..<end.lowerBound])
      }
      // An escaped dollar or backslash is text.
      if c == "\\", next < text.endIndex {
        index = text.index(after: next)
      } else {
        index = next
      }
    }
    return nil
  }

  /// One formula's body as Unicode, or nil when it holds something this cannot render.
  package static func render(_ formula: String) -> String? {
    var parser = Parser(Array(formula.unicodeScalars))
    guard let shown = parser.sequence(until: nil) else { return nil }
    return squeezed(shown)
  }

  /// Runs of spaces made one, none at the ends.
  static func squeezed(_ text: String) -> String {
    var out = ""
    for c in text {
      if c == " ", out.last == " " || out.isEmpty { continue }
      out.append(c)
    }
    while out.last == " " { out.removeLast() }
    return out
  }

  // MARK: Tables

  static let greek: [String: String] = [
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "zeta": "ζ",
    "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
    "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
    "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Gamma": "Γ", "Delta": "Δ",
    "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ", "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ",
    "Omega": "Ω",
  ]

  /// Symbols written without spaces around them.
  static let symbols: [String: String] = [
    "infty": "∞", "partial": "∂", "nabla": "∇", "forall": "∀", "exists": "∃", "neg": "¬", "lnot": "¬",
    "emptyset": "∅", "varnothing": "∅", "angle": "∠", "triangle": "△", "degree": "°", "circ": "∘", "prime": "′",
    "ldots": "…", "dots": "…", "cdots": "⋯", "vdots": "⋮", "ddots": "⋱", "hbar": "ℏ", "ell": "ℓ", "Re": "ℜ",
    "Im": "ℑ", "aleph": "ℵ", "%": "%", "$": "$", "{": "{", "}": "}", "&": "&", "#": "#", "_": "_", "|": "‖",
    "lbrace": "{", "rbrace": "}", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈",
    "rceil": "⌉", "surd": "√", "backslash": "\\",
    "checkmark": "✓", "star": "⋆", "bullet": "•", "euro": "€", "pounds": "£", "mid": "∣", "vert": "|",
  ]

  /// Operators and relations, written with a space on each side (`a × b`, `x ≤ 3`).
  static let operators: [String: String] = [
    "times": "×", "cdot": "·", "div": "÷", "pm": "±", "mp": "∓", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥",
    "ne": "≠", "neq": "≠", "approx": "≈", "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝",
    "ll": "≪", "gg": "≫", "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃",
    "supseteq": "⊇", "cup": "∪", "cap": "∩", "setminus": "∖", "land": "∧", "wedge": "∧", "lor": "∨", "vee": "∨",
    "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "leftrightarrow": "↔", "Rightarrow": "⇒",
    "Leftarrow": "⇐", "Leftrightarrow": "⇔", "iff": "⇔", "implies": "⇒", "mapsto": "↦", "longrightarrow": "⟶",
    "uparrow": "↑", "downarrow": "↓", "perp": "⊥", "parallel": "∥", "oplus": "⊕", "otimes": "⊗", "ast": "∗",
    "therefore": "∴", "because": "∵", "rightleftharpoons": "⇌",
  ]

  /// Named functions, written upright as their names.
  static let functions: Set<String> = [
    "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "log", "ln",
    "lg", "exp", "lim", "max", "min", "sup", "inf", "det", "gcd", "deg", "dim", "arg", "mod", "ker",
  ]

  /// Commands whose argument is shown as it is: text and font changes.
  static let textual: Set<String> = [
    "text", "textrm", "textbf", "textit", "textsf", "texttt", "mathrm", "mathbf", "mathit", "mathsf", "mathtt",
    "mathcal", "operatorname", "mbox", "boldsymbol", "bm", "displaystyle", "textstyle", "emph",
    "textnormal", "hbox",
  ]

  /// Sums and integrals: written before what they apply to, with a space (`∑ᵢ i`).
  static let largeOperators: [String: String] = [
    "sum": "∑", "prod": "∏", "int": "∫", "iint": "∬", "oint": "∮",
  ]

  /// Commands whose argument is text, its spaces kept.
  static let textModeCommands: Set<String> = [
    "text", "textrm", "textbf", "textit", "textsf", "texttt", "mbox", "hbox", "textnormal", "emph",
  ]

  /// Spacing commands and how much space they are worth here.
  static let spaces: [String: String] = [
    ",": " ", ";": " ", ":": " ", "!": "", " ": " ", "quad": " ", "qquad": " ", "enspace": " ", "thinspace": " ",
  ]

  /// Commands that only size or pair delimiters: the delimiter after them is shown as it is.
  static let sizing: Set<String> = [
    "left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "middle", "limits", "nolimits",
  ]

  /// Combining marks for accents (`\vec{v}` → v⃗).
  static let accents: [String: Character] = [
    "vec": "\u{20D7}", "bar": "\u{0304}", "overline": "\u{0305}", "hat": "\u{0302}", "widehat": "\u{0302}",
    "tilde": "\u{0303}", "widetilde": "\u{0303}", "dot": "\u{0307}", "ddot": "\u{0308}", "underline": "\u{0332}",
    "overrightarrow": "\u{20D7}",
  ]

  /// `\mathbb{R}`: the number sets' letters.
  static let doubleStruck: [Character: Character] = [
    "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "R": "ℝ", "C": "ℂ", "P": "ℙ", "H": "ℍ",
  ]

  static let superscripts: [Character: Character] = [
    "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹", "+": "⁺",
    "-": "⁻", "−": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ", "a": "ᵃ", "b": "ᵇ", "c": "ᶜ", "d": "ᵈ",
    "e": "ᵉ", "f": "ᶠ", "g": "ᵍ", "h": "ʰ", "j": "ʲ", "k": "ᵏ", "l": "ˡ", "m": "ᵐ", "o": "ᵒ", "p": "ᵖ", "r": "ʳ",
    "s": "ˢ", "t": "ᵗ", "u": "ᵘ", "v": "ᵛ", "w": "ʷ", "x": "ˣ", "y": "ʸ", "z": "ᶻ", "T": "ᵀ", "∘": "°", "°": "°",
    "′": "′", " ": " ",
  ]

  static let subscripts: [Character: Character] = [
    "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉", "+": "₊",
    "-": "₋", "−": "₋", "=": "₌", "(": "₍", ")": "₎", "a": "ₐ", "e": "ₑ", "h": "ₕ", "i": "ᵢ", "j": "ⱼ", "k": "ₖ",
    "l": "ₗ", "m": "ₘ", "n": "ₙ", "o": "ₒ", "p": "ₚ", "r": "ᵣ", "s": "ₛ", "t": "ₜ", "u": "ᵤ", "v": "ᵥ", "x": "ₓ",
    " ": " ",
  ]

  /// Text raised or lowered with Unicode's small characters, or nil when one has none.
  static func shifted(_ text: String, _ table: [Character: Character]) -> String? {
    var out = ""
    for c in text {
      guard let small = table[c] else { return nil }
      out.append(small)
    }
    return out
  }

  /// Whether `text` reads as one unit without brackets: a number, a letter, a symbol.
  static func isAtom(_ text: String) -> Bool {
    // A raised or lowered ending (`x²`, `a₁`) belongs to its base.
    let small = Set(superscripts.values).union(subscripts.values).subtracting([" "])
    let base = String(text.reversed().drop { small.contains($0) }.reversed())
    if base.count < text.count, !base.isEmpty { return isAtom(base) }
    if text.count == 1 { return true }
    if text.allSatisfy({ $0.isNumber || $0 == "." }) { return true }
    return text.allSatisfy { $0.isLetter } && text.count <= 3
  }

  /// A recursive-descent reader of one formula.
  struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// Groups open at once; deeper is not rendered (and cannot overflow the stack).
    var depth = 0
    /// Inside `\text{…}`: spaces are text. In math they are not (TeX spaces a formula itself).
    var textMode = 0
    /// After a function's name (`\sin`): a space before what it applies to.
    var needsSpace = false

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var atEnd: Bool { index >= scalars.count }

    /// Items up to `close` (a `}`), or to the end; nil when something cannot be rendered.
    mutating func sequence(until close: Unicode.Scalar?) -> String? {
      depth += 1
      defer { depth -= 1 }
      if depth > 50 { return nil }
      var out = ""
      while !atEnd {
        let c = scalars[index]
        if let close, c == close {
          index += 1
          return out
        }
        switch c {
        case "}": return nil
        case "^", "_":
          index += 1
          // Attached to what it raises, also after a function's name (`log₁₀ x`).
          while out.last == " " { out.removeLast() }
          // `\log_{10} x`: the space after the function's name waits for `x`, not for the `10`.
          let waiting = needsSpace
          guard let argument = argument() else { return nil }
          needsSpace = waiting
          out += script(argument, raised: c == "^")
        case "&", "#": return nil
        case "~":
          index += 1
          out += " "
        case "-", "+":
          // A sign (at the start, after an operator or an opening bracket) sits on its number.
          index += 1
          let before = out.last { $0 != " " }
          let sign = c == "-" ? "−" : "+"
          out += before == nil || "(=<>+−×·÷±,[{≤≥≠≈→".contains(before!) ? sign : " \(sign) "
        case "'":
          index += 1
          out += "′"
        default:
          let wanted = needsSpace
          needsSpace = false
          guard let item = item() else { return nil }
          if item.isEmpty {
            needsSpace = needsSpace || wanted
          } else if wanted, let first = item.first, !first.isWhitespace, first != "(", !out.isEmpty {
            out += " "
          }
          out += item
        }
      }
      return close == nil ? out : nil
    }

    /// A superscript or subscript: small characters where Unicode has them all, else `^(…)`.
    func script(_ text: String, raised: Bool) -> String {
      let trimmed = text.trimmingCharacters(in: " ")
      let tight = trimmed.filter { $0 != " " }
      if raised, trimmed == "∘" || trimmed == "°" { return "°" }
      if raised, trimmed.allSatisfy({ $0 == "′" }) { return trimmed }
      if let small = shifted(tight, raised ? superscripts : subscripts) { return small }
      let mark = raised ? "^" : "_"
      return isAtom(trimmed) ? mark + trimmed : mark + "(" + trimmed + ")"
    }

    /// One argument: a group's contents, a command, or one character.
    mutating func argument() -> String? {
      skipSpaces()
      guard !atEnd else { return nil }
      if scalars[index] == "{" {
        index += 1
        return sequence(until: "}")
      }
      return item()
    }

    /// An optional `[…]` argument.
    mutating func optionalArgument() -> String?? {
      skipSpaces()
      guard !atEnd, scalars[index] == "[" else { return .some(nil) }
      index += 1
      guard let inside = sequence(until: "]") else { return nil }
      return .some(inside)
    }

    mutating func skipSpaces() {
      while !atEnd, scalars[index] == " " || scalars[index] == "\n" || scalars[index] == "\t" { index += 1 }
    }

    /// One character, group or command.
    mutating func item() -> String? {
      let c = scalars[index]
      if c == "{" {
        index += 1
        return sequence(until: "}")
      }
      if c == "\\" { return command() }
      index += 1
      switch c {
      case "\n", "\t", " ": return textMode > 0 ? " " : ""
      case ",", ";": return textMode > 0 ? String(c) : "\(c) "
      case "=", "<", ">": return " \(c) "
      case "*": return "∗"
      default: return String(c)
      }
    }

    /// A command after its backslash.
    mutating func command() -> String? {
      index += 1
      guard !atEnd else { return nil }
      var name = ""
      if scalars[index].properties.isAlphabetic && scalars[index].isASCII {
        while !atEnd, scalars[index].properties.isAlphabetic, scalars[index].isASCII {
          name.unicodeScalars.append(scalars[index])
          index += 1
        }
      } else {
        name = String(scalars[index])
        index += 1
      }
      if let letter = greek[name] { return letter }
      if let symbol = symbols[name] { return symbol }
      if let op = operators[name] { return " \(op) " }
      if let space = spaces[name] { return space }
      if functions.contains(name) {
        needsSpace = true
        return name
      }
      if let large = largeOperators[name] {
        needsSpace = true
        return large
      }
      if sizing.contains(name) { return "" }
      if name == "not" {
        guard let next = argument() else { return nil }
        return next.trimmingCharacters(in: " ") == "=" ? " ≠ " : next + "\u{0338}"
      }
      if name == "mathbb" {
        guard let letters = argument() else { return nil }
        return String(letters.map { TeXText.doubleStruck[$0] ?? $0 })
      }
      if textModeCommands.contains(name) {
        textMode += 1
        defer { textMode -= 1 }
        return argument()
      }
      if textual.contains(name) { return argument() }
      if let mark = accents[name] {
        guard let base = argument() else { return nil }
        // One mark on a single character; a longer base is left unmarked rather than misdrawn.
        return base.count == 1 ? base + String(mark) : base
      }
      switch name {
      case "frac", "dfrac", "tfrac", "cfrac":
        guard let top = argument(), let bottom = argument() else { return nil }
        let a = squeezed(top)
        let b = squeezed(bottom)
        if isAtom(a), isAtom(b) { return a + "⁄" + b }
        return (isAtom(a) ? a : "(" + a + ")") + "/" + (isAtom(b) ? b : "(" + b + ")")
      case "sqrt":
        guard let degree = optionalArgument(), let body = argument() else { return nil }
        let root: String
        switch degree.map(squeezed) {
        case nil: root = "√"
        case "3"?: root = "∛"
        case "4"?: root = "∜"
        case let other?: root = (shifted(other, superscripts) ?? "(\(other))") + "√"
        }
        let inside = squeezed(body)
        return isAtom(inside) ? root + inside : root + "(" + inside + ")"
      case "cdotp": return "·"
      case "displaylimits": return ""
      default: return nil
      }
    }
  }
}
