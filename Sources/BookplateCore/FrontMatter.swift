import Foundation
import Yams

/// The YAML front matter a note or a page of the reader's may begin with (`---`, `key: value`
/// lines, `---`), as Obsidian, Jekyll and Hugo write it: what the site reads of it, and whether it
/// keeps its file unpublished. Where it ends is ``NoteRenderer/withoutFrontMatter(_:)``'s to say.
package enum FrontMatter {
    /// The text values of the top-level keys of `front`, the front matter with its fences;
    /// `warn` is told when it is no YAML (then it has none).
    package static func fields(of front: String, warn: (String) -> Void) -> [String: String] {
        var lines = front.split(separator: "\n", omittingEmptySubsequences: false)
        // The fences: the first line, and the last one that is not empty.
        while let last = lines.last, last.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            lines.removeLast()
        }
        let yaml = lines.dropFirst().dropLast().joined(separator: "\n")
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            warn("its front matter is no YAML, and was left out")
            return [:]
        }
        guard let mapping = node?.mapping else { return [:] }
        var fields: [String: String] = [:]
        for (key, value) in mapping {
            if let key = key.string, let value = value.scalar?.string { fields[key] = value }
        }
        return fields
    }

    /// Whether front matter `matter` says its file is not to be published, as the tools its
    /// notes come from read it: Hugo's `draft: true`, Jekyll's `published: false`, Obsidian
    /// Publish's `publish: false`. A draft marked so was published (found by a privacy audit).
    /// The keys are read in any case, as Hugo reads its own: `Draft: true` was published (found by
    /// a review).
    package static func isUnpublished(_ matter: [String: String]) -> Bool {
        let yes: Set = ["true", "yes", "on"]
        let no: Set = ["false", "no", "off"]
        return matter.contains { key, value in
            let value = value.trimmingCharacters(in: .whitespaces).lowercased()
            switch key.lowercased() {
            case "draft": return yes.contains(value)
            case "published", "publish": return no.contains(value)
            default: return false
            }
        }
    }

    /// Whether the front matter of `markdown` (a note's, a page's) keeps it off the site.
    package static func isUnpublished(markdown: String) -> Bool {
        guard markdown.hasPrefix("---") else { return false }
        let text = markdown.replacingOccurrences(of: "\r\n", with: "\n")
        let body = NoteRenderer.withoutFrontMatter(text)
        guard body.utf8.count != text.utf8.count else { return false }
        let front = String(text.utf8.prefix(text.utf8.count - body.utf8.count)) ?? ""
        return isUnpublished(fields(of: front, warn: { _ in }))
    }
}
