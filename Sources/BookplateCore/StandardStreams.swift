import CStandardStreams

/// The standard streams as the program was started with them. One that was closed (`>&-`) is
/// open on /dev/null from before `main` (Sources/CStandardStreams), so that no file the program
/// opens takes its number and is written into as output.
public enum StandardStreams {
    /// Whether standard output was closed when the program started.
    public static var outputWasClosed: Bool { bookplate_standard_streams_closed_at_start() & (1 << 1) != 0 }
}
