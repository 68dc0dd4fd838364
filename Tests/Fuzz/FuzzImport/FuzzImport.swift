import Foundation
import FuzzInvariants

/// libFuzzer entry point. Every import format (Goodreads, StoryGraph, LibraryThing, BookWyrm, Bookplate JSON) and the CSV parser; a broken invariant crashes the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = FuzzInvariants.imports(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    return 0
}
