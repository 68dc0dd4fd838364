import BookplateCore
import Foundation

/// The links of the reader's own style sheets (`templates/assets/…/*.css`) to files the site
/// lacks: a font or a background image named in `url(…)` and never put in the theme broke
/// without a word (found by an exploratory session).
enum StyleSheetLinks {
    /// A line for each link of a style sheet below `templates/assets` to a file that neither
    /// `exists` in the output folder nor the build makes (`made` gives those of the paths asked
    /// that it does), saying where to put it. The site is published at `sitePath` (as
    /// ``SiteLinks``); `site` is the output folder as the reader names it.
    static func missing(
        templates: URL, site: String, sitePath: String, exists: (String) -> Bool, made: (Set<String>) -> Set<String>
    ) -> [String] {
        let assets = templates.appendingPathComponent("assets")
        let links = SiteLinks(sitePath: sitePath)
        var missing: [(sheet: URL, link: String, path: String)] = []
        for relative in styleSheets(in: assets) {
            guard let data = FileManager.default.contents(atPath: assets.path + "/" + relative) else { continue }
            let folder = "assets/" + relative.split(separator: "/").dropLast().map { $0 + "/" }.joined()
            let sheet = assets.appendingPathComponent(relative)
            missing += links.missing(
                self.links(in: String(decoding: data, as: UTF8.self)), from: folder, exists: exists
            )
            .map { (sheet, $0, $1) }
        }
        guard !missing.isEmpty else { return [] }
        let madeByTheBuild = made(Set(missing.map(\.path)))
        return missing.filter { !madeByTheBuild.contains($0.path) }.map { sheet, link, path in
            let place =
                path.hasPrefix("assets/")
                ? templates.appendingPathComponent(path).relativePathForDisplay
                    + " (the theme's assets are published in \(site)/assets/)"
                : "\(site)/\(path) (what you keep there is published as it is)"
            return "\(sheet.relativePathForDisplay) links \(link), which is not in \(site): put the file at \(place) "
                + "or mend the link"
        }
    }

    /// The style sheets below `folder`, by path there, in order; hidden files and folders left
    /// out, as the theme leaves them.
    static func styleSheets(in folder: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var sheets: [String] = []
        for case let relative as String in walk {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                walk.skipDescendants()
                continue
            }
            if relative.lowercased().hasSuffix(".css") { sheets.append(relative) }
        }
        return sheets.sorted()
    }

    /// The addresses a style sheet links, in `url(…)` and `@import`, as written; comments left out.
    static func links(in css: String) -> [String] {
        var uncommented = ""
        var text = Substring(css)
        while let open = text.range(of: "/*") {
            uncommented += text[..<open.lowerBound]
            text = text[open.upperBound...].range(of: "*/").map { text[$0.upperBound...] } ?? ""
        }
        uncommented += text
        return uncommented.matches(of: reference).compactMap { match in
            let link = (1...5).lazy.compactMap { match.output[$0].substring }.first.map(String.init)
            return link?.isEmpty == false ? link : nil
        }
    }

    /// `url("…")`, `url('…')`, `url(…)`, and `@import "…"` (an `@import url(…)` is a `url(`).
    nonisolated(unsafe) private static let reference: Regex<AnyRegexOutput> = {
        do {
            return try Regex(#"(?i)url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]+))|@import\s+(?:"([^"]*)"|'([^']*)')"#)
        } catch {
            preconditionFailure("the pattern of a style sheet's links is a regular expression: \(error)")
        }
    }()
}
