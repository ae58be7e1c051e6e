/// Where the engine writes PCM: a libao device or file, or a PulseAudio stream.
///
/// A device that queues audio it has not played yet says how much (`unplayedFrames`) and can drop it
/// (`flush`), so that a pause or a volume change is heard at once rather than after the queue.
public protocol AudioDevice: AnyObject {
    /// The PCM format the device was opened with.
    var format: AudioFormat { get }
    /// The name of the driver that was opened.
    var driverName: String { get }
    /// True when the device queues audio that `flush()` can take back before it is heard.
    var canTakeBack: Bool { get }
    /// Plays `bytes` of interleaved PCM; blocks while the device is full.
    func play(_ bytes: UnsafeRawBufferPointer) throws(AudioError)
    /// Waits until `bytes` can be written without blocking; false when `wake()` or `timeout` ended the wait.
    func waitForSpace(bytes: Int, timeout: Double) throws(AudioError) -> Bool
    /// Ends a wait for space early (from any thread).
    func wake()
    /// Frames written but not heard yet.
    func unplayedFrames() -> Int
    /// Frames written that `flush()` takes back: those the sound server has not handed on to its device.
    func retractableFrames() -> Int
    /// Drops what is queued and not heard yet.
    func flush()
    /// Makes the next `frames` frames written replace the last `frames` queued, which must not have been
    /// handed on yet (see `retractableFrames`), instead of following them: the queue never runs short
    /// while they are written again.
    func overwrite(frames: Int)
    /// Frames that `overwrite` announced and that have not been written yet.
    var pendingOverwriteFrames: Int { get }
    /// Waits until what is queued has been heard.
    func drain()
    /// Stops the device's clock once what is queued has been heard and nothing follows (a pause): it asks for nothing
    /// and wakes nobody until the next flush or write starts it again.
    func suspend()
}

extension AudioDevice {
    public var canTakeBack: Bool { false }
    public func waitForSpace(bytes: Int, timeout: Double) throws(AudioError) -> Bool { true }
    public func wake() {}
    public func unplayedFrames() -> Int { 0 }
    public func retractableFrames() -> Int { 0 }
    public func flush() {}
    public func overwrite(frames: Int) { flush() }
    public var pendingOverwriteFrames: Int { 0 }
    public func drain() {}
    public func suspend() {}
}
