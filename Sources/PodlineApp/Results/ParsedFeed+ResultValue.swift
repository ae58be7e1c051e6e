import PodcastKit

/// A feed as `inspect` read it is its own result: the show and its episodes, written as `inspect --json` documents.
extension ParsedFeed: ResultValue {}
