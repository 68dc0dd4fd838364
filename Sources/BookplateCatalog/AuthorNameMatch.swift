import BookplateCore
import BookplateLibrary
import Foundation

/// Whether two spellings of an author's name are the same person's, as a catalog's record and a
/// book's credit write them: case, accents and punctuation aside, "Last, First" turned round,
/// an initial standing for the name it begins ("U. K. Le Guin" for "Ursula K. Le Guin") and a
/// middle initial left out ("Ursula Le Guin"). The surname must agree: Frank and Brian Herbert
/// are two people.
package enum AuthorNameMatch {
    package static func matches(_ first: String, _ second: String) -> Bool {
        let a = words(first)
        let b = words(second)
        guard !a.isEmpty, !b.isEmpty else { return false }
        if a == b || a.joined() == b.joined() { return true }
        guard a.last == b.last, a.count > 1, b.count > 1 else { return false }
        return align(a.dropLast(), b.dropLast())
    }

    /// The name's words, folded, in the order "First Last".
    static func words(_ name: String) -> [String] {
        var name = name
        // "Le Guin, Ursula K." files under the surname; "King, Martin Luther, Jr." too.
        let parts = name.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count >= 2, !parts[1].isEmpty {
            let suffixes: Set = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]
            let rest = parts.dropFirst().filter { !suffixes.contains($0.lowercased()) }
            name = (rest + [parts[0]]).joined(separator: " ")
        }
        return TextFolding.searchKey(name)
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map(String.init)
            .filter { !["jr", "sr", "ii", "iii", "iv"].contains($0) }
    }

    /// Whether the given names agree in order, an initial matching a name it begins; the longer
    /// list may have initials the other leaves out ("Ursula Le Guin" for "Ursula K. Le Guin"),
    /// but two different initials in the same place are two people.
    private static func align(_ a: ArraySlice<String>, _ b: ArraySlice<String>) -> Bool {
        guard let x = a.first else { return b.allSatisfy { $0.count == 1 } }
        guard let y = b.first else { return a.allSatisfy { $0.count == 1 } }
        if compatible(x, y), align(a.dropFirst(), b.dropFirst()) { return true }
        if x.count == 1, a.count > b.count, align(a.dropFirst(), b) { return true }
        if y.count == 1, b.count > a.count, align(a, b.dropFirst()) { return true }
        return false
    }

    private static func compatible(_ x: String, _ y: String) -> Bool {
        x == y || (x.count == 1 && y.hasPrefix(x)) || (y.count == 1 && x.hasPrefix(y))
    }
}
