import BookplateCore
import BookplateImport
import Foundation

/// How long reading a Kindle's `My Clippings.txt` of 20 MB — 40,000 clippings over 400 books,
/// with notes, bookmarks and extended highlights — takes:
/// `swift run -c release bookplate-bench kindle` (issue 17 asks for 3 s at most). With a path,
/// `bookplate-bench kindle FILE` writes the reader's file there instead, so that the whole import
/// can be timed.
enum KindleBenchmark {
    static func run() {
        for (name, data) in [("a reader's file", sample()), ("every clipping at one place", onePlace())] {
            var times: [Duration] = []
            var highlights = 0
            for _ in 0..<3 {
                let started = ContinuousClock.now
                let file = KindleClippings.read(data)
                times.append(ContinuousClock.now - started)
                highlights = file.highlights.count
            }
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            let median = times.sorted()[times.count / 2]
            print(
                "\(name): \(data.count) bytes, 40000 clippings, \(highlights) highlights read in \(median)"
                    + " (median of 3); peak memory so far \(usage.ru_maxrss / 1024) MiB")
        }
    }

    /// A hostile file: 40,000 different highlights of one book at one place, each a candidate to
    /// merge with the others.
    static func onePlace() -> Data {
        var text = ""
        let passage = String(repeating: "a few words of a passage, ", count: 18)
        for index in 0..<40_000 {
            text +=
                "One Book (Writer)\r\n- Your Highlight on page 3 | Location 100-110 | Added on Sunday, 3 March 2019"
                + " 12:00:00\r\n\r\n\(index) \(passage)\(index)\r\n==========\r\n"
        }
        return Data(text.utf8)
    }

    /// Clippings as a device writes them: CRLF, a byte-order mark on each title; one in ten a note at
    /// the end of the highlight before it, one in twenty a bookmark, one in ten the highlight
    /// before it extended.
    static func sample() -> Data {
        var text = "\u{FEFF}"
        let words = ["light", "darkness", "passage", "reader", "margin", "river", "north", "winter", "letter", "quiet"]
        var previous = (book: 0, start: 0, text: "")
        for index in 0..<40_000 {
            let book = index / 3 % 400
            let title = "\u{FEFF}Book number \(book): A Novel (Writer\(book), Some)\r\n"
            let location = 100 + index * 5
            let sentence =
                "Passage \(index): " + (0..<55).map { words[($0 * 7 + index) % words.count] }.joined(separator: " ")
            let date = "Added on Sunday, \(index % 28 + 1) March 2019 12:\(index % 60 < 10 ? "0" : "")\(index % 60):02"
            let entry: String
            switch index % 20 {
            case 1, 11:
                let at = previous.book == book ? previous.start + 3 : location
                entry = "- Your Note on page 3 | Location \(at) | \(date)\r\n\r\nA thought on it.\r\n"
            case 5:
                entry = "- Your Bookmark on page 3 | Location \(location) | \(date)\r\n\r\n\r\n"
            case 2 where previous.book == book, 15 where previous.book == book:
                entry =
                    "- Your Highlight on page 3 | Location \(previous.start)-\(previous.start + 5) | \(date)\r\n\r\n"
                    + previous.text + " and more.\r\n"
            default:
                entry =
                    "- Your Highlight on page 3 | Location \(location)-\(location + 3) | \(date)\r\n\r\n\(sentence)\r\n"
                previous = (book, location, sentence)
            }
            text += title + entry + "==========\r\n"
        }
        return Data(text.utf8)
    }
}
