import BookplateCore
import BookplateLibrary
import BookplateMustache

/// The named steps of a build, in the order a build runs them (``pipeline``).
public enum BuildStep: String, Sendable {
    case checkOutput = "check the output folder"
    case readState = "read the build state"
    case scanInputs = "read the settings and find the notes, covers, photos, pages and templates"
    case verifyOutput = "verify the output folder"
    case loadLibrary = "load the library"
    /// Each note file's fingerprint: the notes themselves are rendered as their pages are written.
    case readNotes = "read notes"
    case loadTemplates = "load templates"
    case planPages = "plan pages"
    case writeFiles = "write files"
    case saveState = "save the build state"
    /// Not a step of its own: a page's template, rendered as the page is written.
    case renderTemplates = "render templates"
    /// Not a step of its own: the covers and photos, found as pages are planned.
    case collectCovers = "collect covers and photos"
    /// Not a step of its own: the reader's pages, read as the inputs are found.
    case readPages = "read your pages"

    /// The steps of every build, in order; a build that finds its site up to date stops after
    /// ``verifyOutput``.
    static let pipeline: [BuildStep] = [
        .checkOutput, .readState, .scanInputs, .verifyOutput, .loadLibrary, .readNotes, .loadTemplates,
        .planPages, .writeFiles, .saveState,
    ]
}

/// A failed build: the step, the path it was working on where that helps, and the cause.
public struct BuildError: Error, CustomStringConvertible {
    public var step: BuildStep
    public var path: String?
    public var underlying: any Error

    public var description: String {
        let cause = "\(underlying)"
        // A settings error names its file, line and key: the step's long name before it said
        // nothing more (found by an exploratory session).
        if underlying is SettingsError { return "build failed to read the settings: \(cause)" }
        if let path, !cause.contains(path) { return "build failed to \(step.rawValue) (\(path)): \(cause)" }
        return "build failed to \(step.rawValue): \(cause)"
    }
}
