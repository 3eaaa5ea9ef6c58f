extension LayoutSettings {
    /// The settings that change layout (the defaults are `Settings`' own).
    public init(_ settings: Settings = Settings()) {
        width = settings.width
        margin = settings.margin
        lineSpacing = settings.lineSpacing
        letterSpacing = settings.letterSpacing
        paragraphSpacing = settings.paragraphSpacing
        indent = settings.indent
        ambiguousWidth = settings.ambiguousWidth
        fontScale = settings.fontScale
        display = settings.display
        lineBreak = settings.lineBreak
    }
}
