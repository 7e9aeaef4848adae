// PeachFuzz: libFuzzer's driver over Peach's parsers (built with -DFUZZING by scripts/fuzz), or a replayer.
//
// Fuzzing:  PEACH_FUZZ_TARGET=midi .build-fuzz/debug/PeachFuzz [libFuzzer flags] [corpus folders]
// Replaying (any build, e.g. a crash found earlier): PeachFuzz TARGET FILE...

import Foundation

/// The target named by `PEACH_FUZZ_TARGET`, read once.
let fuzzTarget: FuzzTarget? = ProcessInfo.processInfo.environment["PEACH_FUZZ_TARGET"].flatMap(
    FuzzTarget.init)

#if FUZZING
    @_silgen_name("LLVMFuzzerRunDriver")
    func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// libFuzzer's entry point by name (its runtime refers to it); the driver below is given the same function.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        fuzzTarget?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

    guard fuzzTarget != nil else {
        FileHandle.standardError.write(
            Data(
                "PeachFuzz: set PEACH_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
        exit(64)
    }
    fuzzTarget?.prepare()
    // libFuzzer ends the process itself (at -max_total_time, -runs), so the scratch folder goes at exit.
    atexit { FuzzTarget.removeScratch() }
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(llvmFuzzerRunDriver(&argc, &argv, fuzzOne))
#else
    let arguments = CommandLine.arguments.dropFirst()
    guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(
            Data(
                "usage: PeachFuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...\n"
                    .utf8))
        exit(64)
    }
    for path in arguments.dropFirst() {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("PeachFuzz: cannot read \(path)\n".utf8))
            exit(66)
        }
        target.run([UInt8](data))
    }
    FuzzTarget.removeScratch()
    print("PeachFuzz: \(arguments.count - 1) inputs through \(target.rawValue), none crashed")
#endif
