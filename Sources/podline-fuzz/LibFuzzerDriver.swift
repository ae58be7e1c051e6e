#if FUZZING
    import Foundation

    /// libFuzzer's entry point, `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))`.
    ///
    /// The executable's `main` is Swift's (SwiftPM points `main` at the module's entry), so libFuzzer's own `main`
    /// is not used; the driver is started from here. Its arguments are plain pointers and an integer result, which
    /// Swift passes exactly as C does.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func llvmFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// The target named by `PODLINE_FUZZ_TARGET`, read once.
    private let selectedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["PODLINE_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            PodlineFuzz.complain("PODLINE_FUZZ_TARGET must be one of \(FuzzTarget.names) (it is '\(name)')")
            exit(64)
        }
        return target
    }()

    /// Runs libFuzzer over the selected target.
    enum LibFuzzerDriver {
        static func run() -> CInt {
            _ = selectedTarget
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            return llvmFuzzerRunDriver(&argc, &argv) { data, size in
                selectedTarget.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
                return 0
            }
        }
    }
#endif
