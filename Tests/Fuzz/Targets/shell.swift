// libFuzzer entry for the `shell` target: the work is ShellFuzzHarness (Harness/ShellFuzzHarness.swift), which
// FuzzInputReplayTests also runs on the kept inputs in `make test`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  ShellFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
