/// Sends a desktop notification (a summary and a body); a front end without a desktop sends none and says nothing.
package struct Notifier: Sendable {
    package var send: @Sendable (_ summary: String, _ body: String) async -> Void

    package init(send: @escaping @Sendable (_ summary: String, _ body: String) async -> Void) {
        self.send = send
    }

    /// Sends nothing: where there is no desktop to tell.
    package static let silent = Notifier { _, _ in }
}
