/// Zip archives changed byte by byte after libzip wrote them, for the lies a hostile or broken archive
/// tells: a declared size that is not the member's, an encryption flag.
enum ZipForgery {
    /// Little-endian field writes at the local header and the central directory entry of the member `name`.
    static func patch(
        _ bytes: [UInt8], member name: String, local: [(offset: Int, width: Int, value: UInt32)],
        central: [(offset: Int, width: Int, value: UInt32)]
    ) -> [UInt8] {
        var bytes = bytes
        let nameBytes = Array(name.utf8)
        let headers: [(signature: [UInt8], nameOffset: Int, fields: [(offset: Int, width: Int, value: UInt32)])] = [
            ([0x50, 0x4B, 0x03, 0x04], 30, local), ([0x50, 0x4B, 0x01, 0x02], 46, central),
        ]
        for (signature, nameOffset, fields) in headers {
            var index = 0
            while index + nameOffset + nameBytes.count <= bytes.count {
                if bytes[index..<index + 4].elementsEqual(signature)
                    && bytes[index + nameOffset..<index + nameOffset + nameBytes.count].elementsEqual(nameBytes)
                {
                    for field in fields {
                        for byte in 0..<field.width {
                            bytes[index + field.offset + byte] = UInt8(truncatingIfNeeded: field.value >> (8 * byte))
                        }
                    }
                    break
                }
                index += 1
            }
        }
        return bytes
    }

    /// The member's declared inflated size set to `size` in both headers.
    static func declaringSize(_ bytes: [UInt8], member: String, size: UInt32) -> [UInt8] {
        patch(bytes, member: member, local: [(22, 4, size)], central: [(24, 4, size)])
    }

    /// The member marked as encrypted (PKWARE's traditional encryption, general purpose flag bit 0).
    static func markingEncrypted(_ bytes: [UInt8], member: String) -> [UInt8] {
        patch(bytes, member: member, local: [(6, 2, 1)], central: [(8, 2, 1)])
    }
}
