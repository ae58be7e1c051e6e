import DataFlow
import Testing

// "in the following code BookView updates each time title changes but not when isAvailable changes"

struct BookContentView: View {
    @State private var book = Book()
    let log: EventLog
    let onBook: (Book) -> Void

    var body: some View {
        let _ = onBook(book)
        let _ = log.record("ContentView")
        TrackedBookView(book: book, log: log)
    }
}

struct TrackedBookView: View {
    var book: Book
    let log: EventLog

    var body: some View {
        let _ = log.record("BookView")
        Text(book.title)
    }
}

struct BookCheckoutView: View {
    var book: Book

    var body: some View {
        Button(book.isAvailable ? "Check out book" : "Return book") {
            book.isAvailable.toggle()
        }
    }
}

struct ParentReadingNothing: View {
    let book: Book
    let log: EventLog

    var body: some View {
        let _ = log.record("Parent")
        VStack {
            TrackedBookView(book: book, log: log)
            Text("footer")
        }
    }
}

@MainActor
struct ObservableTests {
    @Test("BookView 'updates each time title changes but not when isAvailable changes'")
    func bookViewTracksOnlyWhatItReads() {
        let log = EventLog()
        var captured: Book?
        let host = ViewHost(BookContentView(log: log) { captured = $0 })
        let book = try! #require(captured)
        #expect(log.count(of: "BookView") == 1)

        book.isAvailable = false
        host.update()
        #expect(log.count(of: "BookView") == 1)

        book.title = "Great Expectations"
        host.update()
        #expect(log.count(of: "BookView") == 2)
        #expect(host.render() == ["Great Expectations"])
    }

    @Test("Dependencies are per node: a child's reads never invalidate its parent")
    func childReadsDoNotInvalidateParent() {
        let log = EventLog()
        let book = Book()
        let host = ViewHost(ParentReadingNothing(book: book, log: log))
        book.title = "New"
        host.update()
        #expect(log.count(of: "BookView") == 2)
        #expect(log.count(of: "Parent") == 1)
        #expect(host.render() == ["New", "footer"])
    }

    @Test("BookCheckoutView: 'set the properties of the object to new values in a subview by passing the object reference'")
    func subviewWritesThroughObjectReference() {
        let book = Book()
        let host = ViewHost(BookCheckoutView(book: book))
        host.press("Check out book")
        #expect(book.isAvailable == false)
        #expect(host.render() == ["[Return book]"])
    }

    @Test("Several writes before an update re-evaluate a dependent view once")
    func writesBeforeUpdateCoalesce() {
        let log = EventLog()
        let book = Book()
        let host = ViewHost(ParentReadingNothing(book: book, log: log))
        book.title = "1"
        book.title = "2"
        book.title = "3"
        host.update()
        #expect(log.count(of: "BookView") == 2)
        #expect(host.render().first == "3")
    }

    @Test(
        "A parent re-evaluated with the same inputs for a child does not re-evaluate the child; a child given new inputs keeps observing what it reads"
    )
    func identicalInputSkipsChild() {
        let log = EventLog()
        let book = Book()
        let host = ViewHost(TickingShelf(book: book, log: log))
        host.press("tick")
        host.press("tick")
        #expect(log.count(of: "TickingShelf") == 3)
        #expect(log.count(of: "BookView") == 1)
        #expect(log.count(of: "TickedBookView") == 3)
        book.title = "Still tracked"
        #expect(host.render() == ["[tick]", "Still tracked", "Still tracked 2"])
        #expect(log.count(of: "BookView") == 2)
        #expect(log.count(of: "TickedBookView") == 4)
    }

    @Test("Observation 'fires on the mutating thread': a model written off the main actor updates the view at the next update")
    func writeFromAnotherThread() async {
        let log = EventLog()
        let book = Book()
        let host = ViewHost(ParentReadingNothing(book: book, log: log))
        let sendable = UncheckedBox(book)
        await Task.detached { sendable.value.title = "Written elsewhere" }.value
        #expect(host.render() == ["Written elsewhere", "footer"])
        #expect(log.count(of: "BookView") == 2)
    }

    @Test("A binding to state can outlive its host: writing it does nothing harmful")
    func bindingOutlivesHost() {
        var binding: Binding<Bool>?
        do {
            let host = ViewHost(BindingExporter { binding = $0 })
            host.update()
        }
        binding?.wrappedValue = true
        #expect(binding?.wrappedValue == true)
    }

    @Test("A view that stopped reading a property no longer updates for it (stale registrations are ignored)")
    func staleDependenciesAreIgnored() {
        let log = EventLog()
        let book = Book()
        let host = ViewHost(ConditionalReader(book: book, log: log))
        book.isAvailable = false  // the body now reads only isAvailable
        host.update()
        #expect(log.count(of: "ConditionalReader") == 2)
        book.title = "ignored"
        host.update()
        #expect(log.count(of: "ConditionalReader") == 2)
    }
}

struct ConditionalReader: View {
    let book: Book
    let log: EventLog

    var body: some View {
        let _ = log.record("ConditionalReader")
        if book.isAvailable {
            Text(book.title)
        } else {
            Text("unavailable")
        }
    }
}

struct TickingShelf: View {
    let book: Book
    let log: EventLog
    @State private var ticks = 0

    var body: some View {
        let _ = log.record("TickingShelf")
        Button("tick") { ticks += 1 }
        TrackedBookView(book: book, log: log)
        TickedBookView(ticks: ticks, book: book, log: log)
    }
}

struct TickedBookView: View {
    let ticks: Int
    let book: Book
    let log: EventLog

    var body: some View {
        let _ = log.record("TickedBookView")
        Text("\(book.title) \(ticks)")
    }
}

struct BindingExporter: View {
    @State private var flag = false
    let export: (Binding<Bool>) -> Void

    var body: some View {
        let _ = export($flag)
        Text(flag ? "on" : "off")
    }
}
