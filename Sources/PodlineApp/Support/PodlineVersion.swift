/// The release this build is.
public enum PodlineVersion {
    /// Printed by `podline --version`.
    public static let current = "0.1.0"
}
