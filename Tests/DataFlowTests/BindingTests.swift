import DataFlow
import Testing

struct EpisodeRow: View {
    @Binding var episode: Episode

    var body: some View {
        Toggle(episode.title, isOn: $episode.isFavorite)
    }
}

struct EpisodeListView: View {
    @State var episodes: [Episode]

    var body: some View {
        VStack {
            ForEach($episodes) { $episode in
                EpisodeRow(episode: $episode)
            }
            Button("Remove first") { episodes.removeFirst() }
        }
    }
}

@MainActor
struct BindingTests {
    @Test("init(get:set:) — 'Creates a binding with closures that read and write the binding value'")
    func getSetBinding() {
        var storage = 1
        let binding = Binding(get: { storage }, set: { storage = $0 })
        binding.wrappedValue = 5
        #expect(storage == 5)
        #expect(binding.wrappedValue == 5)
    }

    @Test("init(get:set:) with a Transaction — 'a closure that applies a transaction when writing'")
    func transactionSetterReceivesTransaction() {
        var received: Transaction?
        let binding = Binding(get: { 0 }, set: { _, transaction in received = transaction })
        binding.animation(.linear(duration: 2)).wrappedValue = 1
        #expect(received?.animation == .linear(duration: 2))
        binding.wrappedValue = 2
        #expect(received?.animation == nil)
    }

    @Test("transaction(_:) — 'Specifies a transaction for the binding'")
    func bindingTransaction() {
        var received: Transaction?
        let binding = Binding(get: { 0 }, set: { _, transaction in received = transaction })
            .transaction(Transaction(animation: .easeIn))
        #expect(binding.transaction.animation == .easeIn)
        binding.wrappedValue = 1
        #expect(received?.animation == .easeIn)
    }

    @Test("constant(_:) — 'Creates a binding with an immutable value'")
    func constantBinding() {
        let binding = Binding.constant(3)
        binding.wrappedValue = 4
        #expect(binding.wrappedValue == 3)
    }

    @Test("'$episode.isFavorite' — key-path member projection writes back through its base")
    func memberProjectionWritesBase() {
        var episode = Episode(id: 1, title: "E", showTitle: "S")
        let base = Binding(get: { episode }, set: { episode = $0 })
        let favorite = base.isFavorite
        favorite.wrappedValue = true
        #expect(episode.isFavorite)
        #expect(base.projectedValue.title.wrappedValue == "E")
    }

    @Test("init?(_: Binding<Value?>) — 'projecting the base value to an unwrapped value'")
    func unwrappingBinding() {
        var name: String? = nil
        let optional = Binding(get: { name }, set: { name = $0 })
        #expect(Binding(optional) == nil)
        name = "a"
        let unwrapped = try! #require(Binding(optional))
        unwrapped.wrappedValue = "b"
        #expect(name == "b")
    }

    @Test("init<V>(_: Binding<V>) — 'projecting the base value to an optional value'")
    func optionalProjection() {
        var count = 1
        let base = Binding(get: { count }, set: { count = $0 })
        let optional = Binding<Int?>(base)
        #expect(optional.wrappedValue == 1)
        optional.wrappedValue = 2
        #expect(count == 2)
        optional.wrappedValue = nil
        #expect(count == 2)
    }

    @Test("init<V>(_: Binding<V>) — 'projecting the base value to a hashable value'")
    func hashableProjection() {
        var count = 1
        let base = Binding(get: { count }, set: { count = $0 })
        let hashable = Binding<AnyHashable>(base)
        #expect(hashable.wrappedValue == AnyHashable(1))
        hashable.wrappedValue = AnyHashable(7)
        #expect(count == 7)
        hashable.wrappedValue = AnyHashable("text")
        #expect(count == 7)
    }

    @Test("init(projectedValue:) and projectedValue — 'you can get a binding from a binding using the $ prefix'")
    func bindingFromBinding() {
        var value = 0
        let base = Binding(get: { value }, set: { value = $0 })
        let copy = Binding(projectedValue: base.projectedValue)
        copy.wrappedValue = 9
        #expect(value == 9)
    }

    @Test("id — 'the id of the binding's wrapped value' when Identifiable")
    func identifiableBinding() {
        let episode = Episode(id: 42, title: "E", showTitle: "S")
        #expect(Binding.constant(episode).id == 42)
    }

    @Test("RandomAccessCollection: element bindings read and write elements")
    func collectionOfBindings() {
        var numbers = [1, 2, 3]
        let binding = Binding(get: { numbers }, set: { numbers = $0 })
        #expect(binding.count == 3)
        binding[1].wrappedValue = 20
        #expect(numbers == [1, 20, 3])
        #expect(binding.map(\.wrappedValue) == [1, 20, 3])
    }

    @Test("Element bindings stay correct after the collection changes")
    func elementBindingFollowsIdentity() {
        var episodes = [
            Episode(id: 1, title: "One", showTitle: "S"),
            Episode(id: 2, title: "Two", showTitle: "S"),
        ]
        let binding = Binding(get: { episodes }, set: { episodes = $0 })
        let second = binding[1]
        episodes.removeFirst()
        #expect(second.wrappedValue.title == "Two")
        second.isFavorite.wrappedValue = true
        #expect(episodes == [Episode(id: 2, title: "Two", showTitle: "S", isFavorite: true)])
        episodes.removeAll()
        second.isFavorite.wrappedValue = false
        #expect(episodes.isEmpty)
        #expect(second.wrappedValue.title == "Two")
    }

    @Test("ForEach over a Binding to a collection gives element bindings ('$episode.isFavorite' toggles)")
    func forEachOverBinding() {
        let host = ViewHost(
            EpisodeListView(episodes: [
                Episode(id: 1, title: "One", showTitle: "S"),
                Episode(id: 2, title: "Two", showTitle: "S"),
            ]))
        #expect(host.render() == ["[ ] One", "[ ] Two", "[Remove first]"])
        host.toggle("Two")
        #expect(host.render() == ["[ ] One", "[x] Two", "[Remove first]"])
        host.press("Remove first")
        #expect(host.render() == ["[x] Two", "[Remove first]"])
        host.toggle("Two")
        #expect(host.render() == ["[ ] Two", "[Remove first]"])
    }
}
