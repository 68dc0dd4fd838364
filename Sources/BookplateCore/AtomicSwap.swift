import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Exchanges two folders in one step where the system can (Linux's `renameat2` with
/// `RENAME_EXCHANGE`), so that a path always holds either the old folder or the new one.
package enum AtomicSwap {
    private typealias RenameAt2 =
        @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc has the function but Swift's Glibc module does not declare it; look it up by name.
    private static let renameat2: RenameAt2? = {
        #if canImport(Glibc)
            guard let symbol = dlsym(nil, "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: RenameAt2.self)
        #else
            return nil
        #endif
    }()

    /// Swaps the folders at `first` and `second`; false when the system cannot do it in one step.
    package static func exchange(_ first: URL, _ second: URL) -> Bool {
        #if canImport(Glibc)
            guard let renameat2 else { return false }
            let exchange: UInt32 = 1 << 1  // RENAME_EXCHANGE
            return renameat2(AT_FDCWD, first.path, AT_FDCWD, second.path, exchange) == 0
        #else
            return false
        #endif
    }
}
