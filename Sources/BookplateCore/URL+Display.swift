import Foundation

extension URL {
    /// The path relative to the current directory when it lies below it, else the full path.
    public var relativePathForDisplay: String {
        let current = FileManager.default.currentDirectoryPath
        let full = standardizedFileURL.path
        if full.hasPrefix(current + "/") { return String(full.dropFirst(current.count + 1)) }
        return full
    }
}
