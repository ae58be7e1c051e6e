import DataFlow
import Testing

@Observable
final class Volume {
    var level = 0
}

struct VolumeView: View {
    let volume: Volume
    let log: EventLog

    var body: some View {
        let _ = log.record("body \(volume.level)")
        Text("volume \(volume.level)")
            .onChange(of: volume.level) {
                log.record("animation \(Transaction.current.animation?.description ?? "none")")
            }
    }
}

struct AnimatedPlayer: View {
    let log: EventLog
    @State private var isPlaying = false

    var body: some View {
        VStack {
            Button("Animate") {
                withAnimation(.easeInOut(duration: 1)) {
                    isPlaying.toggle()
                }
            }
            PlayButton(isPlaying: $isPlaying.animation(.linear(duration: 2)))
        }
        .onChange(of: isPlaying) {
            log.record("animation \(Transaction.current.animation?.description ?? "none")")
        }
    }
}

struct ChainedAnimation: View {
    let log: EventLog
    @State private var isPlaying = false
    @State private var isLoud = false

    var body: some View {
        Button(isPlaying ? "Pause" : "Play") { isPlaying.toggle() }
            .onChange(of: isPlaying) {
                withAnimation(.linear(duration: 5)) {
                    isLoud = isPlaying
                }
            }
            .onChange(of: isLoud) {
                log.record("loud \(isLoud) animation \(Transaction.current.animation?.description ?? "none")")
            }
    }
}

@MainActor
struct TransactionTests {
    @Test("A change handler's withAnimation gives the changes it makes that animation")
    func animationFromChangeHandler() {
        let log = EventLog()
        let host = ViewHost(ChainedAnimation(log: log))
        host.press("Play")
        #expect(log.events == ["loud true animation linear(5.0s)"])
    }

    @Test("Writes within one transaction coalesce: 1, 2, then withAnimation { 3; 4 } give body values 0, 2, 4")
    func writesCoalescePerTransaction() {
        let log = EventLog()
        let volume = Volume()
        let host = ViewHost(VolumeView(volume: volume, log: log))
        volume.level = 1
        volume.level = 2
        withAnimation {
            volume.level = 3
            volume.level = 4
        }
        host.update()
        #expect(log.events.filter { $0.hasPrefix("body") } == ["body 0", "body 2", "body 4"])
    }

    @Test("'wrapping the state change … in a call to withAnimation' — change handlers see the animation of the change")
    func changeHandlersSeeTheAnimation() {
        let log = EventLog()
        let volume = Volume()
        let host = ViewHost(VolumeView(volume: volume, log: log))
        withAnimation(.linear(duration: 3)) {
            volume.level = 10
        }
        host.update()
        volume.level = 11
        host.update()
        #expect(log.events.filter { $0.hasPrefix("animation") } == ["animation linear(3.0s)", "animation none"])
    }

    @Test("'You can add animation to a state property, or … to a binding'")
    func bindingAnimationAndWithAnimation() {
        let log = EventLog()
        let host = ViewHost(AnimatedPlayer(log: log))
        #expect(host.render() == ["[Animate]", "[Play]"])
        host.press("Animate")
        #expect(host.render() == ["[Animate]", "[Pause]"])
        host.press("Pause")
        #expect(log.events == ["animation easeInOut(1.0s)", "animation linear(2.0s)"])
    }

    @Test("withTransaction(_:_:_:) sets one property of the current transaction")
    func withTransactionKeyPath() {
        let animation = withTransaction(\.animation, .spring) { Transaction.current.animation }
        #expect(animation == .spring)
        #expect(Transaction.current.animation == nil)
    }
}
