import BookplateCore
import Foundation

/// Every file a build may write, in order, each planned only when it is asked for.
///
/// Most of a site is one kind of page again and again (a page per book, per author's page of
/// books), so such a run is kept as its length and a way to plan the file at a position in it:
/// 67,000 paths and closures held at once took 20 MB at 50,000 books.
struct SitePlan: RandomAccessCollection, Sendable {
    /// `count` files, the one at `offset` in the run planned by `output(offset)`.
    private struct Run: Sendable {
        var start: Int
        var count: Int
        var output: @Sendable (_ offset: Int) -> PlannedOutput
    }

    private var runs: [Run] = []
    private(set) var endIndex = 0
    /// Whether covers or photos were left out because libvips could not be loaded or started:
    /// the plan is not the site a build with libvips makes of the same inputs.
    var leavesOutCovers = false
    var startIndex: Int { 0 }

    init() {}

    init(_ outputs: [PlannedOutput]) {
        append(contentsOf: outputs)
    }

    subscript(position: Int) -> PlannedOutput {
        precondition(indices.contains(position), "no file at \(position) of the plan")
        // The last run that starts at or before `position`.
        var low = 0
        var high = runs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].start <= position { low = middle } else { high = middle - 1 }
        }
        return runs[low].output(position - runs[low].start)
    }

    /// Adds `count` files, the one at `offset` among them planned by `output` when asked for.
    mutating func append(count: Int, _ output: @escaping @Sendable (_ offset: Int) -> PlannedOutput) {
        guard count > 0 else { return }
        runs.append(Run(start: endIndex, count: count, output: output))
        endIndex += count
    }

    mutating func append(_ output: PlannedOutput) {
        append(contentsOf: [output])
    }

    mutating func append(contentsOf outputs: [PlannedOutput]) {
        append(count: outputs.count) { outputs[$0] }
    }

    mutating func append(contentsOf plan: SitePlan) {
        append(count: plan.count) { plan[$0] }
    }
}
