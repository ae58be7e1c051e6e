import DataFlow
import Testing

// "in the following code BookEditorView wraps book with @Bindable. Then the view
// uses the $ syntax to pass to a TextField a binding to title"

struct BookContainerView: View {
    @State private var book = Book()

    var body: some View {
        SeedBookView(book: book)
    }
}

struct SeedBookView: View {
    let book: Book

    var body: some View {
        BookEditorView(book: book)
    }
}

struct BookEditorView: View {
    @Bindable var book: Book

    var body: some View {
        TextField("Title", text: $book.title)
        Toggle("Available", isOn: $book.isAvailable)
    }
}

struct LocalBindableView: View {
    var book: Book

    var body: some View {
        @Bindable var book = book
        TextField("Title", text: $book.title)
    }
}

struct EnvironmentBindableView: View {
    @Environment(Book.self) private var book

    var body: some View {
        @Bindable var book = book
        TextField("Title", text: $book.title)
    }
}

@MainActor
struct BindableTests {
    @Test("BookEditorView: '@Bindable … to pass to a TextField a binding to title'")
    func bindablePropertyWrapper() {
        let host = ViewHost(BookContainerView())
        #expect(host.render() == ["Title: A sample book", "[x] Available"])
        host.type("Title", "Bleak House")
        host.toggle("Available")
        #expect(host.render() == ["Title: Bleak House", "[ ] Available"])
    }

    @Test("'you can create a @Bindable variable within a view's body'")
    func bindableLocalVariable() {
        let book = Book()
        let host = ViewHost(LocalBindableView(book: book))
        host.type("Title", "Hard Times")
        #expect(book.title == "Hard Times")
        #expect(host.render() == ["Title: Hard Times"])
    }

    @Test("'a binding to a property of an observable object stored in a view's environment'")
    func bindableFromEnvironment() {
        let book = Book()
        let host = ViewHost(EnvironmentBindableView().environment(book))
        host.type("Title", "Dombey and Son")
        #expect(book.title == "Dombey and Son")
    }

    @Test("init(projectedValue:) and id: 'Creates a bindable from the value of another bindable'")
    func bindableFromBindable() {
        let book = Book()
        let first = Bindable(book)
        let second = Bindable(projectedValue: first)
        second.title.wrappedValue = "Copied"
        #expect(book.title == "Copied")
        #expect(first.id == second.id)
    }
}
