import DataFlow
import PodcastKit
import PodlineApp

/// The MPRIS service as a view of the Player model: each change is pushed to the bus as PropertiesChanged from
/// an onChange observer, as the seeds' views react to state; a seek sends Seeked. The position itself is not
/// pushed (MPRIS clients read it when they need it).
struct MPRISView: View {
    @Environment(Player.self) private var player
    let service: MPRISService

    var body: some View {
        EmptyView()
            .onChange(of: player.state) { _, _ in service.changed(MPRISModel.followsState) }
            .onChange(of: player.current) { _, _ in service.changed(MPRISModel.followsEpisode) }
            .onChange(of: player.duration) { _, _ in service.changed(["Metadata"]) }
            .onChange(of: player.volume) { _, _ in service.changed(["Volume"]) }
            .onChange(of: player.speed) { _, _ in service.changed(["Rate"]) }
            .onChange(of: player.queue) { _, _ in service.changed(["CanGoNext"]) }
            .onChange(of: player.chapters) { _, _ in service.changed(["CanGoNext"]) }
            .onChange(of: player.currentChapter?.number) { _, _ in service.changed(["CanGoNext"]) }
            .onChange(of: player.isLive) { _, _ in
                service.changed(["CanSeek", "CanGoPrevious", "Metadata"])
                service.changed(["Live"], of: MPRISModel.podlineInterface)
            }
            .onChange(of: player.voiceBoost) { _, _ in service.changed(["VoiceBoost"], of: MPRISModel.podlineInterface) }
            .onChange(of: player.skipSilence) { _, _ in service.changed(["SkipSilence"], of: MPRISModel.podlineInterface) }
            .onChange(of: player.normalize) { _, _ in service.changed(["Normalize"], of: MPRISModel.podlineInterface) }
            .onChange(of: player.seekRequest) { _, request in
                guard let request else { return }
                let target = request.isRelative ? player.position + request.seconds : request.seconds
                service.seeked(to: min(max(0, target), player.duration ?? .infinity))
            }
    }
}
