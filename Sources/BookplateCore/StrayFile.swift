/// A file that an editor, a sync client or the operating system leaves in a folder of the shelf,
/// and that is no part of it: recognised by its name, the same way in every folder a build reads
/// (notes, pages, covers, photos, templates and their assets). The theme's assets published
/// `style.css~`, a conflict copy of a style sheet and `desktop.ini` without a word, and a note's
/// conflict copy was told to be renamed to a book's slug, which could overwrite the note it copies
/// (found by an exploratory session).
package enum StrayFile: Equatable, Sendable {
    /// An editor's backup or probe: `style.css~`, `#note.md#`, Vim's `4913`, a swap file, a
    /// `.bak`, and what `git mergetool` and `patch` leave (`.orig`, `.rej`).
    case editorLeftover
    /// A sync client's copy of the file named `original` (beside it in the same folder), made
    /// when two machines changed it: Dropbox's and Nextcloud's `name (… conflicted copy …).md`,
    /// Syncthing's `name.sync-conflict-….md`, iCloud's and Finder's `name 2.md`, OneDrive's
    /// `name-COMPUTER.md`, Windows' `name (1).md`.
    case conflictCopy(of: String)
    /// A file the operating system keeps in folders: `desktop.ini`, `Thumbs.db`, macOS's `Icon\r`.
    case systemFile

    /// What `name` is, if it is such a file; `exists` tells whether a file of a name is in the
    /// same folder (a conflict copy copies one that is there, so `notes 2.md` alone is no copy).
    package static func recognise(_ name: String, exists: (String) -> Bool) -> StrayFile? {
        let lowered = name.lowercased()
        if ["desktop.ini", "thumbs.db", "ehthumbs.db", "icon\r", ".ds_store"].contains(lowered) {
            return .systemFile
        }
        if name.hasSuffix("~") || (name.hasPrefix("#") && name.hasSuffix("#") && name.count > 1) || name == "4913"
            || [".swp", ".swo", ".swx", ".bak", ".orig", ".rej"].contains(where: lowered.hasSuffix)
        {
            return .editorLeftover
        }
        return conflictOriginal(of: name, exists: exists).map { .conflictCopy(of: $0) }
    }

    /// The sync clients' conflict copies among `names`, the files of one folder, in order, with
    /// the name of the file each copies.
    package static func conflictCopies(among names: Set<String>) -> [(name: String, original: String)] {
        names.sorted().compactMap { name in
            guard case .conflictCopy(let original) = recognise(name, exists: names.contains) else { return nil }
            return (name, original)
        }
    }

    /// What a build says of the file shown as `path`, which it left out.
    package func leftOut(_ path: String) -> String {
        switch self {
        case .editorLeftover: "\(path) is left out: it is an editor's backup or working file"
        case .systemFile: "\(path) is left out: it is a file the operating system keeps in folders"
        case .conflictCopy(let original):
            "\(path) is left out: it looks like a sync conflict copy of \(original): merge it into \(original) "
                + "by hand, then remove it"
        }
    }

    /// The file `name` copies, when it is named as sync clients name their conflict copies and
    /// that file is in the folder.
    private static func conflictOriginal(of name: String, exists: (String) -> Bool) -> String? {
        // The extension is the last one, kept by every client after its mark.
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let stem = dot.map { String(name[..<$0]) } ?? name
        let ending = dot.map { String(name[$0...]) } ?? ""
        var candidates: [String] = []
        // Dropbox, Nextcloud, ownCloud: `name (Ada's conflicted copy 2026-11-27).md`; Seafile:
        // `name (SFConflict ada 2026-11-27-10-11-12).md`; Windows and Google Drive: `name (1).md`.
        if stem.hasSuffix(")"), let open = stem.range(of: " (", options: .backwards) {
            let inside = stem[open.upperBound..<stem.index(before: stem.endIndex)].lowercased()
            if inside.contains("conflict") || inside.allSatisfy(\.isNumber) {
                candidates.append(String(stem[..<open.lowerBound]))
            }
            // Dropbox numbers a second copy of the same day inside: `(… conflicted copy 2026-11-27 (1))`.
            if let outer = stem.range(of: " (", options: .backwards, range: stem.startIndex..<open.lowerBound),
                stem[outer.upperBound...].lowercased().contains("conflicted copy")
            {
                candidates.append(String(stem[..<outer.lowerBound]))
            }
        }
        // Syncthing: `name.sync-conflict-20261127-101112-ABCDEFG.md`.
        if let mark = stem.range(of: ".sync-conflict-") {
            candidates.append(String(stem[..<mark.lowerBound]))
        }
        // iCloud Drive and Finder: `name 2.md`.
        if let space = stem.lastIndex(of: " "), case let number = stem[stem.index(after: space)...],
            !number.isEmpty, number.allSatisfy(\.isNumber)
        {
            candidates.append(String(stem[..<space]))
        }
        // OneDrive: `name-COMPUTER.md`, `name-COMPUTER-1.md`, the computer's name in capitals.
        var rest = Substring(stem)
        if let hyphen = rest.lastIndex(of: "-"), rest[rest.index(after: hyphen)...].allSatisfy(\.isNumber) {
            rest = rest[..<hyphen]
        }
        if let hyphen = rest.lastIndex(of: "-"), case let computer = rest[rest.index(after: hyphen)...],
            computer.contains(where: \.isUppercase), !computer.contains(where: \.isLowercase)
        {
            candidates.append(String(rest[..<hyphen]))
        }
        return candidates.lazy.filter { !$0.isEmpty }.map { $0 + ending }.first { $0 != name && exists($0) }
    }
}
