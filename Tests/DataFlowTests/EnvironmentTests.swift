import DataFlow
import Testing

private struct ShowNameKey: EnvironmentKey {
    static var defaultValue: String { "Untitled" }
}

extension EnvironmentValues {
    var showName: String {
        get { self[ShowNameKey.self] }
        set { self[ShowNameKey.self] = newValue }
    }
}

struct ShowNameView: View {
    @Environment(\.showName) private var showName

    var body: some View {
        Text(showName)
    }
}

struct ShowNameStack: View {
    let outer: String

    var body: some View {
        VStack {
            ShowNameView()
            ShowNameView().environment(\.showName, "Inner")
        }
        .environment(\.showName, outer)
    }
}

// "you can create a single library instance … LibraryView().environment(library)"
struct LibraryView: View {
    @Environment(Library.self) private var library

    var body: some View {
        Text("\(library.name): \(library.availableBooksCount) available")
    }
}

struct OptionalLibraryView: View {
    @Environment(Library.self) private var library: Library?

    var body: some View {
        Text(library?.name ?? "no library")
    }
}

struct BookReaderApp: View {
    @State private var library = Library()
    let onLibrary: (Library) -> Void

    var body: some View {
        let _ = onLibrary(library)
        LibraryView()
            .environment(library)
    }
}

struct MissingEnvironmentObjectView: View {
    @EnvironmentObject var model: DataModel

    var body: some View {
        Text(model.name)
    }
}

@MainActor
struct EnvironmentTests {
    @Test("Environment(\\.key): 'The value that you set affects the environment for the view that you modify — including its descendants'")
    func environmentKeyFlowsDown() {
        let host = ViewHost(ShowNameStack(outer: "Outer"))
        #expect(host.render() == ["Outer", "Inner"])
        host.rootView = ShowNameStack(outer: "Changed")
        #expect(host.render() == ["Changed", "Inner"])
    }

    @Test("Environment(\\.key) reads the key's default value when nothing was set")
    func environmentDefault() {
        let host = ViewHost(ShowNameView())
        #expect(host.render() == ["Untitled"])
    }

    @Test("environment(_:) / Environment(Type.self): 'get the observable object using its type'")
    func observableObjectFromEnvironment() {
        var captured: Library?
        let host = ViewHost(BookReaderApp { captured = $0 })
        #expect(host.render() == ["My library of books: 3 available"])
        let library = try! #require(captured)
        library.books[0].isAvailable = false
        #expect(host.render() == ["My library of books: 2 available"])
    }

    @Test("'retrieve an optional version of the object … SwiftUI returns nil instead of throwing'")
    func optionalObjectFromEnvironment() {
        let host = ViewHost(OptionalLibraryView())
        #expect(host.render() == ["no library"])
        let library = Library()
        let withLibrary = ViewHost(OptionalLibraryView().environment(library))
        #expect(withLibrary.render() == ["My library of books"])
    }

    @Test("EnvironmentObject: 'An environment object invalidates the current view whenever the observable object … changes'")
    func environmentObjectInvalidates() {
        let model = DataModel()
        let host = ViewHost(MySubView().environmentObject(model))
        model.isEnabled = true
        #expect(host.render() == ["[x] Enabled"])
    }

    @Test("A missing environment object stops with a message naming the type")
    func missingEnvironmentObjectStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = ViewHost(MissingEnvironmentObjectView())
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("No ObservableObject of type DataModel found"))
    }

    @Test("A missing Observable environment object stops with a message naming the type")
    func missingObservableStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = ViewHost(LibraryView())
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("No Observable object of type Library found"))
    }
}
