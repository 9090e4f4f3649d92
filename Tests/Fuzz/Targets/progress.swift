// libFuzzer entry for the `progress` target: the work is ProgressFuzzHarness (Harness/ProgressFuzzHarness.swift), which
// FuzzInputReplayTests also runs on the kept inputs in `make test`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  ProgressFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
