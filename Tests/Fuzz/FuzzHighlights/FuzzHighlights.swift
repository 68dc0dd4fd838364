import Foundation
import FuzzInvariants

/// libFuzzer entry point. The first byte picks a highlights reader (Kindle clippings, KOReader
/// JSON, Readwise CSV, a Kobo's database written to a file), the rest is the export; a broken
/// invariant crashes the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = FuzzInvariants.highlights(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    return 0
}
