import Foundation

/// Text written into a command the reader is told to run, so that a shell reads it back as it is.
public enum ShellWord {
    /// `text` as one word of a shell command, quoted only when it needs to be: a folder named
    /// "my site" in a suggested `sudo rm -r` was two words, the first of which a shell would have
    /// removed (found by a review).
    public static func quoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "-_./~".unicodeScalars.contains($0)
        }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
