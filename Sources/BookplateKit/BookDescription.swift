import BookplateCore

/// A description the reader types as plain text (`add --description`, `edit --description`),
/// turned into what the library keeps in one place below the command line.
public enum BookDescription {
    /// The reader's text as the description's HTML: escaped, a paragraph for each run of lines
    /// between blank lines.
    public static func fromText(_ text: String) -> SanitizedHTML {
        HTMLAllowList.html(fromText: text)
    }
}
