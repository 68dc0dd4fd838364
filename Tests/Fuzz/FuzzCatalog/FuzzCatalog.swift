import Dispatch
import Foundation
import FuzzInvariants

/// libFuzzer entry point. The first byte picks a Google Books or Open Library call, the rest is
/// the catalog's answer to every request; a broken invariant crashes the run.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let done = DispatchSemaphore(value: 0)
    Task {
        let problems = await FuzzInvariants.catalog(data)
        if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
        done.signal()
    }
    done.wait()
    return 0
}
