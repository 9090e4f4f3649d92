// libFuzzer entry for the `formula` target: the work is FormulaFuzzHarness (Harness/FormulaFuzzHarness.swift),
// which FuzzInputReplayTests also runs on the kept inputs in `make test`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  FormulaFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
