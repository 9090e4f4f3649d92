// libFuzzer entry for the `course` target: the work is CourseFuzzHarness (Harness/CourseFuzzHarness.swift), which
// FuzzInputReplayTests also runs on the kept inputs in `make test`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  CourseFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
