import DataFlow
import Testing

// The seeds' podcast player: PlayerView owns `isPlaying`, PlayButton gets a binding.

struct PlayButton: View {
    @Binding var isPlaying: Bool  // Play button now receives a binding.

    var body: some View {
        Button(isPlaying ? "Pause" : "Play") {
            isPlaying.toggle()
        }
    }
}

struct PlayerView: View {
    var episode: Episode
    @State private var isPlaying: Bool = false  // Create the state here now.

    var body: some View {
        VStack {
            Text(episode.title)
            PlayButton(isPlaying: $isPlaying)  // Pass a binding.
        }
    }
}

struct StatefulPlayButton: View {
    @State private var isPlaying: Bool = false  // Create the state.

    var body: some View {
        Button(isPlaying ? "Pause" : "Play") {  // Read the state.
            isPlaying.toggle()  // Write the state.
        }
    }
}

@MainActor
struct SeedPlayerTests {
    @Test("PlayButton: 'isPlaying.toggle() // Write the state.' flips the label")
    func playButtonTogglesItsOwnState() {
        let host = ViewHost(StatefulPlayButton())
        #expect(host.render() == ["[Play]"])
        #expect(host.press("Play"))
        #expect(host.render() == ["[Pause]"])
        #expect(host.press("Pause"))
        #expect(host.render() == ["[Play]"])
    }

    @Test("PlayerView: 'Whenever the user taps the PlayButton, the PlayerView updates its isPlaying state.'")
    func playerViewStateChangesThroughBinding() {
        let episode = Episode(id: 1, title: "Episode One", showTitle: "Show")
        let host = ViewHost(PlayerView(episode: episode))
        #expect(host.render() == ["Episode One", "[Play]"])
        host.press("Play")
        #expect(host.render() == ["Episode One", "[Pause]"])
    }

    @Test(
        "PlayerView: 'When the user selects a different episode in the parent, SwiftUI … recreates the PlayerView with a new input' and state survives"
    )
    func newInputKeepsState() {
        let host = ViewHost(PlayerView(episode: Episode(id: 1, title: "One", showTitle: "Show")))
        host.press("Play")
        host.rootView = PlayerView(episode: Episode(id: 2, title: "Two", showTitle: "Show"))
        #expect(host.render() == ["Two", "[Pause]"])
    }

    @Test("press, toggle and type report false when no control has the label")
    func missingControlIsReported() {
        let host = ViewHost(StatefulPlayButton())
        #expect(host.press("Stop") == false)
        #expect(host.toggle("Play") == false)
        #expect(host.type("Play", "x") == false)
    }
}
