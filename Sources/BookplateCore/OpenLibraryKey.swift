/// Open Library's record keys (`OL27448W` a work, `OL7353617M` an edition, `OL26320A` an author),
/// checked wherever they come in: catalogs, imports and the library alike.
public enum OpenLibraryKey {
    /// `/works/OL27448W` and `OL27448W` both become `OL27448W`.
    public static func bare(_ key: String) -> String {
        String(key.split(separator: "/").last ?? Substring(key))
    }

    /// The bare key when it is a well-formed Open Library key of this kind (`W` works, `M`
    /// editions, `A` authors), else nil: keys from outside go into URL paths and the library.
    public static func valid(_ key: String, kind: Character) -> String? {
        let bare = bare(key)
        guard bare.hasPrefix("OL"), bare.last == kind else { return nil }
        let digits = bare.dropFirst(2).dropLast()
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) ? bare : nil
    }
}
