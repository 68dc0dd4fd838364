/// A count with its noun, as the command line prints it: "1 book", "3 books". (Every noun the
/// commands count takes an s.)
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
