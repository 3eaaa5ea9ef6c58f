import Testing

@testable import NovelCore

struct WebDAVAddressTests {
    @Test(arguments: [
        "127.0.0.1", "127.9.8.7", "localhost", "LOCALHOST", "::1", "[::1]", "0:0:0:0:0:0:0:1", "[0::1]",
    ])
    func loopbackHosts(host: String) {
        #expect(WebDAVAddress.isLoopback(host))
    }

    @Test(arguments: [
        "128.0.0.1", "10.0.0.1", "127.0.0", "127.0.0.1.5", "127.0.0.256", "localhost.example.com", "::2", "::",
        "example.com", "127.0.0.1.nip.io", "[::ffff:127.0.0.1]",
    ])
    func otherHosts(host: String) {
        #expect(!WebDAVAddress.isLoopback(host))
    }

    @Test func plainHTTPIsAllowedOnlyToThisMachine() throws {
        #expect(throws: Never.self) { try WebDAVAddress("http://127.0.0.1:8080/dav/") }
        #expect(throws: Never.self) { try WebDAVAddress("http://[::1]:8080/dav/") }
        #expect(throws: Never.self) { try WebDAVAddress("http://localhost/") }
        #expect(throws: Never.self) { try WebDAVAddress("https://dav.example.com/dav/") }
        for url in ["http://dav.example.com/dav/", "http://192.168.1.5/", "http://127.0.0.1.nip.io/"] {
            #expect(throws: SyncError.self, "\(url)") { try WebDAVAddress(url) }
        }
    }

    @Test func onlyHTTPAndHTTPSURLsWithoutCredentialsQueriesOrFragments() {
        for url in [
            "ftp://127.0.0.1/", "file:///tmp/", "dav.example.com/dav", "https://", "https://u:p@dav.example.com/",
            "https://u@dav.example.com/", "https://dav.example.com/dav/?x=1", "https://dav.example.com/dav/#top",
        ] {
            #expect(throws: SyncError.self, "\(url)") { try WebDAVAddress(url) }
        }
    }

    @Test func aMessageNamesTheURLWithoutCredentials() {
        do {
            _ = try WebDAVAddress("https://me:hunter2@dav.example.com/")
        } catch {
            #expect(!"\(error)".contains("hunter2"))
        }
    }

    @Test func pathsInsideTheCollectionArePercentEncodedPartByPart() throws {
        let address = try WebDAVAddress("https://dav.example.com:8443/remote.php/dav/files/me/novel")
        #expect(address.origin == "https://dav.example.com:8443")
        #expect(address.encodedPath == "/remote.php/dav/files/me/novel/")
        #expect(
            address.url(["devices", "a b", "第一.json"], collection: false)
                == "https://dav.example.com:8443/remote.php/dav/files/me/novel/devices/a%20b/%E7%AC%AC%E4%B8%80.json")
        #expect(address.url(["x?#%"], collection: true).hasSuffix("/novel/x%3F%23%25/"))
        #expect(address.url([], collection: true) == "https://dav.example.com:8443/remote.php/dav/files/me/novel/")
    }

    @Test func anEncodedCollectionPathIsComparedDecoded() throws {
        let address = try WebDAVAddress("https://dav.jianguoyun.com/dav/%E5%B0%8F%E8%AF%B4/")
        #expect(address.decodedPath == "/dav/小说/")
        #expect(address.encodedPath == "/dav/%E5%B0%8F%E8%AF%B4/")
    }
}
