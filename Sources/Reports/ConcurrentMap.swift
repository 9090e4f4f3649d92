import Foundation

/// `map` over every core, a batch at a time, with the results in the input's order: what class-wide
/// reports use to read learners, so only a batch of learners' histories is in memory at once.
///
/// ```swift
/// let sizes = ConcurrentMap.map(folders) { readSize($0) }
/// ```
enum ConcurrentMap {
  static func map<Input: Sendable, Output: Sendable>(
    _ inputs: [Input], _ transform: @Sendable (Input) -> Output
  ) -> [Output] {
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    guard workers > 1, inputs.count > 1 else { return inputs.map(transform) }
    var out: [Output] = []
    out.reserveCapacity(inputs.count)
    var start = 0
    while start < inputs.count {
      let end = min(start + workers * 4, inputs.count)
      let first = start
      let slots = Slots<Output>(count: end - first)
      DispatchQueue.concurrentPerform(iterations: end - first) { i in slots.set(i, transform(inputs[first + i])) }
      out += slots.results()
      start = end
    }
    return out
  }

  /// Each index written by exactly one worker, read after `concurrentPerform` returns.
  private final class Slots<Output>: @unchecked Sendable {
    private var slots: [Output?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: Output) {
      lock.lock()
      slots[i] = value
      lock.unlock()
    }
    func results() -> [Output] { slots.map { $0! } }
  }
}
