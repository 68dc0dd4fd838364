import Foundation
import FuzzInvariants

/// libFuzzer entry point. HTMLAllowList.sanitize and html(fromText:): allow-listed, balanced, stable HTML; a broken invariant crashes the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = FuzzInvariants.html(data)
    if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    return 0
}
