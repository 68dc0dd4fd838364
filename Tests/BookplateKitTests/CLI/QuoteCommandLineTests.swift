import Foundation
import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

/// `bookplate quote`, through the built binary: a passage added, listed, changed, hidden, shown
/// and removed, and the one-line errors of what cannot be done.
@Suite struct QuoteCommandLineTests {
    let bookplate: CommandRunner

    init() throws {
        bookplate = CommandRunner(folder: try TestPaths.newShelf("quotes"))
    }

    @discardableResult
    func run(_ arguments: String..., status expected: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> CommandRunner.Result
    {
        try await bookplate.expecting(expected, arguments, sourceLocation: sourceLocation)
    }

    @Test func aPassageIsAddedListedChangedHiddenShownAndRemoved() async throws {
        try await run("add", "--title", "Emma", "--author", "Jane Austen")
        let added = try await run("quote", "add", "emma", "Badly done, Emma! <b>Badly</b> done!", "--page", "368")
        let id = Highlight.id(slug: "emma", text: "Badly done, Emma! <b>Badly</b> done!")
        #expect(added.stdout == "Added highlight \(id) to \"Emma\"\n")
        #expect(
            try await run("quote", "list", "emma").stdout
                == "\(id)  (p. 368)\n    “Badly done, Emma! <b>Badly</b> done!”\n")
        try await run("quote", "edit", String(id.prefix(6)), "--note", "Box Hill")
        try await run("quote", "hide", String(id.prefix(6)))
        // Hiding or showing again says so (showing a shown one said "published again").
        #expect(try await run("quote", "hide", id).stdout == "Highlight \(id) is already hidden\n")
        let json = try await run("quote", "list", "--json").stdout
        let list = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["highlights"]
                as? [[String: Any]])
        #expect(list.count == 1)
        #expect(list.first?["book"] as? String == "emma" && list.first?["note"] as? String == "Box Hill")
        #expect(list.first?["published"] as? Bool == false && list.first?["page"] as? String == "368")
        #expect(try await run("quote", "show", id).stdout == "Highlight \(id) is published again\n")
        #expect(try await run("quote", "show", id).stdout == "Highlight \(id) is already published\n")
        #expect(try await run("quote", "list").stdout.hasPrefix("\(id)  emma  (p. 368)\n"))
        // Deleted after asking (it went at once); without a terminal, only with --yes.
        let refused = try await run("quote", "remove", id, status: 64)
        #expect(refused.stderr.hasPrefix("Error: not removing without a yes: run it on a terminal, or pass --yes\n"))
        #expect(try await run("quote", "list").stdout.hasPrefix("\(id)  emma"))
        try await run("quote", "remove", id, "--yes")
        #expect(try await run("quote", "list").stdout.hasPrefix("No highlights yet"))
    }

    /// The same passage added again, with another page and note, said "Added highlight" while it
    /// changed the one there. Found by an exploratory session.
    @Test func thePassageAddedAgainSaysItWasThere() async throws {
        try await run("add", "--title", "Emma", "--author", "Jane Austen")
        let id = Highlight.id(slug: "emma", text: "same text again")
        #expect(
            try await run("quote", "add", "emma", "same text again", "--page", "3").stdout
                == "Added highlight \(id) to \"Emma\"\n")
        #expect(
            try await run("quote", "add", "emma", "same  text again", "--page", "5", "--note", "Mine").stdout
                == "Updated highlight \(id) on \"Emma\": the passage was there already\n")
        #expect(
            try await run("quote", "add", "emma", "same text again", "--page", "5").stdout
                == "Highlight \(id) is already on \"Emma\", as given\n")
        #expect(try await run("quote", "list", "emma").stdout == "\(id)  (p. 5)\n    “same text again”\n    — Mine\n")
    }

    /// A poem keeps its lines in the list, each under the first, and its blank line between
    /// stanzas: it was run together on one line. So does a note of several lines.
    @Test func aPoemIsListedLineByLine() async throws {
        try await run("add", "--title", "Emma", "--author", "Jane Austen")
        let poem = "My first is a word\n  that is shorter\n\nMy second is the next"
        try await run("quote", "add", "emma", poem, "--note", "Mr Elton's\ncharade")
        let id = Highlight.id(slug: "emma", text: poem)
        #expect(
            try await run("quote", "list", "emma").stdout
                == "\(id)\n    “My first is a word\n     that is shorter\n\n     My second is the next”\n"
                + "    — Mr Elton's\n      charade\n")
    }

    @Test func whatCannotBeDoneIsOneLineAndChangesNothing() async throws {
        try await run("add", "--title", "Emma", "--author", "Jane Austen")
        let empty = try await run("quote", "add", "emma", "  ", status: 1)
        #expect(empty.stderr == "Error: a highlight needs its text: give the passage in quotes\n")
        let missing = try await run("quote", "hide", "abcd", status: 1)
        #expect(missing.stderr.split(separator: "\n").count == 1 && missing.stderr.contains("no highlight has the id"))
        #expect(try await run("quote", "edit", "abcd", status: 64).stderr.contains("nothing to change"))
        // An option it does not know is named (it was answered "nothing to change").
        #expect(
            try await run("quote", "edit", "abcd", "--text", "x", status: 64).stderr.hasPrefix(
                "Error: Unknown option '--text'"))
        #expect(try await run("quote", "list").stdout.hasPrefix("No highlights yet"))
    }

    /// `none` clears a highlight's note as it clears any field in `edit` (it was kept as the note
    /// "none"), and three characters of an id are answered with how many are needed (they were
    /// answered "no highlight has the id"). Found by an exploratory session.
    @Test func noneClearsANoteAndAShortIdSaysHowMuchIsNeeded() async throws {
        try await run("add", "--title", "Emma", "--author", "Jane Austen")
        try await run("quote", "add", "emma", "Badly done, Emma!", "--note", "Box Hill", "--page", "368")
        let id = Highlight.id(slug: "emma", text: "Badly done, Emma!")
        try await run("quote", "edit", String(id.prefix(4)), "--note", "none", "--page", "None")
        #expect(try await run("quote", "list", "emma").stdout == "\(id)\n    “Badly done, Emma!”\n")
        let short = try await run("quote", "hide", String(id.prefix(3)), status: 1)
        #expect(
            short.stderr
                == "Error: '\(id.prefix(3))' is too little of a highlight's id: give its first four characters at least ('bookplate quote list' shows them)\n"
        )
    }
}
