import Foundation
import Testing

@testable import NovelCore

struct WebDAVListingTests {
    static func multistatus(_ hrefs: [String], prefix: String = "d") -> Data {
        let responses = hrefs.map {
            "<\(prefix):response><\(prefix):href>\($0)</\(prefix):href><\(prefix):propstat><\(prefix):prop>"
                + "<\(prefix):resourcetype/></\(prefix):prop><\(prefix):status>HTTP/1.1 200 OK</\(prefix):status>"
                + "</\(prefix):propstat></\(prefix):response>"
        }
        return Data(
            ("<?xml version=\"1.0\"?><\(prefix):multistatus xmlns:\(prefix)=\"DAV:\">" + responses.joined()
                + "</\(prefix):multistatus>").utf8)
    }

    @Test func directChildrenAreListedDecodedWithoutTheCollectionItself() {
        let answer = Self.multistatus([
            "/dav/novel/", "/dav/novel/devices/", "/dav/novel/a%20b.json",
            "https://dav.example.com/dav/novel/%E7%AC%AC%E4%B8%80.json", "/dav/novel/%e4%b9%a6/",
        ])
        #expect(
            WebDAVListing.names(in: answer, collectionPath: "/dav/novel/") == [
                "devices", "a b.json", "第一.json", "书",
            ])
    }

    @Test func anyNamespacePrefixAndTheDefaultNamespaceAreRead() {
        #expect(WebDAVListing.names(in: Self.multistatus(["/x/a"], prefix: "D"), collectionPath: "/x/") == ["a"])
        let plain = Data(
            "<multistatus xmlns='DAV:'><response><href>/x/b</href></response></multistatus>".utf8)
        #expect(WebDAVListing.names(in: plain, collectionPath: "/x/") == ["b"])
    }

    @Test func namesDeeperElsewhereOrAgainstThePathRuleAreLeftOut() {
        let answer = Self.multistatus([
            "/dav/novel/a/b.json", "/dav/other/c.json", "/dav/novel/%2E%2E", "/dav/novel/..", "/dav/novel/.",
            "/dav/novel/x%2Fy", "/dav/novel/tab%09name", "/dav/novel/back%5Cslash", "/dav/novelist.json",
            "/dav/novel/ok.json", "/dav/novel/ok.json",
        ])
        #expect(WebDAVListing.names(in: answer, collectionPath: "/dav/novel/") == ["ok.json"])
    }

    @Test func elementsOutsideTheDAVNamespaceAreNotHrefs() {
        let answer = Data(
            "<d:multistatus xmlns:d='DAV:' xmlns:e='urn:other'><d:response><e:href>/x/evil</e:href>"
                .appending("<d:href>/x/good</d:href></d:response></d:multistatus>").utf8)
        #expect(WebDAVListing.names(in: answer, collectionPath: "/x/") == ["good"])
    }

    @Test(arguments: [
        "", "not xml", "<multistatus xmlns='DAV:'>",
        "<multistatus><response><href>/x/a</href></response></multistatus>",
        "<d:propfind xmlns:d='DAV:'/>",
    ])
    func whatIsNotAMultistatusIsRefused(text: String) {
        #expect(WebDAVListing.names(in: Data(text.utf8), collectionPath: "/x/") == nil)
    }

    /// An external entity is never fetched or expanded: the href keeps only its own text.
    @Test func externalEntitiesAreNotExpanded() {
        let answer = Data(
            ("<!DOCTYPE m:multistatus [<!ENTITY e SYSTEM 'file:///etc/hostname'>]><m:multistatus xmlns:m='DAV:'>"
                + "<m:response><m:href>/x/a&e;</m:href></m:response></m:multistatus>").utf8)
        #expect(WebDAVListing.names(in: answer, collectionPath: "/x/") ?? ["a"] == ["a"])
    }
}
