/// The version printed by `novel --version`.
public enum NovelVersion {
    public static let string = "0.1.0"
}
