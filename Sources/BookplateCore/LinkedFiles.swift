import Foundation

/// Bookplate's one rule for symbolic links among the files a site is made from — notes, covers,
/// photos, templates: none is followed, by `build` or by `export`. A link could publish a file
/// from anywhere on the disk (a template linked to a secret), and a link that is followed by one
/// command and skipped by another makes the site disagree with the export.
package enum LinkedFiles {
    /// The one line a command prints for the link at `path`.
    package static func refusal(_ path: String) -> String {
        "\(path) is a symbolic link: Bookplate follows no links among notes, covers, photos, pages and templates;"
            + " put the file itself there"
    }

    /// Where the link at `path` points when nothing is there (a folder kept on a disk that is not
    /// mounted); nil when `path` is no link, or a link to something. A folder of the shelf that is
    /// such a link was taken for no folder at all, and the site published without its notes.
    package static func missingTarget(ofLinkAt path: String) -> String? {
        brokenLink(at: path).flatMap { $0.failure == ENOENT ? $0.target : nil }
    }

    /// Where the link at `path` points, and why nothing can be reached through it (`errno`:
    /// ENOENT for nothing there, ELOOP for a link that leads back to itself); nil when `path` is
    /// no link, or a link to something.
    package static func brokenLink(at path: String) -> (target: String, failure: Int32)? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK, stat(path, &info) != 0 else { return nil }
        let failure = errno
        return ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?", failure)
    }

    /// The one line a command prints for the link at `path` to `target`, which is not there;
    /// `thing` is what it stands for ("folder", "library").
    package static func missingTargetRefusal(_ path: String, target: String, thing: String = "folder") -> String {
        "\(path) is a link to \(target), which is not there (a disk not mounted?): nothing is done without it;"
            + " bring the \(thing) back or point the link at it"
    }
}
