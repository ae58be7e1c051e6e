import Foundation

/// One GET to a directory's API and its JSON answer, a failure worded by what it means for the listener.
struct DirectoryRequest: Sendable {
    let http: HTTPFetcher
    /// The directory's name in messages.
    let name: String
    /// The largest answer read: 10,000 results are about 30 MB.
    static let sizeCap = 32 * 1024 * 1024

    /// The JSON object `url` answers with.
    func object(_ url: String, headers: [(String, String)] = []) async throws(DirectoryError) -> [String: Any] {
        let answer: HTTPAnswer
        do {
            answer = try await http.exchange("GET", url, headers: headers + [("Accept", "application/json")], sizeCap: Self.sizeCap)
        } catch {
            throw .unreachable("\(name): \(error.reason)")
        }
        switch answer.status {
        case 200..<300:
            break
        case 401:
            throw .refused("\(name): the API key was refused (HTTP 401)")
        case 403, 429:
            throw .unreachable("\(name): too many requests for now (HTTP \(answer.status)); try again in a minute")
        case 500...:
            throw .unreachable("\(name): the directory failed (HTTP \(answer.status))")
        default:
            throw .answer("\(name): the directory failed (HTTP \(answer.status))")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any] else {
            throw .answer("\(name): the answer is not the JSON the API gives (\(answer.contentType ?? "no type"))")
        }
        return object
    }

    /// A string in a JSON value, trimmed; nil when empty.
    static func text(_ value: Any?) -> String? {
        guard let text = (value as? String)?.trimmingSpaces, !text.isEmpty else { return nil }
        return text
    }
}
