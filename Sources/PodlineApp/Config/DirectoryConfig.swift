import Playback
import PodcastKit

/// `[directory]` of config.toml: which directories `find` asks, and where they are.
package enum DirectoryConfig {
    package static let section = ConfigSection<DirectorySettings>(
        table: "directory", summary: "the podcast directories find searches; see podline help find",
        keys: [
            ConfigSection.Key(
                name: "default", summary: "the directory find asks without --directory: itunes, podcastindex or all",
                example: "\"itunes\"",
                apply: { value, directory in
                    guard let source = value.string.flatMap(DirectorySettings.Source.init(rawValue:)) else {
                        return "expected \"itunes\", \"podcastindex\" or \"all\""
                    }
                    directory.standard = source
                    return nil
                }, render: { ConfigKey.quoted($0.standard.rawValue) }),
            .textKey(
                "country", summary: "the iTunes store's country, two letters", example: "\"GB\"", \.country,
                check: { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } ? nil : "expected two letters (US, GB, DE, …)" }),
            .textKey(
                "itunes_url", summary: "the iTunes Search API's base URL", example: "\"https://itunes.apple.com\"", \.itunesURL,
                check: ConfigSection<DirectorySettings>.urlProblem),
            .textKey(
                "podcastindex_url", summary: "the Podcast Index API's base URL", example: "\"https://api.podcastindex.org/api/1.0\"",
                \.podcastIndexURL, check: ConfigSection<DirectorySettings>.urlProblem),
            .optionalTextKey("podcastindex_key", summary: "the Podcast Index API key", example: "\"ABCDEF…\"", \.podcastIndexKey),
            .optionalTextKey(
                "podcastindex_secret_command",
                summary:
                    "a command whose first line of output is the Podcast Index secret (else PODLINE_PODCASTINDEX_SECRET); never stored",
                example: "\"pass show podcastindex\"", \.podcastIndexSecretCommand),
        ],
        required: [])
}
