/// The SVG and MathML elements open at a point of a note's HTML, as a browser's tree builder
/// keeps them, so far as telling markup from raw text needs: inside `<svg>` or `<math>` a
/// `<style>` or `<script>` is an element like any other, whose `<!--` opens a comment, but in
/// an HTML integration point (`foreignObject`, `desc` or `title` in SVG; `mi`, `mo`, `mn`, `ms`,
/// `mtext`, and `annotation-xml` of HTML in MathML) and after an HTML element that breaks out of
/// them (`<p>`, `<div>`, `<b>`…) HTML's rules hold again. Checked against Chromium's DOM.
struct ForeignContent {
    private struct Element {
        var name: String
        var isHTML: Bool
        var isIntegrationPoint: Bool
    }

    /// The elements open since the outermost `<svg>` or `<math>`: empty outside them.
    private var open: [Element] = []

    /// Whether a tag here is read by HTML's rules (a `<style>` holds raw text).
    var followsHTMLRules: Bool {
        guard let current = open.last else { return true }
        return current.isHTML || current.isIntegrationPoint
    }

    /// Takes in the start tag of `name`, with its `attributes` (the tag's text); whether it is
    /// read by HTML's rules. `rawText`: the element's text is no markup by HTML's rules (its end
    /// tag is not seen: the element is not kept open).
    mutating func start(_ name: String, selfClosing: Bool, attributes: ArraySlice<UInt8>, rawText: Bool) -> Bool {
        if !followsHTMLRules, Self.breaksOut.contains(name) {
            while let current = open.last, !current.isHTML, !current.isIntegrationPoint { open.removeLast() }
        }
        if followsHTMLRules {
            if name == "svg" || name == "math" {
                if !selfClosing { open.append(Element(name: name, isHTML: false, isIntegrationPoint: false)) }
            } else if !open.isEmpty, !rawText, !Self.voidElements.contains(name) {
                open.append(Element(name: name, isHTML: true, isIntegrationPoint: false))
            }
            return true
        }
        if !selfClosing {
            let mathML = open.last { !$0.isHTML && ($0.name == "math" || $0.name == "svg") }?.name == "math"
            let point =
                mathML
                ? Self.mathIntegrationPoints.contains(name)
                    || (name == "annotation-xml"
                        && ["text/html", "application/xhtml+xml"].contains(
                            HTMLAllowList.Tag.attribute("encoding", in: attributes)?.lowercased() ?? ""))
                : Self.svgIntegrationPoints.contains(name)
            open.append(Element(name: name, isHTML: false, isIntegrationPoint: point))
        }
        return false
    }

    /// Takes in the end tag of `name`: it closes the element of that name and those inside it.
    mutating func end(_ name: String) {
        guard let index = open.lastIndex(where: { $0.name == name }) else { return }
        open.removeSubrange(index...)
    }

    private static let svgIntegrationPoints: Set<String> = ["foreignobject", "desc", "title"]
    private static let mathIntegrationPoints: Set<String> = ["mi", "mo", "mn", "ms", "mtext"]
    /// The HTML start tags that end SVG and MathML where they stand (HTML's "in foreign content").
    private static let breaksOut: Set<String> = [
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
        "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
        "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
    ]
    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
}
