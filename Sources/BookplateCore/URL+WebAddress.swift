import Foundation

extension URL {
    /// Whether this is an absolute http or https address with a host: the only links from
    /// outside that Bookplate keeps.
    public var isWebAddress: Bool {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return !(host ?? "").isEmpty
    }
}
