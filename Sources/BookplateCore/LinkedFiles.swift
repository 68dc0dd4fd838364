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
}
