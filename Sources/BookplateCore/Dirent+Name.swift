#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

extension dirent {
    /// The entry's name, as `readdir` gives it.
    package var name: String {
        withUnsafeBytes(of: d_name) { buffer in String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
