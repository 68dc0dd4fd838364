import Testing

@testable import BookplateCatalog
@testable import BookplateCore
@testable import BookplateImport
@testable import BookplateKit
@testable import BookplateLibrary
@testable import BookplateMustache
@testable import BookplateSite

@Suite struct AuthorNameMatchTests {
    @Test(arguments: [
        ("Ursula K. Le Guin", "Ursula K. Le Guin"), ("Ursula K. Le Guin", "ursula k le guin"),
        ("Ursula K. Le Guin", "Le Guin, Ursula K."), ("Ursula K. Le Guin", "U. K. Le Guin"),
        ("Ursula K. Le Guin", "Ursula Le Guin"), ("Ursula K. Le Guin", "Ursula K. LeGuin"),
        ("Gabriel García Márquez", "Gabriel Garcia Marquez"), ("Martin Luther King Jr.", "King, Martin Luther, Jr."),
        ("J. R. R. Tolkien", "John Ronald Reuel Tolkien"), ("刘慈欣", "刘慈欣"),
    ])
    func theSamePersonWrittenTwoWays(first: String, second: String) {
        #expect(AuthorNameMatch.matches(first, second))
        #expect(AuthorNameMatch.matches(second, first))
    }

    @Test(arguments: [
        ("Frank Herbert", "Brian Herbert"), ("Ursula K. Le Guin", "Frank Herbert"), ("Herbert", "Frank Herbert"),
        ("Ursula K. Le Guin", "Ursula K. Le Carré"), ("Jane Austen", ""), ("", ""), ("Anne Brontë", "Emily Brontë"),
        ("Ursula K. Le Guin", "Ursula X. Le Guin"),
    ])
    func twoPeople(first: String, second: String) {
        #expect(!AuthorNameMatch.matches(first, second))
    }
}
