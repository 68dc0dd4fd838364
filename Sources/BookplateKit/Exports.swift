// What the command line sees of the targets below BookplateKit: these declarations, one by one.
// The command line imports BookplateKit alone (CommandLineBoundaryTests), so a command that names
// a type not listed here (the site's build steps, the library's records, the catalogs' clients)
// does not compile; to use one is to list it here, on purpose. (Swift still lets through the
// members of what is listed, and the public extensions of standard types, such as String, that
// the targets named here declare.)
//
// The list holds the values commands parse, print and pass on (Book, ISBN, ReadingStatus…), what
// they print as JSON, the errors they report in one line, the parts a one-step command runs as
// they are (the library's own transactions, the note files, the catalogs and the last search, the
// exporter, the site's build and preview), and terminal helpers (display width, close matches).
// The flow stays one way: nothing below BookplateKit can import it.

@_exported import struct BookplateCatalog.BookCandidate
@_exported import struct BookplateCatalog.BookFinder
@_exported import enum BookplateCatalog.BookTarget
@_exported import enum BookplateCatalog.CatalogChoice
@_exported import struct BookplateCatalog.CatalogConfiguration
@_exported import enum BookplateCatalog.CatalogError
@_exported import struct BookplateCatalog.CatalogQuery
@_exported import struct BookplateCatalog.LastSearch
@_exported import enum BookplateCatalog.SearchError
@_exported import struct BookplateCatalog.URLSessionTransport
@_exported import enum BookplateCore.Bookplate
@_exported import enum BookplateCore.ControlSequences
@_exported import enum BookplateCore.CurrentFolderProblem
@_exported import enum BookplateCore.DisplayWidth
@_exported import enum BookplateCore.EnvironmentText
@_exported import enum BookplateCore.HTMLText
@_exported import struct BookplateCore.ISBN
@_exported import enum BookplateCore.Parallel
@_exported import struct BookplateCore.PartialDate
@_exported import struct BookplateCore.ShelfPaths
@_exported import enum BookplateCore.ShellWord
@_exported import enum BookplateCore.StandardStreams
@_exported import enum BookplateCore.Suggestions
@_exported import struct BookplateCore.WallClock
@_exported import struct BookplateImport.LibraryExporter
@_exported import enum BookplateLibrary.AudioLength
@_exported import struct BookplateLibrary.Book
@_exported import struct BookplateLibrary.BookDetails
@_exported import struct BookplateLibrary.BookEdit
@_exported import enum BookplateLibrary.BookFormat
@_exported import struct BookplateLibrary.BookJSON
@_exported import enum BookplateLibrary.BookOrder
@_exported import enum BookplateLibrary.BookplateJSON
@_exported import struct BookplateLibrary.Highlight
@_exported import struct BookplateLibrary.HighlightAddition
@_exported import struct BookplateLibrary.HighlightPlace
@_exported import enum BookplateLibrary.HighlightSource
@_exported import enum BookplateLibrary.ImportSource
@_exported import struct BookplateLibrary.ImportSummary
@_exported import struct BookplateLibrary.ImportedRow
@_exported import struct BookplateLibrary.Library
@_exported import enum BookplateLibrary.LibraryError
@_exported import struct BookplateLibrary.NewAuthor
@_exported import struct BookplateLibrary.NewBook
@_exported import struct BookplateLibrary.NewHighlight
@_exported import enum BookplateLibrary.NoteError
@_exported import struct BookplateLibrary.NoteStore
@_exported import struct BookplateLibrary.Rating
@_exported import struct BookplateLibrary.ReadEdit
@_exported import struct BookplateLibrary.ReadJSON
@_exported import enum BookplateLibrary.ReadOutcome
@_exported import struct BookplateLibrary.ReadRecord
@_exported import enum BookplateLibrary.ReadingStatus
@_exported import struct BookplateLibrary.RemovedBook
@_exported import struct BookplateLibrary.RemovedRow
@_exported import struct BookplateLibrary.RowWarning
@_exported import struct BookplateLibrary.SeriesPlace
@_exported import struct BookplateLibrary.SeriesPosition
@_exported import struct BookplateLibrary.SkippedRow
@_exported import class BookplateSite.PreviewServer
@_exported import enum BookplateSite.Publishing
@_exported import struct BookplateSite.SiteBuilder
@_exported import struct BookplateSite.SiteSettings
