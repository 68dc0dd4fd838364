import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file operation of Foundation failed, as the system says it ("Not a directory",
/// "Permission denied"): its messages could end in "(NSCocoaErrorDomain error 512.)".
package enum FileFailure {
    package static func reason(_ error: any Error) -> String {
        if let code = code(error) { return String(cString: strerror(code)) }
        let failure = error as NSError
        // An error of Bookplate's own (a cover's thumbnail it could not read) says what happened
        // in its description, where Foundation's text for it is "The operation could not be
        // completed. (BookplateSite.ThumbnailError error 1.)" (found by an exploratory session).
        if !(error is CocoaError), !(type(of: error) is NSError.Type) { return String(describing: error) }
        return failure.localizedDescription
    }

    /// The system's error number for the failure (`EFBIG`, `ENOSPC`), when it gave one.
    package static func code(_ error: any Error) -> Int32? {
        let failure = error as NSError
        // The underlying error is a `POSIXError` on Linux, which `as? NSError` does not find.
        let underlying = (failure.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }
        for candidate in [underlying, failure] {
            if let candidate, candidate.domain == NSPOSIXErrorDomain { return Int32(candidate.code) }
        }
        return nil
    }
}
