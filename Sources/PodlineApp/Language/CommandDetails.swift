/// What each command does, beyond its one-line summary: the help of `podline help NAME` and the man page's COMMANDS
/// section are made from these and the command table.
package enum CommandDetails {
    package static let add = """
        Subscribe to a feed (http, https, feed, itpc or pcast URL, or a file), a result of the last find (find/N), a \
        show another show's podroll recommends (podroll/SHOW/N, numbered as podline show SHOW lists them: by the feed \
        address it gives, else by its podcast:guid through Podcast Index), or the show of an Apple Podcasts or Podcast \
        Index page. --max-feed-size MB refuses larger feeds (default 50). A \
        private feed's credentials go in its URL (https://user:password@host/feed, the password percent-encoded) or \
        with --user NAME (the password asked on the terminal without echo, or the first line of --password-command \
        CMD); they are kept in the library (its file is the user's alone, 0600), sent with HTTP Basic to that host \
        only, for the feed and the enclosures, transcripts and chapters it serves, never after a redirect to another \
        host, and shown nowhere: listings, inspect, status, events, logs and error lines name the feed without them \
        (user:***@ where a URL typed with them is named). A refused password is one line, exit status 77, and nothing \
        is kept. On the control socket it answers with the data --json prints; a file must be named with an absolute \
        path there.
        """

    package static let back = """
        Move back by skip_back of the configuration file.
        """

    package static let chapter = """
        Jump to the start of the next chapter, the previous one (the one before when within 3 seconds of a chapter's \
        start, as every player does), or chapter N. Chapters come from the feed or the MP3's tag (see chapters); those \
        that start past the end are passed over.
        """

    package static let chapters = """
        An episode's chapters, from the best source that has them: the feed's podcast:chapters JSON file (fetched \
        once, capped at 2 MB, and kept in the library for offline use; chapters marked "toc": false are hidden), the \
        feed's Podlove Simple Chapters, the MP3's ID3v2 tag (CHAP frames, in the order of a top-level CTOC, else by \
        their starts); of a file in another format, its own chapters (source mp4: Nero chpl or a QuickTime chapter \
        track, as enhanced podcasts carry them; vorbis-comments: CHAPTERxxx comments of Ogg Opus, Ogg Vorbis and \
        FLAC). Of a file, a downloaded episode, an MP3 URL or a playing stream only the tag is read. A source whose \
        chapters cannot be used (a failed fetch, HTML, broken JSON, a broken frame, an end before its start, chapters \
        out of order or overlapping) is passed over, with a warning under --verbose; a URL named is the only source: \
        a failed fetch, or an answer that is neither a chapters file nor audio (an HTML page, text), is one line and \
        exit status 2. Without an argument, the running \
        player's episode (exit 4 when none runs). --json prints source (podcast:chapters, psc, id3 or null) and \
        chapters (number, title, start, end, url, image; times in seconds). On the control socket it answers with the \
        data --json prints; a file must be named with an absolute path there.
        """

    package static let config = """
        Print the effective settings and where each came from (default or the line of the config file); --defaults \
        prints a documented config file holding every default. A bad file is refused with the key and line named, exit \
        status 78. On the control socket it answers with the data --json prints.
        """

    package static let cue = """
        Show or hide, under the now-playing line of the player (the REPL's status line, or podline play's line, where \
        the key t does the same), the transcript's cue being heard; without a word, toggle it. The transcript is read \
        from the library, or fetched when the episode starts.
        """

    package static let delete = """
        Delete downloaded files; the episodes stay and play from their URLs. A file already gone is said so, and the \
        record fixed. What is playing is refused (exit 1); an episode not downloaded is said on standard error, the \
        others are deleted, and the exit status is 2.
        """

    package static let demo = """
        Play the demo episode that ships with Podline (no network needed). It takes the same options as play.
        """

    package static let download = """
        Download episodes; with --new every new episode (not played, not started, not downloaded) of the shows named \
        (or of every show), newest first, at most --limit of each show. Afterwards the retention rules delete what they \
        no longer keep, as after update; --keep N keeps the N newest downloads of each show instead. On a terminal a progress bar per download is redrawn in place on standard \
        error; otherwise download-progress lines go to standard output as NDJSON. A running player reports the \
        progress as download-progress events. On the control socket it answers with the data --json prints (a list: an \
        item each show refreshed or episode downloaded).
        """

    package static let episodes = """
        List episodes, newest first, with their references: of a show, of a playlist (named in place of a show), or \
        of every show. The filters are those a smart playlist saves: states (--new, --unplayed, --in-progress, \
        --downloaded, --favorites; all must hold), --show (several, by commas), --newer and --older (an age such as \
        14d), --min-duration and --max-duration (a TIME; an episode of unknown length is left out), --search, --person \
        (a name among the episode's podcast:person people, else its show's), --sort and --limit. With --live, the live \
        streams the feeds announce (podcast:liveItem) instead: pending, on air or ended, each as live/SHOW/N, which play \
        takes (live/SHOW alone: the one on air, else the next to start, else the last to end); an ended one plays its \
        recording, the show's episode with the same guid or title, once the feed has it. shows, episodes, stats, notes, search, show and export \
        read the library's model (show ... set also writes the show's setting; on the socket, export names its file \
        with an absolute path): they are the same in the shell, the REPL and on the control socket, where the reply's \
        data is what --json prints.
        """

    package static let events = """
        Follow the running player's events until it stops, one JSON object per line (a short text form on a terminal \
        without --json): property-change with name state, position, volume, speed, episode, queue or output_available \
        and its data (the text form leaves out the position); episode-started; episode-ended with reason eof, stop, \
        next or error; chapter-changed with the chapter the position enters (null when it leaves them; none on a \
        stop, which episode-ended reports); download-progress with ref, bytes and total (null when unknown); \
        feed-updated with show and new_episodes; error with a message (a feed that could not be read is one too). An \
        episode's duration is its feed's, else the length the player found on opening it (a property-change of \
        episode gives it then). Position changes, \
        and each download's progress, come at most 4 times a second; the complete size always comes last. Downloads \
        and feed refreshes are those of update and download run in the player's REPL or, in another shell, while the \
        player runs. Every line is valid JSON whatever titles hold (newlines, quotes, control characters, invalid \
        UTF-8). Exits 4 when no player runs.
        """

    package static let export = """
        Write the subscriptions as OPML (standard output when omitted or -). Private feeds are written without their \
        credentials, unless --with-credentials.
        """

    package static let fav = """
        Flip an episode's favourite mark, or set it (a show alone: its newest episode not yet played).
        """

    package static let find = """
        Find shows by name: the iTunes Search API (no key; it allows about 20 requests a minute), Podcast Index (a key \
        and secret: podcastindex_key and podcastindex_secret_command in [directory], or PODLINE_PODCASTINDEX_SECRET), \
        or both (--directory all: merged by feed URL). Each result is numbered with its title, author, episode count, \
        newest episode, language, genres and feed URL, cut to the terminal's width (wide characters counted as two); \
        one already subscribed is marked, one without a feed URL (a show only Apple's app plays) is listed as not \
        subscribable, with the reason. The results are kept in the library: add find/N subscribes to result N and \
        inspect find/N shows its feed, from any shell or the REPL. add also takes an Apple Podcasts page \
        (https://podcasts.apple.com/…/id<N>, through the iTunes lookup) and a Podcast Index page \
        (https://podcastindex.org/podcast/<N>). --trending lists what is trending on Podcast Index, in a language \
        (--lang) and a category (--category). --json prints one array: number, ref, title, author, episodes, newest, \
        language, genres, feed_url, directories, subscribed, subscribable, reason. A directory that cannot be reached, \
        fails, throttles or takes more than 10 s is one line and exit status 69; a refused key, 77 (Podcast Index \
        refuses a clock more than 3 minutes off); a missing key, 78. The directories' addresses (itunes_url, \
        podcastindex_url), default and country are set in [directory].
        """

    package static let help = """
        List the commands, or explain one with its flags (as --help after a command does).
        """

    package static let `import` = """
        Subscribe to the feeds of an OPML file. Only network feeds (http, https, feed, itpc, pcast) are subscribed: \
        outlines naming a file or a command are skipped and counted (--verbose lists them). A feed that cannot be read \
        now is subscribed all the same and read by the next update. Feeds already subscribed are skipped. Each feed \
        that could not be read is reported on standard error, and the exit status is then 2. On the control socket it \
        answers with the data --json prints; a file must be named with an absolute path there.
        """

    package static let inspect = """
        Show what a feed holds without subscribing; a permanent redirect's target is reported as new_url. A feed \
        address is an http(s) URL (feed://, itpc:// and pcast:// mean http) or a file; another scheme is refused (exit \
        2). A feed that is not well-formed (a truncated download, a tag never closed, an end tag that closes nothing) \
        is still read; inspect, add and update then print one warning per fault with its line and column on standard \
        error, at most ten a feed, and exit 0. update --json adds them to the show's line as a warnings array. On the \
        control socket it answers with the data --json prints; a file must be named with an absolute path there.
        """

    package static let mark = """
        Mark episodes, or every episode of a show. A REF is written as for play: show-slug/N, an episode id, or \
        show-slug/latest (the newest episode not yet played); a show alone stands for all its episodes. --older-than \
        (30d, 2w, 12h) and --before (YYYY-MM-DD) keep only episodes published before then; with no episode or show \
        named they apply to every show, to catch up. One summary line: Marked 12 episodes played. mark, fav, delete \
        and remove change the library's model: they are the same in the shell, the REPL and on the control socket, and \
        a running player shows the change at once (the played and favorite members of status --json's episode). --json \
        prints what was done: {"state","changed","ref"} for mark, {"ref","favorite"} for fav, and for delete one \
        {"ref","outcome" (deleted, already-gone, not-downloaded),"file"} per episode, for remove one \
        {"slug","title","episodes","downloads","kept_in"} per show.
        """

    package static let next = """
        Play the next queued episode (fails when the queue is empty).
        """

    package static let normalize = """
        Even out the loudness of the episode playing to loudness_target, or play it at its own loudness.
        """

    package static let voice = """
        Voice boost for the episode playing: speech equalised (rumble below 80 Hz cut, presence around 3 kHz lifted), \
        a level rider that looks a block (256 frames) ahead and brings quiet voices up to loud ones (by up to 24 dB, holding through \
        pauses, so that the noise between words is not raised), and a true-peak limiter at -1 dBTP. With normalize \
        on, the loudness is evened out after it. The show's voice_boost, else config.toml's, sets it when an episode \
        starts; play --voice-boost and --no-voice-boost win over both.
        """

    package static let notes = """
        The episode's title, show, date, duration, size, file, and position or played state, then its show notes \
        rendered for a terminal by libxml2's HTML parser: paragraphs wrapped to the width, lists as bullets, <br> \
        kept, entities decoded, scripts and styles dropped, emphasis in bold on a terminal, links as numbered \
        references listed at the end. --json adds description (the raw HTML) and notes (the text).
        """

    package static let pause = """
        Pause the episode; its position is saved.
        """

    package static let play = """
        Play an episode reference from the library (show-slug/N, or the episode's database id), a show (show-slug, or \
        show-slug/latest: its newest episode not yet played), a live stream a show's feed announces (live/SHOW/N as \
        episodes --live lists them, or live/SHOW: the one on air, else the next to start, else the last to end), a local audio file, or an http(s) URL; more than one are \
        queued and played in turn. A downloaded episode plays from its file, whatever folder the command was started \
        in. With no TARGET, play resumes: the running player's episode, else the episode heard last, else the head of \
        the queue (exit 2 when there is nothing to resume). There is one player per user: when one is running, podline \
        play hands its items to it (they play now; --enqueue queues them), prints one line and exits 0. The flags are \
        the same in the shell, the REPL and on the control socket; --output given to a running player moves its sound \
        there (what it had not played yet included). Without --speed, an episode plays at its show's speed \
        ([show_speed]), else at speed from the configuration file. On a terminal a now-playing line (show, title, \
        chapter, position / duration, volume, speed, the time skip silence saved, sleep timer) is redrawn in place, \
        with keys: space pause, left and right arrows back and skip, , and . the previous and next chapter, + and - \
        volume, [ and ] speed, n next, t the transcript's cue being heard (under the line), q quit (the position is \
        saved); nothing of it when standard output is not a terminal, or with --quiet. Ctrl-Z pauses the player before \
        the process stops, with one line saying so; after fg it stays paused, and space plays on. A library episode resumes where \
        it was left, rewound by 2 seconds, and is marked played when it ends; its position is saved every 2 seconds, \
        at once when a seek lands while paused, and on pause, stop, quit, SIGINT, SIGTERM and SIGHUP (a seek not yet \
        carried out counts where it goes). Enclosures that are not downloaded are streamed: \
        playback starts before the download ends, and a seek restarts the transfer with a Range request. While it \
        plays, podline play serves the control socket, so that the one-shot commands (pause, resume, seek, volume, \
        status, ...) and podline events reach it. Formats: MP3 (libmpg123, sample for sample as mpg123), and through \
        FFmpeg's libraries, loaded only when such an input is opened: MP4, M4A, M4B and MOV (AAC-LC, HE-AAC, ALAC, AC-3 and E-AC-3; of \
        a video, its first audio track), Ogg Opus and Vorbis, FLAC, WAV and ADTS AAC. The first bytes choose the \
        decoder, not the name. Encoder delay and padding are trimmed as ffmpeg trims them. A seek in a lossy format \
        lands on the frame asked for; the decoder starts again from an earlier packet, so the first milliseconds \
        converge on what playing from the start gives (Opus's own documentation says its seeks converge so). A \
        streamed M4A whose index is at the end has the end fetched with a Range request first; from a server that \
        sends no part of a file (no Range requests) it is downloaded first, to a temporary file, with the now-playing \
        line saying how far, then played. More than two channels are folded into stereo. A file that is missing, \
        empty, not audio (text, HTML), in another format (AIFF), damaged, protected (DRM), a video without audio, or \
        unreadable, or a URL that answers an HTTP error or an HTML page, is refused with one line naming it and the \
        reason; the queue goes on and the exit status is 2. A truncated file plays what it has, then reports the \
        truncation.
        """

    package static let queue = """
        List what plays next, or change it. REF is an episode reference, a show, a playlist, a file or a URL; INDEX \
        counts from 1. An episode is queued once: adding one already queued leaves it where it is, and playing one \
        takes it out (a file or a URL is queued as often as it is added). The queue is kept in the library as the \
        playlist named queue: a player that is heard takes it up when it starts (after what it was asked to play) and \
        keeps it there as it changes, so it is the same in every shell, in the REPL, on the socket and after a restart \
        (playlist show queue, episodes queue, play queue). With no player running, queue lists and changes the \
        library's queue, which holds episodes only (a file or a URL: exit 64). A player writing a file (--output wav, \
        au or raw) plays only what it is given. Files and URLs queued in a player are not kept.
        """

    package static let remove = """
        Unsubscribe (alias unsubscribe): the show, its episodes, positions and downloaded files go, the files first, \
        then the show in one transaction, so that an interruption leaves the show whole or gone and no file \
        unrecorded. --keep-files keeps the files and says where. A show whose episode is playing is refused unless \
        --force, which stops the player. An unknown show: exit 2, nothing removed. A later add of the same feed starts \
        afresh.
        """

    package static let repl = """
        Read commands of the command language (below). On a terminal it edits lines with libedit: the prompt shows the \
        play state, a now-playing line above the prompt is redrawn in place when what it shows changes (without \
        disturbing what is being typed), Tab completes command names, show slugs, episode references and file paths, \
        Up and Down walk the history, and Ctrl-D or quit leaves. Ctrl-C cancels the line being typed, or the command \
        running (one that waits on the network, as add, update, download or find, at once; the line's status is then \
        130), never the REPL or its player. Ctrl-Z pauses the REPL's own player before the REPL stops (a stopped \
        process can neither play nor answer: its clients give up after 2 s, exit 69); after fg it stays paused, and \
        resume plays on. When standard input is not a \
        terminal it reads one command per line with no prompt and no colour, goes on after a failing line, and exits \
        at the end of input with the status of the last failing line (0 if none). The REPL serves the control socket \
        while it runs; when another player already serves it, player commands are sent to that player. Library \
        commands run inside the REPL exactly as their shell form.
        """

    package static let tui = """
        A full-screen view for a terminal: the views (new, in progress, queue, downloads, favourites, search results, \
        directory results) and the shows on the left, the chosen one's episodes in the middle, the selected episode's \
        details, show notes with numbered links, chapters and the transcript as it is heard on the right from 120 \
        columns on, and a player bar with the show, title, chapter, position, speed, volume, skip silence's saving, \
        loudness and the sleep timer. Arrows or h j k l move, Enter plays, space pauses, / filters the list as you \
        type, : opens a command line with every command of the REPL and Tab completion, ? lists the keys, q quits; \
        [keys] in config.toml changes them (action = "key": the action's own keys give way; a key that would do two \
        actions is refused with exit 78). The mouse selects (click), plays (double click), \
        scrolls (wheel) and seeks (a click on the position bar). It runs the player and serves the control socket as \
        the REPL does (every action is a command of the language, seen by status, events and MPRIS); when another \
        player already serves it, the view shows and drives that one. The terminal is given back as it was on quit, \
        on Ctrl-C, SIGTERM, SIGHUP and on a crash; Ctrl-Z pauses its own player and suspends. Below 40 columns by 10 rows it says so. Standard \
        input and output must be a terminal: exit 64 otherwise.
        """

    package static let resume = """
        Resume the paused episode.
        """

    package static let search = """
        Where words were said or written: the kept transcripts (see transcript), episode titles and show notes, \
        through SQLite's full-text index (every word must occur, case and accents folded, "quoted phrases" and word* \
        prefixes). Hits are ranked, titles weighing most; each gives the show, the episode, the time for a transcript, \
        the text with the match in bold on a terminal, and the podline play REF --start TIME that plays it. --heard \
        searches only the transcript cues that begin within a stretch the listening log says you heard (see \
        history). --json prints ref, show, title, kind (transcript, title or notes), time and text for each.
        """

    package static let seek = """
        Jump to TIME, or move forward or back by it.
        """

    package static let show = """
        A show's title, author, link, feed URL, counts, last update, its description rendered as notes renders show \
        notes, and its settings, each with where it comes from. set writes one of the show's own settings into its \
        [shows.SLUG] table in config.toml (the rest of the file kept as it is; a bad value is refused, exit status 64, \
        and the file left untouched); unset removes it. KEY is speed (0.5–3), skip_silence, normalize and voice_boost (on or off), \
        volume (0–100), skip_intro (new episodes start at that second), skip_outro (episodes end that many seconds \
        early, counted as played), prefer_format (the format, or formats in order, streamed and downloaded when the feed offers \
        several files), max_bitrate (the highest bit rate then, in kb/s; 0: no limit), \
        skip_chapters (regular expressions: chapters whose title matches are left out, to the frame), skip_phrases \
        (phrases: a transcript cue that says one is left out, to the end of its chapter when that runs 3 minutes at \
        most), skip_inserted (on or off: downloads are fetched twice, and what a server inserted is left out; see \
        inspect-ads), skip_inserted_streams (on or off: the same for an episode streamed), or a rule: auto_download (new episodes update downloads), download_include and download_exclude (regular \
        expressions for titles; an array is typed as TOML writes it), download_min_duration and download_max_duration, \
        retention (the newest downloads kept) and delete_played_after (an age such as 7d). Playback settings apply when \
        an episode of the show starts, and a flag of play wins over them; rules apply at the next update.
        """

    package static let plan = """
        Fills a named playlist (plan, or --into NAME; what it held is replaced) with episodes that fit in TIME of \
        listening, in order: of the shows and playlists named, else every unplayed episode, newest first; one too long \
        for what is left is passed over for a shorter one after it. Each episode's time is forecast as the player will \
        play it: from its place (rewound as on resuming) or after the show's skip_intro, to before its skip_outro, less \
        what the player will skip (the chapters skip_chapters leaves out, a download's inserted stretches with \
        skip_inserted, the kept transcript's cues that say one of skip_phrases), less the share of silence skipping \
        silence has taken out of the show's episodes so far (when it is on for the show), at the show's speed. An \
        episode of unknown length is left out. It prints each episode with its forecast and the total; --json gives \
        {playlist, budget, predicted, unknown_length, episodes: [{ref, title, predicted, remaining, skipped (seconds, \
        every reason), chapters_skipped, silence_share, speed}]}. Then play NAME plays it.
        """

    package static let playlist = """
        Playlists, kept in the library. A smart playlist is a saved episodes query: playlist add commute --unplayed \
        --max-duration 40m --newer 14d --show a,b --sort oldest; its episodes are chosen afresh each time it is \
        listed or played, and playlist edit NAME FILTERS replaces its query. A named playlist is a list kept in the \
        order made: playlist add NAME REF… makes it if need be and adds the episodes at its tail (--head: at its \
        head; one already in it stays where it is); playlist remove NAME REF… takes episodes out, playlist remove NAME \
        removes the playlist (its episodes stay in the library). A playlist's name works where a show's does: \
        episodes NAME lists it and play NAME plays it in order. A name is 1 to 64 letters, digits, '-', '_' or '.', \
        and cannot be a show's (exit status 64). The queue is the named playlist queue, in every library: playlist \
        add queue REF… and auto_add = "queue" add to it (a running player's queue follows), playlist remove queue \
        empties it. With no action, or list, the playlists with their kind and how many episodes each holds now. \
        --json: list gives [{name, kind: smart|named, query: [flags] or null, episodes}], show the same object with \
        episodes as episodes --json lists them, the others {name, kind, added|removed|emptied}.
        """

    package static let schedule = """
        every INTERVAL (5m to 4w: 30m, 1h, 1d) writes a systemd user service and timer, podline-update.service and \
        podline-update.timer, in $XDG_CONFIG_HOME/systemd/user (else ~/.config/systemd/user), which run podline \
        update --notify a minute after login and then every INTERVAL, with the library and config.toml this shell \
        uses; when a user manager runs, it loads and enables the timer. Where none runs, it says in one line how to do \
        the same with cron. off disables the timer and removes both files; status (also with nothing) says how it \
        stands. --json: {every, seconds, service, timer, manager, enabled, cron}, {removed}, or {scheduled, every, \
        seconds, timer, manager, enabled, next}.
        """

    package static let shows = """
        List subscribed shows.
        """

    package static let silence = """
        Shorten long pauses of the episode playing (skip silence), or stop; heard at once. The next episode starts \
        with its own setting (skip_silence).
        """

    package static let skip = """
        Move forward by skip_forward of the configuration file.
        """

    package static let sleep = """
        Stop after TIME, at the end of the episode, or never.
        """

    package static let speed = """
        Set the speed (0.5-3.0, a trailing x is allowed), or change it.
        """

    package static let stats = """
        What the library holds (shows; episodes played, in progress, downloaded), the time listened (heard while \
        playing: an episode only marked played adds nothing), and the time skipping silence saved in all \
        (listened_seconds and time_saved, seconds, with --json). With --by or --since, the sums of the listening log \
        (see history) instead, by show, day, week (from Monday) or month (UTC), or in one: the time heard by the \
        player's clock, the time the speed saved (the episodes' seconds heard less the time they took), the \
        episodes' seconds skipping silence left out, the episodes finished (marked played then), and the episodes \
        abandoned (begun, not finished, and not heard for 30 days, by when they were last heard). --json: [{show|day|\
        week|month, heard, saved_by_speed, saved_by_silence, finished, abandoned}] (seconds), one object without --by.
        """

    package static let bookmark = """
        Keep a moment with a note: with no REF, the episode the running player plays, where it is now (nothing \
        playing: exit 4); bookmark REF TIME [NOTE] marks a time of a library episode (past its end: exit 64). Each \
        bookmark gets a number N: play bookmark/N plays from it, bookmark remove N removes it (no such bookmark: exit \
        2). --json: {id, ref, position, note}.
        """

    package static let clip = """
        Write FROM to TO (or --length from FROM) of an episode, a bookmark's moment (bookmark/N: FROM is its time), a \
        soundbite its feed marks (--soundbite N), a file or a URL into FILE; its extension says the format. A .wav or \
        .flac holds the decoded samples of the span, exact to the sample, tagged (FLAC: title, album, artist and the \
        chapters inside). A .mp3 of an MP3 is cut on frame boundaries with no re-encoding: a LAME tag's delay and \
        padding make it decode with libmpg123 (mpg123, Podline) to the source's samples of the span, exactly for \
        MPEG-1 (32-48 kHz; within one step for MPEG-2's lower rates); it is \
        tagged with the title, the show, the chapters inside (CHAP and CTOC) and the feed's picture. --as-heard (WAV \
        or FLAC) bakes in the speed, skip silence, loudness and voice boost the episode plays with. An episode not \
        downloaded is fetched whole first. The file appears only once complete. Times past the end, TO before FROM \
        or an unknown format: exit 64; no audio to read: exit 2; a file that cannot be written: exit 1. --json: \
        {file, ref, format, from, to, seconds, as_heard, silence_skipped, chapters}.
        """

    package static let bookmarks = """
        The bookmarks, by episode and time: their numbers (for play bookmark/N), episodes, times and notes. --json: \
        [{id, ref, title, position, note, created}].
        """

    package static let inspectAds = """
        With skip_inserted = true (in config.toml, or for one show with show NAME set skip_inserted true), download \
        fetches each episode a second time (a fresh connection, another user agent), decodes both and lines them up \
        by their audio, not their bytes, so a server that re-encodes between fetches is compared all the same. The \
        stretches of the downloaded file that the second fetch lacks are what the server inserted into it (ads placed \
        per download); they are left out when the download plays, to the frame, and the player says so \
        (inserted-skipped in events). Nothing is left out when they would take more than a quarter of the episode, \
        when the fetches share too little audio, or when there was no second fetch (it failed, or the episode plays \
        from its URL). With skip_inserted_streams = true, an episode streamed is kept whole as it comes (in a \
        temporary file, which a move back reads again) and, once it has all come, fetched a second time and compared \
        the same way: what was inserted into the stream that plays is left out from then on (nothing when a move past \
        what had come asked the server for the rest). inspect-ads REF shows what the comparison of a download found. --json: {ref, compared, compared_at, related, \
        share, skipped, inserted: [{from, to}]}.
        """

    package static let link = """
        Where an episode can be found, to share: its own page (the feed item's link), when the feed gives one, then \
        its audio (the enclosure) with a W3C Media Fragments time, URL#t=SECONDS, when a TIME is given. With no REF, \
        the episode the running player plays, at the time it is at (a TIME alone, such as 1:23, is a time in it). \
        play URL#t=1:23 (and a URL whose query says ?t=83, as Pocket Casts' links do) starts there. --json: {ref, \
        title, time, page, audio}.
        """

    package static let history = """
        The listening log: every stretch heard, oldest first, with the episode, where it began and ended in it, when \
        (wall clock, UTC), the speed, the seconds skipping silence left out of it, the time it took to hear by the \
        player's clock ((to - from - silence skipped) / speed) and the output. A stretch ends at a pause, a stop, a \
        seek, a skipped chapter, a change of speed and the episode's end; the player keeps the one it is hearing every \
        few seconds, so a crash loses at most those. --json: [{ref, title, from, to, started, ended, speed, \
        silence_skipped, heard, output}]. --csv: the same columns with a header line.
        """

    package static let status = """
        What the running player is doing. With --json one object:

        {"state":"playing|buffering|paused|stopped","episode":{"ref","title","show","url","duration","played",
         "favorite"},"position","duration","chapter":null|{"number","title","start","end"},"volume","speed",
         "queue":[refs],"sleep":null|"end"|seconds,"skip_silence","time_saved","normalize","loudness","voice_boost",
         "output_available","buffering":null|0-1}

        The episode's played and favorite are the library's marks (null for a file or a URL), kept in step with mark \
        and fav from any front end; its duration is the feed's, else the length the player found on opening it. \
        position is what the sound output has played. buffering is the state while a \
        stream that ran dry refills (the clock held; buffering says how far, 0 to 1). output_available is false while \
        the sound server is gone: the player waits for it (saying so once on standard error) and goes on by itself \
        when it returns. With no running player it prints stopped (or {"state":"stopped"}) and exits 0.
        """

    package static let stop = """
        Stop and unload the episode; its position is saved.
        """

    package static let sync = """
        Keep the library in step with the sync server of config.toml's [sync] (server, kind = "gpodder" or \
        "nextcloud", username, password_command, device, auto, allow_http): pull what other devices did, push what \
        this one did, then pull what the push changed. Subscriptions go both ways: a show subscribed elsewhere is \
        subscribed here (its feed read as import reads it), one given up elsewhere is removed here (its downloads \
        kept); the first sync of a device only adds, and sends every subscription and where every started or played \
        episode stands. Listening goes as episode actions: a play when a stretch of listening ends (pause, stop, \
        another episode, quit) or an episode is marked played, new when it is marked unplayed, download and delete. \
        A play's total is the episode's length: the feed's, else the one playback found (the file's header, or where \
        a stream ended), which listings then show too; without a known length a play carries its position alone, and \
        an episode marked played is not sent. Another device's play sets the episode's position when it is newer \
        than this library's own listening of it, and marks it played when it reached the end of its total, or of the \
        length known here when it gave none or gave its position as its total while the episode is longer; an \
        episode is matched by GUID, then by enclosure URL, then by a normalised URL. What waits to be sent is kept in the library (a crash, kill -9 or an unreachable server loses \
        nothing) and leaves it once the server took it. On the gpodder API the device is registered and put in one \
        sync group with the account's other devices, so that subscriptions reach them. The password comes from \
        PODLINE_SYNC_PASSWORD, else the first line of password_command's output; it is never stored or shown. The \
        server must be https, but for loopback addresses or with allow_http = true. sync status says the server, the \
        device, the last sync and what waits; --json prints one object for either. With auto (the default once [sync] \
        is set), update and a player that stops sync by themselves; a failure is then one warning line. Exit status 69 \
        when the server cannot be reached or fails, 77 when it refuses the credentials, 78 when [sync] is missing or \
        broken.
        """

    package static let toggle = """
        Pause when playing, resume when paused (the space key of the now-playing line).
        """

    package static let transcript = """
        An episode's transcript: the best of those its feed names with podcast:transcript (the listener's language \
        from LANG first, then JSON, WebVTT, SubRip, HTML, plain text; the content decides the format, not the declared \
        type), fetched once (capped at 20 MB) and kept in the library for offline reading. One that cannot be read is \
        passed over for the next, with a warning under --verbose. Text form: [mm:ss] Speaker: text, a cue a line (a \
        JSON transcript's words joined into sentences); --json prints type, url, language and cues (start, end, \
        speaker, text; seconds, null when untimed). --at starts at that time. --follow prints each cue as the running \
        player reaches it (from the player's position events; a seek back starts again from the cue heard) and ends \
        with the episode. Without an argument, the running player's episode. On the control socket it answers with the \
        data --json prints; --follow is for the shell and the REPL.
        """

    package static let update = """
        Refresh all feeds, or the shows named (slug, id or feed URL), N at a time (default 8). On a terminal a \
        progress bar is drawn on standard error and erased at the end. A running player reports each feed as a \
        feed-updated event. Exits with status 2 when a feed could not be read; the others are updated all the same. \
        Then the download rules of each show refreshed download its newest new episodes that match (auto_download, \
        download_include, download_exclude, download_min_duration, download_max_duration), and the retention rules \
        delete played downloads beyond the newest kept (retention) or played longer ago than delete_played_after; a \
        favourite, an unplayed episode and one in progress are never deleted. With auto_add, the new episodes those \
        filters match go to a named playlist (a line, and {playlist, at, added: [refs]} with --json). Each deletion is \
        said: a line, or with \
        --json a download-deleted event with ref, deleted (the file), reason (keep or played-after) and limit. With \
        --notify (as the scheduled update runs it; see schedule), a desktop notification through \
        org.freedesktop.Notifications on the session bus names the new episodes, unless config.toml says notify = \
        false; with no session bus, nothing is sent and nothing is said. \
        --json prints one object per show: show, url, status (updated, not-modified or failed), new, moved, and error \
        or warnings. On the control socket it answers with the data --json prints (a list: an item each show refreshed \
        or episode downloaded).
        """

    package static let volume = """
        Set the volume (0-100), or change it; changes stay within the range.
        """
}
