import Foundation

/// What a file or folder is on disk, whatever it is named: its device and inode. Two paths name
/// one file when theirs are equal; a file replaced under its name (a sync client's copy) has
/// another.
package struct FileIdentity: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64

    package init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    package init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The file or folder at `path`, links followed; nil when nothing is there.
    package init?(at path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }
}
