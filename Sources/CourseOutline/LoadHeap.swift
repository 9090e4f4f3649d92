import CMalloc
import PracticeFiles
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The C heap while a large course loads: grown once by about what the load will allocate, and
/// asked for in 2 MB pages (Linux's transparent huge pages, where the system gives them on
/// `madvise`, as Debian and Ubuntu do by default).
///
/// Every 4 KB page a process touches for the first time is a page fault, several microseconds on
/// a virtual machine: a 15 MB native course made 16,700 of them, a fifth of its load's CPU time
/// (its bytes, nodes, titles, questions and id index, some 70 MB). In 2 MB pages it makes about
/// 2,800. glibc has a switch for this (`GLIBC_TUNABLES=glibc.malloc.hugetlb=1`), but it is read
/// from the environment at start, so the load does the same for itself with glibc's `mallopt`:
///
/// - allocations up to 32 MB (glibc's largest threshold) come from the heap while the load runs,
///   rather than each from its own mapping of 4 KB pages;
/// - the heap grows once by four times the file's size (address space: a page costs memory only
///   when it is touched), and that range is advised as huge pages;
/// - the heap is not trimmed until the load ends (that would hand the range back).
///
/// After the load the thresholds are glibc's defaults again; the memory the load freed (the
/// file's bytes) is handed back to the system at the next prompt (`returnFreedMemory()`), not
/// while the learner waits for it. Small courses (the shipped ones) are left alone: their load
/// touches a few hundred pages. Where the system gives no huge pages, or the heap cannot grow,
/// nothing changes but the thresholds.
///
/// ```swift
/// let heap = LoadHeap.grow(forFileAt: file)  // nil for a small file
/// defer { heap?.end() }                      // after reading and parsing it
/// let bytes = try loader.read(file)
/// ```
package struct LoadHeap {
  /// Files below this load in a few hundred pages: nothing to gain.
  static let smallestFile = 4 << 20
  /// glibc's `M_MMAP_THRESHOLD` maximum on 64-bit systems (`HEAP_MAX_SIZE / 2`).
  static let largestHeapAllocation: Int32 = 32 << 20
  /// glibc's defaults for `M_TOP_PAD`, `M_TRIM_THRESHOLD` and `M_MMAP_THRESHOLD`.
  static let glibcDefault: Int32 = 128 * 1024
  static let hugePage = 2 << 20

  /// Whether a load ended since the last `returnFreedMemory()`.
  private static let freedMemoryWaits = Atomic<Bool>(false)

  /// Grows the heap for reading and parsing the file at `path`; nil (and nothing done) for a small
  /// file or one whose size cannot be known (the read that follows says why).
  package static func grow(forFileAt path: String) -> LoadHeap? {
    grow(forFileOfSize: Int((try? POSIXFileSystem().stat(path))??.size ?? 0))
  }

  /// Grows the heap for the load of a file of `size` bytes; nil (and nothing done) for a small file.
  static func grow(forFileOfSize size: Int) -> LoadHeap? {
    guard size >= smallestFile else { return nil }
    let reserve = Int32(clamping: min(size, 1 << 28) * 4)
    mallopt(M_MMAP_THRESHOLD, largestHeapAllocation)
    mallopt(M_TRIM_THRESHOLD, Int32.max)
    // The next growth of the heap adds `reserve` beyond the request. The request is more than all
    // the heap's free memory (`fordblks`, its top and every free chunk), so no free chunk can hold
    // it and the heap grows now, by that much; it is freed at once, joining the top. (A heap with
    // 32 MB free already is left as it is: its free memory has been touched and costs no faults.)
    let request = Int(mallinfo2().fordblks) + 64
    if request < Int(largestHeapAllocation) {
      mallopt(M_TOP_PAD, reserve)
      let block = malloc(request)
      mallopt(M_TOP_PAD, glibcDefault)
      if let block {
        // The block and the grown range beyond it, whole huge pages of them; empty when the heap
        // could not grow in place (glibc then mapped the block elsewhere).
        let start = (Int(bitPattern: block) + hugePage - 1) & ~(hugePage - 1)
        let end = Int(bitPattern: sbrk(0)) & ~(hugePage - 1)
        if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
          _ = madvise(address, end - start, MADV_HUGEPAGE)
        }
        free(block)
      }
    }
    return LoadHeap()
  }

  /// glibc's thresholds again; the memory the load freed waits for `returnFreedMemory()`.
  package func end() {
    mallopt(M_TRIM_THRESHOLD, Self.glibcDefault)
    mallopt(M_MMAP_THRESHOLD, Self.glibcDefault)
    Self.freedMemoryWaits.store(true, ordering: .relaxed)
  }

  /// Hands the pages a large load freed back to the system (`malloc_trim`); nothing after a small one.
  static func returnFreedMemory() {
    guard freedMemoryWaits.exchange(false, ordering: .relaxed) else { return }
    _ = malloc_trim(0)
  }
}
