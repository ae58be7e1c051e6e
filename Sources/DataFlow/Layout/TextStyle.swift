import TerminalCanvas

private struct TextStyleKey: EnvironmentKey {
    static let defaultValue = CellStyle.plain
}

private struct LineLimitKey: EnvironmentKey {
    static let defaultValue: Int? = nil
}

extension EnvironmentValues {
    /// The style text is drawn in: bold, dim, underline, reverse, colours.
    public var textStyle: CellStyle {
        get { self[TextStyleKey.self] }
        set { self[TextStyleKey.self] = newValue }
    }

    /// The most lines a text wraps to; nil for as many as it is offered.
    public var lineLimit: Int? {
        get { self[LineLimitKey.self] }
        set { self[LineLimitKey.self] = newValue }
    }
}

extension View {
    /// Draws text in bold (or not).
    public func bold(_ isActive: Bool = true) -> some View {
        EnvironmentWritingModifier(content: self) { $0.textStyle.bold = isActive }
    }

    /// Draws text dimmed (or not).
    public func dim(_ isActive: Bool = true) -> some View {
        EnvironmentWritingModifier(content: self) { $0.textStyle.dim = isActive }
    }

    /// Underlines text (or not).
    public func underline(_ isActive: Bool = true) -> some View {
        EnvironmentWritingModifier(content: self) { $0.textStyle.underline = isActive }
    }

    /// Draws text with the foreground and background swapped (or not): what stays visible without colours.
    public func reversed(_ isActive: Bool = true) -> some View {
        EnvironmentWritingModifier(content: self) { $0.textStyle.reverse = isActive }
    }

    /// Draws text in `color` (`.standard`: the terminal's own).
    public func foregroundColor(_ color: TerminalColor) -> some View {
        EnvironmentWritingModifier(content: self) { $0.textStyle.foreground = color }
    }

    /// Sets the most lines text wraps to; nil for as many as it is offered.
    public func lineLimit(_ limit: Int?) -> some View {
        EnvironmentWritingModifier(content: self) { $0.lineLimit = limit.map { max(1, $0) } }
    }
}
