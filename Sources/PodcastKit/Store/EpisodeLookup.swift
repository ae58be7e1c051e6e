/// The one way a typed name finds a library episode, for `play` and every library command alike: `show/N`, an
/// episode id, `show/latest`, or a show alone (both: the show's newest episode not yet played).
public enum EpisodeLookup {
    /// The forms a name of an episode takes, as help and errors say them.
    public static let forms = "SHOW/NUMBER, SHOW/latest, SHOW or an episode id"

    /// The episode `text` names; nil when `text` is no library name at all (no such show, or not of these forms),
    /// a `notFound` error when it names a show or episode that is not there.
    public static func listing(_ text: String, in store: LibraryStore) throws(StoreError) -> EpisodeListing? {
        if let reference = EpisodeReference(text) { return try store.episode(reference) }
        guard let slug = showSlug(text), let record = try store.show(matching: slug), let id = record.id else { return nil }
        guard let newest = try store.newestUnplayed(showID: id) else {
            throw .notFound("\(record.slug) has no episode left to play")
        }
        return newest
    }

    /// True when `text` has one of the forms of an episode's name (whether or not it names one).
    public static func isName(_ text: String) -> Bool {
        EpisodeReference(text) != nil || showSlug(text) != nil
    }

    /// The show that `show/latest` or a bare `show` names; nil for any other form.
    public static func showSlug(_ text: String) -> String? {
        let show = text.hasSuffix("/latest") ? String(text.dropLast("/latest".count)) : text
        return show.isEmpty || show.contains("/") ? nil : show
    }

    /// The episode `text` names: a malformed name is an `invalid` error (a usage error), a name that names nothing
    /// a `notFound` one.
    public static func require(_ text: String, in store: LibraryStore) throws(StoreError) -> EpisodeListing {
        if !isName(text) {
            throw .invalid("invalid episode reference '\(text)': expected \(forms)")
        }
        guard let listing = try listing(text, in: store) else { throw .notFound("\(text): no such episode or show") }
        return listing
    }
}
