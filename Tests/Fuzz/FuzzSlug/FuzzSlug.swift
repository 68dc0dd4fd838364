import Foundation
import FuzzInvariants

/// libFuzzer entry point. Slug.make: a well-formed slug for any text, and in linear time for a
/// title of megabytes (an input starting HUGE); a broken invariant crashes the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = FuzzInvariants.hugeSlug(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    return 0
}
