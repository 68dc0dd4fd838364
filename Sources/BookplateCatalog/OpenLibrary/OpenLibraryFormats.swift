import BookplateCore
import BookplateLibrary
import Foundation

/// Open Library's free-text dates: "1997", "October 1, 1988", "Mar 2005", "2005-03-01", "c1988".
enum OpenLibraryDates {
    /// "jan" to "dec": a word that begins with one is that month ("Mar", "March", "mars").
    private static let months = PartialDate.englishMonths.map { String($0.prefix(3)) }

    static func parse(_ text: String) -> PartialDate? {
        if let iso = try? PartialDate(parsing: String(text.prefix(10))) { return iso }
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard
            let year = words.compactMap({ word -> Int? in
                let digits = word.filter(\.isNumber)
                return digits.count == 4 && word.count <= 5 ? Int(digits) : nil
            }).first
        else { return nil }
        let month = words.compactMap { word in months.firstIndex { word.hasPrefix($0) && word.count >= 3 } }.first
            .map { $0 + 1 }
        let day = month == nil ? nil : words.compactMap { Int($0) }.first { (1...31).contains($0) }
        return (try? PartialDate(year: year, month: month, day: day)) ?? (try? PartialDate(year: year))
    }
}

/// Open Library names languages by MARC code (`eng`); the library keeps ISO 639-1 (`en`) where
/// one exists, by the one table the library's own border uses (``LanguageCode``).
enum OpenLibraryLanguages {
    static func isoCode(_ code: String) -> String {
        LanguageCode.twoLetterCode(code)
    }
}
