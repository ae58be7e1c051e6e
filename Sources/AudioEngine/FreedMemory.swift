import CLazyLibraries

/// Gives the memory an episode's decoding freed back to the system.
///
/// glibc keeps what a thread frees in that thread's arena for the next allocation: an AAC episode's decoder (about
/// 2 MB while it plays) left 0.6 MB more resident after each such episode of a listening day, freed but kept, until
/// `malloc_trim` returned it (2.6 MB at once after eight episodes).
enum FreedMemory {
    /// Returns the free pages of every arena; called between episodes, when nothing is being decoded.
    static func giveBack() {
        _ = podline_malloc_trim()
    }
}
