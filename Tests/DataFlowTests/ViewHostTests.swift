import DataFlow
import Testing

struct RenderShowcase: View {
    @State private var isOn = true
    @State private var text = "hello"
    let showExtra: Bool
    let extra: String?

    var body: some View {
        VStack {
            Text("title")
            HStack {
                Text("left")
                Text("right")
            }
            Group {
                Button("Go") {}
                Toggle("Loud", isOn: $isOn)
                TextField("Greeting", text: $text)
            }
            EmptyView()
            if showExtra {
                Text("extra")
            } else {
                Text("no extra")
            }
            if let extra {
                Text(extra)
            }
            ForEach(0..<2) { index in
                Text("row \(index)")
            }
        }
    }
}

struct LifecycleView: View {
    let isShown: Bool
    let log: EventLog

    var body: some View {
        if isShown {
            Text("child")
                .onAppear { log.record("appear") }
                .onDisappear { log.record("disappear") }
        }
    }
}

struct BookListView: View {
    let library: Library

    var body: some View {
        ForEach(library.books) { book in
            Text(book.title)
        }
    }
}

@MainActor
struct ViewHostTests {
    @Test("render(): Text is its line, stacks list children's lines, Button [label], Toggle [x] label, TextField label: text")
    func renderFormats() {
        let host = ViewHost(RenderShowcase(showExtra: true, extra: "optional"))
        #expect(
            host.render() == [
                "title", "left", "right", "[Go]", "[x] Loud", "Greeting: hello",
                "extra", "optional", "row 0", "row 1",
            ])
    }

    @Test("body is a ViewBuilder: if/else and optionals choose what renders")
    func builderBranches() {
        let host = ViewHost(RenderShowcase(showExtra: false, extra: nil))
        #expect(
            host.render() == [
                "title", "left", "right", "[Go]", "[x] Loud", "Greeting: hello", "no extra", "row 0", "row 1",
            ])
    }

    @Test("toggle and type act on controls as a user would")
    func controlsAct() {
        let host = ViewHost(RenderShowcase(showExtra: true, extra: nil))
        #expect(host.toggle("Loud"))
        #expect(host.type("Greeting", "bye"))
        #expect(host.render().contains("[ ] Loud"))
        #expect(host.render().contains("Greeting: bye"))
    }

    @Test("onAppear runs when a view appears and onDisappear after it disappears")
    func appearAndDisappear() {
        let log = EventLog()
        let host = ViewHost(LifecycleView(isShown: true, log: log))
        #expect(log.events == ["appear"])
        host.rootView = LifecycleView(isShown: true, log: log)
        host.update()
        #expect(log.events == ["appear"])
        host.rootView = LifecycleView(isShown: false, log: log)
        host.update()
        #expect(log.events == ["appear", "disappear"])
    }

    @Test("ForEach over Identifiable data renders one view per element and follows changes")
    func forEachIdentifiable() {
        let library = Library()
        library.books[1].title = "Second"
        let host = ViewHost(BookListView(library: library))
        #expect(host.render() == ["A sample book", "Second", "A sample book"])
        library.books.remove(at: 0)
        #expect(host.render() == ["Second", "A sample book"])
        library.books[1].title = "Read inside the ForEach content"
        #expect(host.render() == ["Second", "Read inside the ForEach content"])
    }

    @Test("A different root view type replaces the tree")
    func rootTypeChange() {
        let host = ViewHost(AnyRoot.text)
        #expect(host.render() == ["text"])
        host.rootView = .button
        #expect(host.render() == ["[button]"])
    }
}

enum AnyRoot: View {
    case text
    case button

    var body: some View {
        switch self {
        case .text: Text("text")
        case .button: Button("button") {}
        }
    }
}
