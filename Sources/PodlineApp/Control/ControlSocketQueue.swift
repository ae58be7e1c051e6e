import Dispatch

/// The one serial queue on which every control socket's descriptors are accepted, read, written and closed.
///
/// Each descriptor's read source runs its handlers here, its cancel handler (which closes the descriptor) included, so
/// a block run here sees no handler under way, and one that cancels a source knows its event handler runs no more.
package enum ControlSocketQueue {
    package static let shared = DispatchQueue(label: "podline.control.io")
}
