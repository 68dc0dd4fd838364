import Foundation
import FuzzInvariants

/// libFuzzer entry point. Dates, ISBNs, import cells and catalog HTML-to-text; a broken invariant crashes the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = FuzzInvariants.parsers(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    return 0
}
