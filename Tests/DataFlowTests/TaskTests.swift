import DataFlow
import Testing

// "you can defer the creation of the object using the task(priority:_:) modifier"

struct LibraryHolderView: View {
    @State private var library: Library?

    var body: some View {
        Text(library?.name ?? "loading")
            .task {
                library = Library()
            }
    }
}

// "DeleteBookView: @Binding var book: Book? … book = nil"
struct DeleteBookContentView: View {
    @State private var book: Book?

    var body: some View {
        Text(book?.title ?? "no book")
        DeleteBookView(book: $book)
            .task {
                book = Book()
            }
    }
}

struct DeleteBookView: View {
    @Binding var book: Book?

    var body: some View {
        Button("Delete book") {
            book = nil
        }
    }
}

/// Lets a test see where a task is and let it go on.
@MainActor
final class TaskProbe {
    var started: [Int] = []
    var cancelled: [Int] = []
}

struct LongTaskView: View {
    let isShown: Bool
    let identity: Int
    let probe: TaskProbe

    var body: some View {
        if isShown {
            Text("running \(identity)")
                .task(id: identity) {
                    probe.started.append(identity)
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(1))
                    }
                    probe.cancelled.append(identity)
                }
        }
    }
}

@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<2000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

@MainActor
struct TaskTests {
    @Test("'.task { library = Library() }' — the task's closure runs on the main actor and writes state")
    func taskCreatesStateOnAppear() async {
        let host = ViewHost(LibraryHolderView())
        #expect(host.render() == ["loading"])
        #expect(await eventually { host.render() == ["My library of books"] })
    }

    @Test("DeleteBookView: 'setting the reference to nil' through a Binding to an object stored in State")
    func bindingToObjectReference() async {
        let host = ViewHost(DeleteBookContentView())
        #expect(await eventually { host.render() == ["A sample book", "[Delete book]"] })
        host.press("Delete book")
        #expect(host.render() == ["no book", "[Delete book]"])
    }

    @Test("task starts on appear and is cancelled on disappear")
    func taskCancelledOnDisappear() async {
        let probe = TaskProbe()
        let host = ViewHost(LongTaskView(isShown: true, identity: 1, probe: probe))
        #expect(await eventually { probe.started == [1] })
        host.rootView = LongTaskView(isShown: false, identity: 1, probe: probe)
        host.update()
        #expect(await eventually { probe.cancelled == [1] })
    }

    @Test("task(id:) restarts when the id changes")
    func taskRestartsForNewID() async {
        let probe = TaskProbe()
        let host = ViewHost(LongTaskView(isShown: true, identity: 1, probe: probe))
        #expect(await eventually { probe.started == [1] })
        host.rootView = LongTaskView(isShown: true, identity: 1, probe: probe)
        host.update()
        host.rootView = LongTaskView(isShown: true, identity: 2, probe: probe)
        host.update()
        #expect(await eventually { probe.started == [1, 2] && probe.cancelled == [1] })
        host.rootView = LongTaskView(isShown: false, identity: 2, probe: probe)
        host.update()
        #expect(await eventually { probe.cancelled == [1, 2] })
    }

    @Test("Releasing the host cancels the tasks of its views")
    func releasingHostCancelsTasks() async {
        let probe = TaskProbe()
        var host: ViewHost<LongTaskView>? = ViewHost(LongTaskView(isShown: true, identity: 7, probe: probe))
        #expect(await eventually { probe.started == [7] })
        #expect(host != nil)
        host = nil
        #expect(await eventually { probe.cancelled == [7] })
    }

    @Test("updatesAutomatically schedules an update on the main actor after a change")
    func automaticUpdates() async {
        let log = EventLog()
        let book = Book()
        let host = ViewHost(TrackedBookView(book: book, log: log))
        host.updatesAutomatically = true
        book.title = "Updated without a call to update()"
        #expect(await eventually { log.count(of: "BookView") == 2 })
        #expect(host.needsUpdate == false)
    }
}
