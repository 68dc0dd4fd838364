import BookplateCore
import Foundation

/// How long decoding character references takes in a megabyte of description, the largest a
/// catalog might send: `swift run bookplate-bench entities` (debug, as tests and CI run it) or
/// with `-c release`.
enum EntityBenchmark {
    static func run() {
        let samples = [
            ("prose, a reference every 80 bytes", "Gr&ouml;&szlig;e &mdash; caf&eacute; &amp; a longer run of words. "),
            ("nothing but references", "&eacute;&amp;&#233;&notin;&CounterClockwiseContourIntegral;&lt"),
            ("no references", "A plain paragraph of a description, with no ampersand in it at all. "),
        ]
        for (name, piece) in samples {
            let text = String(repeating: piece, count: 1_000_000 / piece.utf8.count)
            var times: [Duration] = []
            for _ in 0..<5 {
                let started = ContinuousClock.now
                let decoded = HTMLEntities.decode(text)
                times.append(ContinuousClock.now - started)
                precondition(!decoded.isEmpty)
            }
            let median = times.sorted()[times.count / 2]
            print("\(name): \(text.utf8.count) bytes decoded in \(median) (median of 5)")
        }
    }
}
