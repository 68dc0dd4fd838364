import BookplateCore
import BookplateLibrary
import BookplateMustache
import CVips
import Foundation
import Synchronization

/// libvips, started once per process, reached through the fixed-option wrappers of `CVips`.
///
/// Each cover is made on the thread that asks for it with one vips worker (vips_concurrency_set(1)):
/// a build runs covers on every core itself, so each core makes one cover at a time instead of
/// every cover asking for every core.
enum Vips {
    /// Whether libvips was started, or what kept it from starting.
    private enum Start {
        case notTried
        case started
        case failed(ThumbnailError.Problem)
    }

    /// Held while libvips starts: whichever thread comes first starts it, and the others wait.
    private static let state = Mutex(Start.notTried)

    /// Starts libvips unless it has started already, or throws what kept it from starting.
    /// libvips is loaded here, by the first cover that needs it (`CVips`): a shelf without covers
    /// never loads it.
    static func start() throws {
        let failure = state.withLock { start -> ThumbnailError.Problem? in
            if case .notTried = start {
                if bp_start() == 0 {
                    start = .started
                } else if let unavailable = bp_unavailable() {
                    start = .failed(.vipsNotLoaded(String(cString: unavailable)))
                } else {
                    start = .failed(.vipsUnavailable(takeError()))
                }
            }
            guard case .failed(let problem) = start else { return nil }
            return problem
        }
        if let failure { throw ThumbnailError(problem: failure) }
    }

    /// Lets the next cover try again to load libvips when the last try could not load it: each
    /// build of a `serve` left every cover out for the life of the process, named a library
    /// since removed, and said the covers were "put back by the next build that loads it" (found
    /// by a review). A libvips that loaded and did not start (`vips_init` failed) cannot be
    /// started again, and is not tried again. Call it when no cover is being made.
    static func retryLoadingIfItFailed() {
        state.withLock { start in
            guard case .failed(.vipsNotLoaded) = start else { return }
            bp_retry_loading()
            start = .notTried
        }
    }

    /// The libvips version this process runs, as "8.14.1".
    static var version: String { String(cString: bp_version()) }

    /// The image that `operation` hands back through its last argument; `ThumbnailError.damaged`
    /// with vips' reason when it fails.
    static func image(_ operation: (UnsafeMutablePointer<OpaquePointer?>) -> Int32) throws
        -> VipsImageHandle
    {
        var output: OpaquePointer?
        let status = operation(&output)
        guard status == 0, let output else {
            if let output { bp_unref(output) }
            throw ThumbnailError(problem: .damaged(takeError()))
        }
        dropWarnings()
        return VipsImageHandle(output)
    }

    /// The bytes that a save `operation` hands back in a buffer of vips', which is freed here.
    static func bytes(_ operation: (UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>) -> Int32)
        throws -> Data
    {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status = operation(&buffer, &length)
        defer { bp_free(buffer) }
        guard status == 0, let buffer else { throw ThumbnailError(problem: .damaged(takeError())) }
        dropWarnings()
        return Data(bytes: buffer, count: length)
    }

    /// Empties vips' error buffer after an operation that succeeded: what it said there (a
    /// cover's ICC profile it could not read, and did without) was taken for the reason the next
    /// damaged cover failed (found by an exploratory session).
    private static func dropWarnings() {
        bp_free(bp_error_copy())
    }

    /// The first line of vips' error buffer, which is emptied (copied and cleared in one step, as
    /// another thread may be adding to it), with control and format characters dropped so that
    /// nothing a file says can move the terminal's cursor or turn its text around.
    static func takeError() -> String {
        guard let copy = bp_error_copy() else { return "libvips gave no reason" }
        defer { bp_free(copy) }
        let text = String(cString: copy)
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let printable = String(
            String.UnicodeScalarView(
                line.unicodeScalars.filter { ![.control, .format].contains($0.properties.generalCategory) }))
        let trimmed = printable.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return "libvips gave no reason" }
        return trimmed.count > 200 ? String(trimmed.prefix(200)) + "…" : trimmed
    }
}

/// A reference to a libvips image, given up when the handle goes away.
struct VipsImageHandle: ~Copyable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        bp_unref(pointer)
    }

    var width: Int { Int(bp_width(pointer)) }
    var height: Int { Int(bp_height(pointer)) }
    var bands: Int { Int(bp_bands(pointer)) }

    /// The image's pixels, band by band, row by row, as vips holds them.
    func pixels() throws -> [UInt8] {
        var length = 0
        guard let memory = bp_write_to_memory(pointer, &length) else {
            throw ThumbnailError(problem: .damaged(Vips.takeError()))
        }
        defer { bp_free(memory) }
        return [UInt8](UnsafeRawBufferPointer(start: memory, count: length))
    }
}
