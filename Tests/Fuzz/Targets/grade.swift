// libFuzzer entry for the `grade` target: the work is GradeFuzzHarness (Harness/GradeFuzzHarness.swift), which
// FuzzInputReplayTests also runs on the kept inputs in `make test`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  GradeFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
