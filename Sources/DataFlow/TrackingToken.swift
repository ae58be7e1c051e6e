import Observation

/// An observable counter every observation scope of a node also reads, so
/// that writing it cancels the node's outstanding registrations at once.
///
/// Observation removes all of a scope's registrations when any of them
/// fires. A node evaluated again before its scope fired (its parent passed
/// new inputs) would otherwise leave the old registrations behind, piling up
/// on properties that rarely change.
@MainActor
final class TrackingToken: Observable {
    private let registrar = ObservationRegistrar()
    private var version = 0

    /// Registers the current observation scope on this token.
    func read() {
        registrar.access(self, keyPath: \.version)
    }

    /// Fires (and so removes) every scope that read this token.
    func cancelScopes() {
        registrar.withMutation(of: self, keyPath: \.version) {
            version &+= 1
        }
    }
}
