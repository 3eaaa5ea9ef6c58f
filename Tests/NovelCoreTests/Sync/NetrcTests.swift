import Testing

@testable import NovelCore

struct NetrcTests {
    @Test func entriesAreFoundByMachineAndLogin() {
        let netrc = Netrc(
            """
            machine dav.example.com login alice password one
            machine DAV.example.com
                login bob
                password "two words"
            machine other.example.com login alice password three
            """)
        #expect(netrc.password(machine: "dav.example.com", login: "alice") == "one")
        #expect(netrc.password(machine: "dav.example.com", login: "bob") == "two words")
        #expect(netrc.password(machine: "other.example.com", login: "alice") == "three")
        #expect(netrc.password(machine: "dav.example.com", login: "carol") == nil)
        #expect(netrc.password(machine: "nowhere", login: "alice") == nil)
    }

    @Test func theDefaultEntryAnswersForAnyOtherMachine() {
        let netrc = Netrc("machine a login u password pa\ndefault login u password fallback\n")
        #expect(netrc.password(machine: "a", login: "u") == "pa")
        #expect(netrc.password(machine: "b", login: "u") == "fallback")
    }

    @Test func anEntryWithoutALoginAnswersForAnyUser() {
        #expect(Netrc("machine h password p").password(machine: "h", login: "anyone") == "p")
    }

    @Test func macroDefinitionsAreSkippedToTheBlankLine() {
        let netrc = Netrc(
            """
            macdef init
            machine h login u password inside-macro

            machine h login u password after
            """)
        #expect(netrc.password(machine: "h", login: "u") == "after")
    }
}
