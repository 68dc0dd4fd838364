// The command line and the benchmarks depend on BookplateKit alone and see the modules below it
// through these re-exports: their types (Book, ISBN, BuildReport…) are what commands print.
// The flow stays one way: nothing below BookplateKit can import it.
@_exported import BookplateCatalog
@_exported import BookplateCore
@_exported import BookplateImport
@_exported import BookplateLibrary
@_exported import BookplateSite
