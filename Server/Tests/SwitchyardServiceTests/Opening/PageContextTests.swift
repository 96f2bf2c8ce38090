import Foundation
import Mustache
import SwitchyardStore
import Testing
@testable import SwitchyardService

/// The link pages' contexts name their fields for the templates by hand (`MustacheParent`, not
/// reflection): each must answer every stored property by its name with its value, as swift-mustache's
/// reflection would, so a field added to a context cannot silently vanish from its page.
@Suite struct PageContextTests {
    /// What reflection gives for each stored property: the value, nil for an optional that is nil.
    static func reflected(_ value: Any) -> [(name: String, value: Any?)] {
        Mirror(reflecting: value).children.map { child in
            let inner = Mirror(reflecting: child.value)
            let unwrapped: Any? = inner.displayStyle == .optional ? inner.children.first?.value : child.value
            return (child.label ?? "", unwrapped)
        }
    }

    static func expectSameAsReflection(_ context: some MustacheParent) {
        let fields = reflected(context)
        #expect(!fields.isEmpty)
        for (name, value) in fields {
            let answered = context.child(named: name)
            #expect(answered.map { String(describing: $0) } == value.map { String(describing: $0) }, "\(name)")
        }
        #expect(context.child(named: "noSuchName") == nil)
    }

    @Test func theLinkPagesContextAnswersEveryField() {
        let link = SmartLink(code: "Ab3dE9xQ", team: "t", route: "product/:id",
                             preview: .init(title: "T", description: "D", image: "https://i.example/i.png"), createdAt: Date())
        var full = Pages.Context(link: link, shortURL: "https://go.example/Ab3dE9xQ")
        full.buttons(openURL: "https://shop.example.com/p/1", fallback: "https://apps.apple.com/app/id1", copying: true)
        full.onTheWeb = "https://shop.example.com/"
        full.universalLink = "https://shop.example.com/p/1"
        full.nonce = "n0nce"
        full.webLiteral = "\"https://shop.example.com/\""
        // Every field set, so none is skipped as nil on both sides.
        #expect(Self.reflected(full).allSatisfy { $0.value != nil })
        Self.expectSameAsReflection(full)
        Self.expectSameAsReflection(Pages.Context(link: SmartLink(code: "x", team: "t", route: "r", createdAt: Date()), shortURL: "s"))
    }

    @Test func theNoticeAnswersEveryField() {
        Self.expectSameAsReflection(Pages.Notice(title: "T", code: "Ab3dE9xQ", detail: "D"))
        Self.expectSameAsReflection(Pages.Notice(title: "T"))
    }

    @Test func aNilFieldHidesItsSectionAsBefore() {
        #expect(Pages.notFound(code: "Ab3dE9xQ").contains("<strong>Ab3dE9xQ</strong>"))
        #expect(!Pages.notFound(code: "not a code!").contains("<strong>"))
    }
}
