import Foundation
import GRDB
import Testing

@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateLibrary

/// The parts of reading Apple Books' stores that the command's tests meet only once: the order a
/// CFI gives, the names Apple Books writes, and the folders a reader may give.
@Suite struct AppleBooksLibraryTests {
    @Test(arguments: [
        ("epubcfi(/6/14[chap05]!/4/10/2,/1:5,/1:40)", "14.4.10.2.1.5"),
        ("epubcfi(/6/28[chap06]!/4/24[para06]/1,:4,:44)", "28.4.24.1.4"),
        ("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)", "4.4.10.3.10"),
        // Assertions hold commas, slashes and escaped brackets; offsets in space and time say
        // nothing of the start.
        ("epubcfi(/6/14[cha!/p05ref]!/4[bo!/dy01]/10/2/1[foo]:5[don't!/ panic;s=b])", "14.4.10.2.1.5"),
        ("epubcfi(/6/4[a^]b,c]!/4/2~1.5@10:20)", "4.4.2"),
        (" epubcfi(/6/8!/4/12/1:5) ", "8.4.12.1.5"),
    ])
    func aCFIIsItsStepsAsNumbers(cfi: String, order: String) {
        #expect(EPUBLocation.order(of: cfi) == order)
    }

    @Test(arguments: [
        "page 12", "", "epubcfi()", "epubcfi(/6)", "epubcfi(/6/x!/4)", "epubcfi(chapter 4)", "/6/8!/4/12",
        "epubcfi(/6/99999999999!/4)", "epubcfi(/6/8,/1:0)",
        "epubcfi(" + String(repeating: "/2", count: 100) + ")",
    ])
    func whatIsNoCFIHasNoOrder(text: String) {
        #expect(EPUBLocation.order(of: text) == nil)
    }

    /// Ordered as numbers, step by step, the book's order: the text of the CFIs put chapter 10
    /// before chapter 4, and the chapter alone left two passages of it in the order made.
    @Test func theOrderIsTheBooks() {
        func highlight(_ cfi: String, madeAt seconds: TimeInterval) -> Highlight {
            Highlight(
                id: cfi, bookId: 1, text: cfi,
                place: HighlightPlace(location: EPUBLocation.order(of: cfi)),
                madeAt: Date(timeIntervalSince1970: seconds), source: .appleBooks, published: true,
                addedAt: Date(timeIntervalSince1970: 0))
        }
        let inBook = [
            highlight("epubcfi(/6/8!/4/12/1:5)", madeAt: 3), highlight("epubcfi(/6/8!/4/40/1:0)", madeAt: 2),
            highlight("epubcfi(/6/8!/4/40/1:7)", madeAt: 1), highlight("epubcfi(/6/20!/4/2/1:0)", madeAt: 0),
        ]
        #expect(inBook.reversed().inBookOrder() == inBook)
        #expect(inBook.allSatisfy { $0.shownLocation == nil })
    }

    @Test(arguments: [
        ("Kent Beck & Cynthia Andres", ["Kent Beck", "Cynthia Andres"]),
        ("Jim Webber, Savas Parastatidis, and Ian Robinson", ["Jim Webber", "Savas Parastatidis", "Ian Robinson"]),
        ("Le Guin, Ursula K.", ["Le Guin, Ursula K."]),
        ("Martin Luther King, Jr.", ["Martin Luther King, Jr."]),
        ("Terry Pratchett and Neil Gaiman", ["Terry Pratchett", "Neil Gaiman"]),
        ("Frank Herbert; Brian Herbert", ["Frank Herbert", "Brian Herbert"]),
        ("  ", []),
    ])
    func namesAreSplitAsAppleBooksWritesThem(text: String, names: [String]) {
        #expect(AppleBooksAsset.authorNames(text) == names)
    }

    /// The container Apple Books keeps its data in, or its `Data` folder, leads to `Documents`.
    @Test func theContainerLeadsToItsDocuments() throws {
        let container = try TestPaths.temporaryFolder("apple-books").appendingPathComponent("com.apple.iBooksX")
        for (name, sql) in [
            ("Data/Documents/BKLibrary/BKLibrary-1-091020131601.sqlite", "BKLibrary.sql"),
            ("Data/Documents/AEAnnotation/AEAnnotation_v10312011_1727_local.sqlite", "AEAnnotation.sql"),
        ] {
            let url = container.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let text = try String(
                contentsOf: TestPaths.fixtures.appendingPathComponent("apple-books/\(sql)"), encoding: .utf8)
            try DatabaseQueue(path: url.path).writeWithoutTransaction { db in try db.execute(sql: text) }
        }
        for folder in [container, container.appendingPathComponent("Data")] {
            let read = try AppleBooksLibrary.read(folder)
            #expect(read.books.records.count == 5)
            #expect(read.highlights.highlights.count == 6)
            #expect(read.highlights.highlights.allSatisfy { $0.bookLine != nil })
        }
        // The library store alone finds the annotation store in the folder beside its own.
        let alone = try AppleBooksLibrary.read(
            container.appendingPathComponent("Data/Documents/BKLibrary/BKLibrary-1-091020131601.sqlite"))
        #expect(alone.highlights.highlights.count == 6)
    }
}
