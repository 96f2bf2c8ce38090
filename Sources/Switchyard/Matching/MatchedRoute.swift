/// One concrete form of a route (one combination of its optional groups), as the matcher knows it.
struct MatchForm: Sendable {
    /// The route this form belongs to.
    var routeIndex: Int
    /// Where this form's capture names start in ``CompiledMatcher/names``, and how many: one
    /// per non-static segment on the way down the trie, in order.
    var nameStart: Int32
    var nameCount: Int32
    /// Whether the last capture is a rest parameter, which takes every remaining segment.
    var endsWithRest: Bool
    /// Whether a match leaves the values as ranges of the input, to decode when read: one or two
    /// captures, each named, no rest (``MatchedRoute/parameterNames``). Also in the box; kept here
    /// too, in the form's cache line that the match has just read.
    var capturesLazily: Bool = false
    /// Which of the route pattern's forms this is (index into ``RoutePattern/forms``).
    var formOrdinal: Int
    /// How many of that form's segments this matcher form covers: fewer than all for the prefix
    /// of a screen route that ends at a screen (`list` for `list{A}/:itemID{B}`).
    var length: Int
    /// What a link that matched this form says about its route, in one shared box (nil in a
    /// table of pattern handlers): a match stores one reference in the link instead of the
    /// pattern's and the name's strings, one reference count instead of two.
    var matched: MatchedRoute?
}

/// A link's matched route, as a match leaves it: the pattern, the name, and where the form is in
/// its table. Shared by every link that matched the same form, and immutable: a link that
/// changes its route gets a box of its own (``DeepLink/route``).
final class MatchedRoute: Sendable {
    let route: String?
    let routeName: String?
    let routeIndex: Int?
    /// Which form of the route's pattern matched, and how many of its segments (fewer than all
    /// when a screen route's prefix matched).
    let form: (ordinal: Int, length: Int)?
    /// The form's parameter names, in order, when a match captures its values as ranges of the
    /// input (``RouteParameters/captured(_:_:)``: one or two named parameters, no rest); nil
    /// otherwise. Held inline: a table allocates one box per form and nothing more.
    let parameterNames: CapturedNames?

    init(route: String?, routeName: String?, routeIndex: Int?, form: (ordinal: Int, length: Int)?,
         parameterNames: CapturedNames? = nil) {
        self.route = route
        self.routeName = routeName
        self.routeIndex = routeIndex
        self.form = form
        self.parameterNames = parameterNames
    }

    /// A box with the same fields but those given (and no captured names: a link decodes its
    /// captured parameters before its match changes); nil when every field would be nil.
    static func replacing(_ box: MatchedRoute?, route: String?? = nil, routeName: String?? = nil,
                          routeIndex: Int?? = nil, form: (ordinal: Int, length: Int)?? = nil) -> MatchedRoute? {
        let route = route ?? box?.route
        let routeName = routeName ?? box?.routeName
        let routeIndex = routeIndex ?? box?.routeIndex
        let form = form ?? box?.form
        if route == nil && routeName == nil && routeIndex == nil && form == nil { return nil }
        return MatchedRoute(route: route, routeName: routeName, routeIndex: routeIndex, form: form)
    }
}
