/// One imported file's items, with the title and id its node gets.
///
/// ```swift
/// BankFile(id: "unit1", title: "unit1", items: GiftConverter.items(questions))
/// ```
public struct BankFile: Sendable {
  public var id: String
  public var title: String
  public var items: [BankItem]

  public init(id: String, title: String, items: [BankItem]) {
    self.id = id
    self.title = title
    self.items = items
  }
}
