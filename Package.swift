// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "practice",
  products: [
    .executable(name: "practice", targets: ["practice"])
  ],
  targets: [
    // C, kept behind one small module: libedit's variadic calls wrapped in static inline shims.
    .systemLibrary(
      name: "CLibedit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // glibc's malloc tuning (<malloc.h>, which the Glibc module leaves out): a large course's load
    // grows the heap once, in 2 MB pages (see CourseOutline's LoadHeap).
    .systemLibrary(name: "CMalloc"),

    // The terminal-free core.
    // The message catalog (gettext .mo compiled from po/*.po, embedded) and the choice of language.
    // (PracticeTime: dates and times are written in the learner's zone.)
    .target(name: "Localization", dependencies: ["PracticeTime"]),
    .target(name: "PracticeJSON", dependencies: ["Localization", "TextLayout"]),
    // Time as the program reads (clocks, injected) and writes it (UTC text, no calendar or locale).
    .target(name: "PracticeTime"),
    .target(name: "TextLayout"),
    // Calculated questions' arithmetic: Moodle's formulas (a safe evaluator), tolerance intervals, answer
    // formatting, values drawn from ranges and lists. Foundation only: no terminal, catalog or JSON.
    .target(name: "Calculation"),
    // The one file layer: the FileSystem seam and its POSIX implementation, atomic replace, capped
    // whole-file reads, `mkdir -p`, lock waiting, path text, the text-encoding check. Every file the program reads
    // or writes goes through it. (Localization: its reasons for a symlink loop or a name too long are catalog messages.)
    .target(name: "PracticeFiles", dependencies: ["Localization"]),
    .target(name: "QuizEngine", dependencies: ["Calculation", "Localization", "TextLayout"]),
    .target(
      name: "CourseOutline",
      dependencies: [
        "CMalloc", "Calculation", "Localization", "PracticeFiles", "PracticeJSON", "QuizEngine", "TextLayout",
      ]),
    // Question banks from other tools (GIFT, Moodle XML, Aiken, Anki/CSV) in, GIFT and Moodle XML out.
    .target(
      name: "CourseImport",
      dependencies: ["Calculation", "CourseOutline", "Localization", "PracticeFiles", "QuizEngine", "TextLayout"]),
    // FSRS-6 review scheduling, matched to py-fsrs; Foundation only.
    // Optimised in debug builds too: the optimiser fits tens of thousands of reviews in the tests.
    .target(name: "Scheduling", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
    .target(
      name: "ProgressStorage",
      dependencies: ["Localization", "PracticeFiles", "PracticeJSON", "PracticeTime", "Scheduling"]),
    .target(
      name: "Reports",
      dependencies: [
        "CourseOutline", "Localization", "PracticeFiles", "ProgressStorage", "Scheduling", "TextLayout", "PracticeJSON",
        "PracticeTime", "QuizEngine",
      ]
    ),
    // The study policy: what review, mistakes and resume ask, in what order, within which limits, and
    // the rating an answer earns; no terminal code (the shell words and shows it).
    .target(
      name: "Study",
      dependencies: [
        "CourseOutline", "Localization", "PracticeTime", "ProgressStorage", "QuizEngine", "Reports", "Scheduling",
      ]),
    .target(
      name: "PracticeCLI",
      dependencies: [
        "CourseImport", "CourseOutline", "Localization", "PracticeFiles", "QuizEngine", "ProgressStorage", "Reports",
        "Scheduling", "Study", "TextLayout", "PracticeJSON", "PracticeTime",
      ]
    ),

    // The edges: libedit, terminal modes, signals.
    .target(
      name: "Terminal", dependencies: ["CLibedit", "Localization", "PracticeCLI", "PracticeFiles", "TextLayout"]),
    // The linker's start-up order (startup-order.txt, recorded by its script) is read by the Makefile.
    .executableTarget(
      name: "practice", dependencies: ["PracticeCLI", "Terminal"],
      exclude: ["startup-order.txt", "record-startup-order.sh"]
    ),
    // In-process timings for `make bench` (toggles, answer acknowledgements), beside the whole-process ones.
    .executableTarget(
      name: "practice-bench",
      dependencies: ["CourseOutline", "ProgressStorage"]
    ),

    // Shared by every test target: golden files (RECORD_SNAPSHOTS), temporary folders, the built binary.
    // Also the test double that fails the Nth file operation (FaultInjectingFileSystem): never shipped.
    .target(name: "PracticeTestSupport", dependencies: ["PracticeFiles"], path: "Tests/PracticeTestSupport"),
    .testTarget(name: "PracticeFilesTests", dependencies: ["PracticeFiles", "PracticeTestSupport"]),
    .testTarget(
      name: "PracticeJSONTests", dependencies: ["Localization", "PracticeJSON", "PracticeTestSupport", "QuizEngine"],
      exclude: ["JSONTestSuite"]),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization", "PracticeTestSupport"]),
    // Moodle/: tables made by running Moodle's PHP; formula_oracle.py: the independent evaluator.
    .testTarget(
      name: "CalculationTests", dependencies: ["Calculation", "QuizEngine"], exclude: ["Moodle", "formula_oracle.py"]),
    .testTarget(name: "TextLayoutTests", dependencies: ["TextLayout", "QuizEngine"]),
    .testTarget(
      name: "QuizEngineTests",
      dependencies: ["Calculation", "CourseOutline", "QuizEngine", "PracticeJSON", "PracticeTime"]
    ),
    .testTarget(name: "PracticeTimeTests", dependencies: ["PracticeTime"]),
    .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
    .testTarget(
      name: "CourseImportTests",
      dependencies: [
        "Calculation", "CourseImport", "CourseOutline", "Localization", "QuizEngine", "PracticeJSON",
        "PracticeTestSupport", "TextLayout",
      ],
      exclude: ["Conformance", "Calculated"]),
    .testTarget(
      name: "SchedulingTests", dependencies: ["Scheduling", "PracticeJSON"], exclude: ["Vectors"]),
    .testTarget(
      name: "CourseOutlineTests",
      dependencies: ["CMalloc", "CourseOutline", "QuizEngine", "PracticeJSON", "PracticeTestSupport"]
    ),
    .testTarget(
      name: "ProgressStorageTests",
      dependencies: [
        "PracticeFiles", "ProgressStorage", "QuizEngine", "PracticeJSON", "Scheduling", "PracticeTestSupport",
      ]
    ),
    .testTarget(
      name: "ReportsTests",
      dependencies: ["Reports", "CourseOutline", "ProgressStorage", "PracticeTestSupport"],
      exclude: ["Snapshots", "Fixtures"]
    ),
    // The fuzzers' harnesses (Tests/Fuzz/Harness), run on every kept input: the quick slice of the fuzzers.
    .testTarget(
      name: "FuzzInputReplayTests",
      dependencies: [
        "Calculation", "CourseImport", "CourseOutline", "PracticeCLI", "ProgressStorage", "QuizEngine",
        "PracticeTestSupport",
      ],
      path: "Tests/Fuzz",
      exclude: ["Corpus", "Regressions", "Targets", "run-fuzz.sh"],
      sources: ["Harness", "Replay"]
    ),
    .testTarget(
      name: "StudyTests",
      dependencies: [
        "CourseOutline", "PracticeTime", "ProgressStorage", "QuizEngine", "Scheduling", "Study", "Reports",
        "PracticeTestSupport",
      ]),
    .testTarget(
      name: "PracticeCLITests",
      dependencies: [
        "PracticeCLI", "CourseOutline", "TextLayout", "ProgressStorage", "Scheduling", "PracticeTestSupport",
        "PracticeTime", "QuizEngine", "CourseImport", "PracticeJSON",
      ],
      exclude: ["Snapshots", "Transcripts", "Fixtures"]
    ),
  ]
)

// `any` written wherever a protocol is used as a type, as swift-log does: checked by the compiler.
// Imports are internal unless a file's `package` declarations show the module's types (`package
// import`), and a file uses only members of modules it imports itself (MemberImportVisibility).
//
// In release builds, generic types' metadata is fetched by direct accessor calls that pass their
// conformances along, not by demangling a type name at run time. The run-time route had to find
// each conformance (`String: Hashable` for the first `[String: String]`, say) by scanning every
// conformance record in the static binary, which cost a quarter of `practice --version`'s time.
for target in package.targets where target.type != .system {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .unsafeFlags(
        ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
        .when(configuration: .release)),
    ]
}
