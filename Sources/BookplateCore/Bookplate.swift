import Foundation

/// Facts about this build of Bookplate.
public enum Bookplate {
    public static let version = "0.1.0"

    /// Which program is running: the version, and the size and modification time of the executable.
    /// The build state records it, so that a site built by another build of Bookplate — an upgrade,
    /// or a fix to how pages are rendered under the same version number — is made again in full
    /// rather than trusted. Reading it costs one `stat`, once per process.
    public static let programIdentity: String = {
        var identity = version
        if let path = Bundle.main.executablePath,
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        {
            identity += " \(path)"
            if let size = attributes[.size] as? NSNumber { identity += " \(size.int64Value)" }
            if let date = attributes[.modificationDate] as? Date { identity += " \(date.timeIntervalSince1970)" }
        }
        return identity
    }()
}
