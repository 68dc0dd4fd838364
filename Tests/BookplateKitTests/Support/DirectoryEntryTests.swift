import Foundation
import Testing

@testable import BookplateCore

#if canImport(Glibc)
    import Glibc
#endif

/// `readdir` writes each entry only as long as its name needs, so an entry may end a few bytes
/// before the end of the listing's buffer, and that buffer may end a page. Names were read from a
/// copy of the whole 280-byte `struct dirent`, past the entry: AddressSanitizer reported it on
/// every listing of `site/books/`, and a build on a 1,236-book shelf died of SIGSEGV once in CI
/// (found by a review with sanitizers). Names are read where the entry ends.
@Suite struct DirectoryEntryTests {
    /// An entry placed as the system may place one: its name ending just before a page that
    /// cannot be read. Reading past the name faults, so the test would crash.
    func withEntryAtTheEndOfAPage(named name: [UInt8], _ body: (UnsafeMutablePointer<dirent>) throws -> Void)
        throws
    {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let memory = try #require(mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        try #require(memory != MAP_FAILED)
        defer { munmap(memory, 2 * page) }
        try #require(mprotect(memory + page, page, PROT_NONE) == 0)
        let nameOffset = try #require(MemoryLayout<dirent>.offset(of: \.d_name))
        // The entry starts on an 8-byte boundary, as the system aligns them, with its name and
        // closing NUL filling what is left of the page.
        var start = page - nameOffset - name.count - 1
        start -= start % 8
        let entry = memory.advanced(by: start)
        entry.initializeMemory(as: UInt8.self, repeating: 0, count: page - start)
        for (index, byte) in name.enumerated() {
            entry.storeBytes(of: byte, toByteOffset: nameOffset + index, as: UInt8.self)
        }
        try body(entry.assumingMemoryBound(to: dirent.self))
    }

    @Test func aNameIsReadWhereItsEntryEnds() throws {
        try withEntryAtTheEndOfAPage(named: Array("cover.jpg".utf8)) { entry in
            #expect(entry.name == "cover.jpg")
            #expect(entry.exactName == "cover.jpg")
            #expect(entry.nameBytes == "cover.jpg".utf8CString.map { $0 })
        }
    }

    @Test func aNameThatIsNoUTF8IsShownAndKeptByItsBytes() throws {
        let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        try withEntryAtTheEndOfAPage(named: bytes) { entry in
            #expect(entry.exactName == nil)
            #expect(entry.name == "caf\u{FFFD}")
            #expect(entry.nameBytes == (bytes + [0]).map { CChar(bitPattern: $0) })
        }
    }

    /// Nothing in Sources reads an entry's name from a copy of it.
    @Test func noSourceCopiesAnEntrysName() throws {
        let sources = TestPaths.repository.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        var checked = 0
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            checked += 1
            #expect(!text.contains("pointee.d_name"), "Sources/\(file)")
        }
        #expect(checked > 100)
    }
}
