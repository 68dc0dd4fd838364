import Foundation

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// The process's environment read from its bytes. Foundation's reading gives U+FFFD for bytes
/// that are not UTF-8, and a path read so names another file: such a value is told apart here.
public enum EnvironmentText {
    /// The value of the variable `name`: nil when it is unset, a failure when it is no UTF-8.
    public static func value(of name: String) -> Result<String?, TextNotUTF8> {
        guard let raw = getenv(name) else { return .success(nil) }
        guard let text = String(validatingCString: raw) else {
            return .failure(TextNotUTF8(shown: String(cString: raw)))
        }
        return .success(text)
    }
}

/// A text whose bytes are not UTF-8, `shown` with U+FFFD for them.
public struct TextNotUTF8: Error, Sendable, Equatable {
    public var shown: String
}

extension FileIdentity {
    /// The file or folder the environment variable `name` names, by its bytes as they are; nil
    /// when it is unset or nothing is there.
    package init?(bytesOf name: String) {
        var info = stat()
        guard let raw = getenv(name), stat(raw, &info) == 0 else { return nil }
        self.init(info)
    }
}
