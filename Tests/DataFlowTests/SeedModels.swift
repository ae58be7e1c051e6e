import DataFlow

// Models from the seed documents, kept as close to the seeds as possible.

@Observable
final class Book: Identifiable {
    var title = "A sample book"
    var isAvailable = true
}

@Observable
final class Library {
    var name = "My library of books"
    var books: [Book] = [Book(), Book(), Book()]

    var availableBooksCount: Int {
        books.filter(\.isAvailable).count
    }
}

final class DataModel: ObservableObject {
    @Published var name = "Some Name"
    @Published var isEnabled = false

    init() {}

    init(name: String) {
        self.name = name
    }
}

struct Episode: Identifiable, Equatable {
    var id: Int
    var title: String
    var showTitle: String
    var isFavorite = false
}

/// Records what views and handlers did, in order, so tests can compare.
@MainActor
final class EventLog {
    private(set) var events: [String] = []

    /// Appends an event; returns nothing so it can sit in a `body` as `let _ =`.
    func record(_ event: String) {
        events.append(event)
    }

    func count(of event: String) -> Int {
        events.filter { $0 == event }.count
    }

    func clear() {
        events.removeAll()
    }
}
