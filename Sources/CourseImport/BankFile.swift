/// One imported file's items, with the title and id its node gets.
///
/// ```swift
/// BankFile(id: "unit1", title: "unit1", items: GiftConverter.items(questions))
/// ```
package struct BankFile: Sendable {
  package var id: String
  package var title: String
  package var items: [BankItem]

  package init(id: String, title: String, items: [BankItem]) {
    self.id = id
    self.title = title
    self.items = items
  }
}
