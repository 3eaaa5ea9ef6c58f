/// Whether a book is encrypted with DRM, which novel cannot read: Adobe's `META-INF/rights.xml`, Apple's
/// `META-INF/sinf.xml`, or a `META-INF/encryption.xml` that encrypts a content document of the spine with
/// anything but font obfuscation. Obfuscated fonts alone are not DRM (many free books have them): such a
/// book opens.
enum EpubDRM {
    static let encryptionPath = "META-INF/encryption.xml"
    /// Files whose presence alone means DRM: Adobe ADEPT's licence and Apple FairPlay's.
    static let rightsFiles = ["META-INF/rights.xml", "META-INF/sinf.xml"]
    /// The algorithms of font obfuscation (IDPF's and Adobe's), which hide fonts and nothing else.
    static let fontObfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]

    /// Throws `.drm` naming the evidence when the book is encrypted with DRM.
    static func check(_ archive: EpubArchive, spine: [EpubPackage.SpineItem]) throws(EpubError) {
        for file in rightsFiles where archive.member(file) != nil {
            throw .drm(path: archive.path, evidence: file)
        }
        guard archive.member(encryptionPath) != nil else { return }
        // An encryption file that cannot be read or parsed encrypts nothing novel can tell of: the content
        // documents are then read as they are.
        guard let bytes = try? archive.read(encryptionPath), let tree = XMLTree.parse(bytes) else { return }
        let content = Set(spine.compactMap(\.item.path))
        for encrypted in tree.root.descendants(named: "EncryptedData") {
            let algorithm = encrypted.element(named: "EncryptionMethod")?.attribute("Algorithm")?.trimmingXMLSpace()
            if let algorithm, fontObfuscation.contains(algorithm) { continue }
            for reference in encrypted.descendants(named: "CipherReference") {
                guard let uri = reference.attribute("URI"),
                    case .member(let member, _)? = try? EpubPath.resolve(uri, against: "")
                else { continue }
                if content.contains(member) {
                    throw .drm(path: archive.path, evidence: "\(encryptionPath) encrypts \(member)")
                }
            }
        }
    }
}
