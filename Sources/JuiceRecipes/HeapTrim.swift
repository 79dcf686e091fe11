#if canImport(Glibc)
import Glibc
#endif

/// Gives memory the heap holds but no longer uses back to the system, where the C library can (glibc's
/// `malloc_trim`, found at run time); elsewhere it does nothing.
///
/// Memory freed in the middle of the heap stays resident otherwise: glibc returns only the top of each arena, and
/// blocks large enough to have been mapped on their own.
enum HeapTrim {
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: Trim.self) }
    #endif

    /// Gives freed heap memory back to the system.
    static func giveBackFreedMemory() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}
