import Foundation

/// The bytes of a page as the renderer writes them: UTF-8, in one buffer that grows as needed and
/// becomes the page's `Data` without a copy.
///
/// A page was rendered into a `String`, then copied into `Data` to be written: at 50,000 books
/// that copy was a fiftieth of the build.
package struct RenderedBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 4096) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Whether the bytes written since `start` end with a line feed that is not part of a CRLF
    /// written since `start`: a line of text has ended. (Rendered as a `String` of its own, each
    /// template's output saw CRLF as one character, not a line feed, and a CR before `start` was
    /// not in it.)
    func endsWithLineFeed(since start: Int) -> Bool {
        count > start && base[count - 1] == UInt8(ascii: "\n")
            && !(count - 1 > start && base[count - 2] == UInt8(ascii: "\r"))
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).initialize(from: start, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Takes away what was written after the first `count` bytes.
    mutating func removeAll(after count: Int) {
        self.count = min(self.count, count)
    }

    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        var grown = capacity * 2
        while grown < count + more { grown *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// The bytes as `Data`, which takes the buffer over.
    package consuming func data() -> Data {
        let (base, count) = (base, count)
        discard self
        guard count > 0 else {
            base.deallocate()
            return Data()
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }
}
