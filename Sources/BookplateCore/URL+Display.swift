import Foundation

extension URL {
    /// The path relative to the current directory when it lies below it, else the full path.
    public var relativePathForDisplay: String {
        relativePathForDisplay(from: FileManager.default.currentDirectoryPath)
    }

    /// The path relative to the folder `current` when it lies below it, else the full path. A
    /// current folder that was deleted is named by an empty path, below which every path lies:
    /// `serve` then printed its paths without their leading slash (found by an exploratory
    /// session).
    package func relativePathForDisplay(from current: String) -> String {
        let full = standardizedFileURL.path
        if current.hasPrefix("/"), full.hasPrefix(current + "/") { return String(full.dropFirst(current.count + 1)) }
        return full
    }
}
