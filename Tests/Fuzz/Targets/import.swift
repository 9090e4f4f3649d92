// libFuzzer entry for the four bank importers (targets gift, xml, aiken and csv): run-fuzz.sh builds this
// file once and names the importer in FUZZ_IMPORT_FORMAT. The work is ImportFuzzHarness
// (Harness/ImportFuzzHarness.swift), which FuzzInputReplayTests also runs on the kept inputs in `make test`.
import Glibc

/// The importer under test, chosen once at start-up.
nonisolated(unsafe) var format = ImportFuzzHarness.Format.gift

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>)
  -> Int32
{
  let name = getenv("FUZZ_IMPORT_FORMAT").map { String(cString: $0) } ?? ""
  guard let chosen = ImportFuzzHarness.Format(rawValue: name) else {
    fatalError("FUZZ_IMPORT_FORMAT must be gift, xml, aiken or csv, not '\(name)'")
  }
  format = chosen
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  ImportFuzzHarness.run(Array(UnsafeBufferPointer(start: data, count: size)), format: format)
  return 0
}
