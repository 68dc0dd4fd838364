import BookplateCore
import BookplateLibrary
import BookplateMustache
import Foundation

/// One file a build may write: where, a fingerprint of what it is made from, and how to make it.
///
/// A page's model is made only when the page's fingerprint or contents are asked for, and
/// dropped after: a build of ten thousand books never holds every page's model at once.
struct PlannedOutput: Sendable {
    var path: String
    /// The fingerprint, and the contents when `contents` is true.
    private var plan: @Sendable (_ contents: Bool) throws -> (fingerprint: Fingerprint, data: Data?)

    /// A file whose fingerprint is known before it is made.
    init(path: String, fingerprint: Fingerprint, make: @escaping @Sendable () throws -> Data) {
        self.path = path
        plan = { contents in (fingerprint, contents ? try make() : nil) }
    }

    /// A file whose fingerprint and contents come from the same work (a page's model).
    init(path: String, plan: @escaping @Sendable (_ contents: Bool) throws -> (fingerprint: Fingerprint, data: Data?)) {
        self.path = path
        self.plan = plan
    }

    func fingerprint() throws -> Fingerprint {
        try plan(false).fingerprint
    }

    func make() throws -> (fingerprint: Fingerprint, data: Data) {
        let made = try plan(true)
        return (made.fingerprint, made.data ?? Data())
    }
}
