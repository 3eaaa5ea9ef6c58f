import Testing

@testable import NovelCore

/// The selectors a stylesheet hides: simple ones only, the last rule winning, at-rules and comments skipped.
@Suite struct CSSDisplayNoneTests {
    @Test func simpleSelectorsThatSetDisplayNoneAreRead() {
        let css = CSSDisplayNone(stylesheets: [
            """
            @charset "utf-8";
            /* .commented { display: none } */
            .hide, span.gone , #secret {
              color: red;
              DISPLAY : none !important;
            }
            aside { display:none }
            div p.deep { display: none }
            a:hover { display: none }
            .shown { display: none } .shown { display: block }
            @media amzn-kf8 { .kindle-only { display: none } }
            p[lang] { display: none }
            """
        ])
        #expect(css.selectors == ["aside", ".hide", "span.gone", "#secret"])
        #expect(css.hides(tag: "p", classes: ["x", "hide"], id: nil))
        #expect(css.hides(tag: "span", classes: ["gone"], id: nil))
        #expect(!css.hides(tag: "div", classes: ["gone"], id: nil))
        #expect(css.hides(tag: "div", classes: [], id: "secret"))
        #expect(css.hides(tag: "aside", classes: [], id: nil))
        #expect(!css.hides(tag: "p", classes: ["deep", "shown", "kindle-only"], id: "other"))
    }

    @Test func laterStylesheetsOverrideEarlierOnes() {
        let css = CSSDisplayNone(stylesheets: [
            ".note { display: none }", ".note { display: inline }", "b { display: none",
        ])
        #expect(css.selectors == ["b"])
        #expect(CSSDisplayNone().isEmpty)
    }
}
