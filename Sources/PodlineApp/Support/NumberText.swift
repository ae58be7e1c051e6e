extension Double {
    /// The shortest text for a number as the command language writes it: `50` rather than `50.0`, `1.25`, never
    /// grouped or localised (`3600`, not `3,600`), so that it reads back.
    package var plainText: String {
        rounded() == self && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }

    /// The number to a tenth, as JSON reports give seconds saved and loudness.
    package var tenths: Double { (self * 10).rounded() / 10 }
}
