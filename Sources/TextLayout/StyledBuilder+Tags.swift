extension StyledBuilder {
  /// One HTML tag (`inside`: what stands between `<` and `>`): opens or closes a style, a block,
  /// a list, a link, a table cell or a medium; tags it does not know are left out.
  mutating func tag(_ inside: Substring) {
    let closing = inside.hasPrefix("/")
    let name = inside.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
    let selfClosing = inside.hasSuffix("/")
    if skipDepth > 0 {
      switch name {
      case "audio", "video", "script", "style", "object":
        skipDepth += closing ? -1 : selfClosing ? 0 : 1
        if skipDepth == 0, let open = openMedia {
          if !open.shown {
            skipDepth = 0
            media(kind: open.kind, text: nil, file: nil)
          }
          openMedia = nil
        }
      case "source" where !closing:
        if var open = openMedia, !open.shown, let src = HTMLEntities.attribute("src", in: inside) {
          let saved = skipDepth
          skipDepth = 0
          media(kind: open.kind, text: HTMLEntities.attribute("title", in: inside), file: HTMLEntities.decoded(src))
          skipDepth = saved
          open.shown = true
          openMedia = open
        }
      default: break
      }
      return
    }
    func attribute(_ key: String) -> String? { HTMLEntities.attribute(key, in: inside).map(HTMLEntities.decoded) }
    switch name {
    case "br": lineBreak()
    case "p", "div", "section", "article", "header", "footer", "figure", "center", "dl", "address", "hr":
      paragraph()
    case "figcaption", "dt", "dd", "caption": block(1)
    case "h1", "h2", "h3", "h4", "h5", "h6":
      block(2)
      if closing { pop(name) } else { push(name, .bold) }
    case "blockquote":
      block(2)
      quoteDepth = max(0, quoteDepth + (closing ? -1 : 1))
    case "ul", "ol":
      block(1)
      if closing {
        if !lists.isEmpty { lists.removeLast() }
        if lists.isEmpty {
          itemIndent = 0
          block(2)
        }
      } else {
        let start = attribute("start").flatMap { Int($0) } ?? 1
        lists.append((name == "ol", start))
      }
    case "li" where !closing:
      var marker = "•"
      if let last = lists.last, last.ordered {
        marker = "\(last.next)."
        lists[lists.count - 1].next += 1
      }
      listItem(marker: marker, level: max(0, lists.count - 1))
    case "li": block(1)
    case "pre":
      block(2)
      preDepth = max(0, preDepth + (closing ? -1 : 1))
    case "b", "strong": closing ? pop(name) : push(name, .bold)
    case "i", "em", "cite", "var", "dfn": closing ? pop(name) : push(name, .italic)
    case "u", "ins": closing ? pop(name) : push(name, .underline)
    case "span", "font":
      if closing {
        pop(name)
      } else {
        let css = (attribute("style") ?? "").lowercased().filter { $0 != " " }
        var style: Style = []
        if css.contains("underline") { style.insert(.underline) }
        if css.contains("font-weight:bold") || css.contains("font-weight:700") || css.contains("font-weight:800")
          || css.contains("font-weight:900")
        {
          style.insert(.bold)
        }
        if css.contains("font-style:italic") { style.insert(.italic) }
        push(name, style)
      }
    case "sup", "sub":
      if closing {
        guard let raised = scripts.popLast(), let runs = captures.popLast() else { return }
        let inner = runs.map(\.text).joined().trimmingCharacters(in: " ")
        let shown =
          TeXText.shifted(inner, raised ? TeXText.superscripts : TeXText.subscripts)
          ?? (raised ? "^" : "_") + (TeXText.isAtom(inner) ? inner : "(\(inner))")
        for c in shown { append(c) }
      } else {
        scripts.append(name == "sup")
        captures.append([])
      }
    case "a":
      if closing {
        guard let href = links.popLast(), let runs = captures.popLast() else { return }
        let label = runs.map(\.text).joined().trimmingCharacters(in: " ")
        let kind = MediaLabels.kind(ofFile: href)
        if href.contains("@@PLUGINFILE@@") || (kind != nil && kind != .file) {
          media(kind: kind ?? .file, text: label, file: href)
          return
        }
        if lineHasText, runs.first?.text.first == " " { space() }
        for run in runs {
          push("a-run", run.style)
          characters(run.text)
          pop("a-run")
        }
        linkTarget(href, label: label)
      } else {
        links.append(attribute("href") ?? "")
        captures.append([])
      }
    case "img" where !closing:
      let src = attribute("src") ?? ""
      media(kind: .image, text: attribute("alt") ?? attribute("title"), file: src)
    case "audio" where !closing, "video" where !closing:
      let kind: MediaLabels.Kind = name == "audio" ? .audio : .video
      if let src = attribute("src") {
        media(kind: kind, text: attribute("title"), file: src)
        if !selfClosing {
          skipDepth = 1
          openMedia = (kind, true)
        }
      } else if !selfClosing {
        skipDepth = 1
        openMedia = (kind, false)
      } else {
        media(kind: kind, text: nil, file: nil)
      }
    case "iframe" where !closing, "embed" where !closing, "object" where !closing:
      let src = attribute("src") ?? attribute("data") ?? ""
      media(kind: MediaLabels.kind(ofFile: src) ?? .video, text: attribute("title"), file: src)
      if name == "object", !selfClosing { skipDepth = 1 }
    case "script" where !closing && !selfClosing, "style" where !closing && !selfClosing: skipDepth = 1
    case "table":
      if closing {
        if let open = table {
          var rows = open.rows
          if let row = open.row { rows.append(row) }
          table = nil
          self.table(rows)
        }
      } else if table == nil {
        block(2)
        table = ([], nil)
      }
    case "tr":
      guard var open = table else { return block(1) }
      if let row = open.row { open.rows.append(row) }
      open.row = closing ? nil : []
      table = open
    case "td", "th":
      guard table != nil else {
        if !closing { space() }
        return
      }
      if closing {
        guard let runs = captures.popLast() else { return }
        table!.row = (table!.row ?? []) + [runs.map(\.text).joined().trimmingCharacters(in: " ")]
      } else {
        captures.append([])
      }
    default: break
    }
  }
}
