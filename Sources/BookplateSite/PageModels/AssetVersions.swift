import BookplateCore
import Foundation

/// A short digest of the content of each asset the theme links, which the layout writes after its
/// address (`assets/style.css?v=…`): the address changes with the file, so a browser or a CDN
/// that holds the old one (GitHub Pages lets them keep it ten minutes) asks for the new one with
/// the first page that needs it, where it paired new pages with the old style sheet (found by an
/// exploratory session). Files keep their names, and the query is read from `file://` too.
struct AssetVersions: Sendable, Encodable, Equatable {
    /// `assets/style.css`'s.
    var style: String
    /// `assets/search.js`'s.
    var search: String
    /// `assets/favicon.svg`'s.
    var favicon: String

    /// The versions of the assets of a theme, by path below `assets/`; empty for one it lacks.
    init(assets: [String: Data]) {
        func version(_ path: String) -> String {
            assets[path].map { String(ContentHash.sha256Hex(of: [UInt8]($0)).prefix(10)) } ?? ""
        }
        style = version("style.css")
        search = version("search.js")
        favicon = version("favicon.svg")
    }

    /// The built-in theme's.
    static let builtIn = AssetVersions(assets: Theme.builtIn.assets)
}
