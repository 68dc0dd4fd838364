import Foundation
import FuzzInvariants

/// libFuzzer entry point. The bytes as a Goodreads export, imported and exported as CSV: no
/// formula in any cell, and the export imported and exported again gives the same bytes; a broken
/// invariant crashes the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = FuzzInvariants.export(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    return 0
}
