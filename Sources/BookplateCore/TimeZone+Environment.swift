import Foundation

extension TimeZone {
    /// The zone `TZ` names, read as the C library reads it, so that Bookplate's times are the
    /// ones `date` shows: unset, the system's zone; empty, UTC; a leading `:` dropped; a zone
    /// file's name (`Asia/Tokyo`) or path (`/usr/share/zoneinfo/Asia/Tokyo`, `/etc/localtime`);
    /// else a POSIX rule, `JST-9` or `UTC+3`, whose offset counts hours west of Greenwich
    /// (`UTC+3` is three hours behind it). Foundation read `UTC+3` as three hours ahead, and a
    /// `:` or a path as UTC, so the highlights feed wrote times hours off (found by an
    /// exploratory session). A POSIX rule with a summer time of its own (`ABC-1XYZ,M3.5.0,M10.5.0`)
    /// that no zone file is named after is read at its standard offset; anything else is UTC.
    package static func fromEnvironment(
        _ value: String? = ProcessInfo.processInfo.environment["TZ"],
        zoneFolder: String = ProcessInfo.processInfo.environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/usr/share/zoneinfo"
    ) -> TimeZone {
        guard var name = value else { return .current }
        if name.hasPrefix(":") { name.removeFirst() }
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        guard !name.isEmpty else { return utc }
        if let zone = zone(fromFile: name, in: zoneFolder) { return zone }
        if let rule = PosixTimeZoneRule(name) {
            if rule.hasSummerTime, let known = TimeZone(identifier: name) { return known }
            return TimeZone(secondsFromGMT: -rule.secondsWest) ?? utc
        }
        // A name that is neither is UTC to the C library: `TZ=JST` (no offset) was Tokyo's time,
        // `PST` Los Angeles' and `Nonsense` the system's, as Foundation knows such names, where
        // `date` showed UTC (found by a review). Only with no zone files to read is a name
        // Foundation knows taken.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: zoneFolder, isDirectory: &isFolder), isFolder.boolValue {
            return utc
        }
        return TimeZone(identifier: name) ?? utc
    }

    /// The zone of the zone file `name` names (a path, or a name in `folder`), by the name it has
    /// under a `zoneinfo` folder once links are followed; nil when there is no such file.
    private static func zone(fromFile name: String, in folder: String) -> TimeZone? {
        let path = name.hasPrefix("/") ? name : (folder as NSString).appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            return nil
        }
        if !name.hasPrefix("/"), let zone = TimeZone(identifier: name) { return zone }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let marker = "/zoneinfo/"
        if let range = resolved.range(of: marker, options: .backwards),
            let zone = TimeZone(identifier: String(resolved[range.upperBound...]))
        {
            return zone
        }
        // A copy of a zone file outside any zoneinfo folder (a copied /etc/localtime): the
        // system's zone is read from that file too.
        return .current
    }
}

/// The start of a POSIX `TZ` rule: a standard name (`JST`, `<+03>`) and its offset west of
/// Greenwich (`-9`, `3`, `-5:30`); the rest, if any, is its summer time.
struct PosixTimeZoneRule {
    var secondsWest: Int
    var hasSummerTime: Bool

    init?(_ text: String) {
        var rest = Substring(text)
        if rest.hasPrefix("<") {
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let name = rest[rest.index(after: rest.startIndex)..<close]
            guard name.count >= 3, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-".contains($0)) })
            else { return nil }
            rest = rest[rest.index(after: close)...]
        } else {
            let name = rest.prefix { $0.isASCII && $0.isLetter }
            guard name.count >= 3 else { return nil }
            rest = rest.dropFirst(name.count)
        }
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        var parts: [Int] = []
        while parts.count < 3 {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...2).contains(digits.count), let number = Int(digits) else { return nil }
            parts.append(number)
            rest = rest.dropFirst(digits.count)
            guard rest.first == ":" else { break }
            rest = rest.dropFirst()
        }
        guard parts[0] <= 24, parts.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
        secondsWest = sign * seconds
        hasSummerTime = !rest.isEmpty
    }
}
