/// Facts about this build of Bookplate.
public enum Bookplate {
    public static let version = "0.1.0"
}
