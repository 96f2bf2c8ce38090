import Mustache

/// Every page the service serves, as a mustache template compiled into the binary (no resource
/// bundle, so the one file runs anywhere) and parsed once into one ``MustacheLibrary``.
///
/// `{{name}}` escapes for HTML text and double-quoted attributes, so a value cannot be put on a
/// page unescaped by forgetting to escape it. The few `{{{name}}}` insert fragments that code built
/// safe (the charts' and QR codes' SVG, JavaScript string literals), each with a comment saying why.
/// Contexts are plain structs, read by reflection: an optional that is nil hides its section, and
/// a name a nested context lacks is looked up in the contexts around it, so nested contexts avoid
/// optional fields that share a name with an outer one.
enum Template: String, CaseIterable, Sendable {
    // The link pages (`GET /{code}`, `GET /?link=`): see ``Pages``.
    case page, heading, appButtons, copyScript
    case openInApp, iPadOrMac, interstitial, preview, notFound, gone, unavailable, longLinkRefused, passwordForm, debug
    // The dashboard: see ``DashboardPage``.
    case dashboard, csrfField, errorNotice, cell
    case signIn, routePicker, newLink, links, link, importForm, importReport, problem, webhooks, keys, audit, stats, domains

    /// The template's text.
    var text: String {
        switch self {
        case .page: Templates.page
        case .heading: Templates.heading
        case .appButtons: Templates.appButtons
        case .copyScript: Templates.copyScript
        case .openInApp: Templates.openInApp
        case .iPadOrMac: Templates.iPadOrMac
        case .interstitial: Templates.interstitial
        case .preview: Templates.preview
        case .notFound: Templates.notFound
        case .gone: Templates.gone
        case .unavailable: Templates.unavailable
        case .longLinkRefused: Templates.longLinkRefused
        case .passwordForm: Templates.passwordForm
        case .debug: Templates.debug
        case .dashboard: Templates.dashboard
        case .csrfField: Templates.csrfField
        case .errorNotice: Templates.errorNotice
        case .cell: Templates.cell
        case .signIn: Templates.signIn
        case .routePicker: Templates.routePicker
        case .newLink: Templates.newLink
        case .links: Templates.links
        case .link: Templates.link
        case .importForm: Templates.importForm
        case .importReport: Templates.importReport
        case .problem: Templates.problem
        case .webhooks: Templates.webhooks
        case .keys: Templates.keys
        case .audit: Templates.audit
        case .stats: Templates.stats
        case .domains: Templates.domains
        }
    }

    /// The page or fragment for `context`.
    func render(_ context: Any) -> String {
        guard let text = Templates.library.render(context, withTemplate: rawValue) else {
            preconditionFailure("no template named '\(rawValue)'")
        }
        return text
    }
}

/// The templates' texts and the library they are parsed into.
enum Templates {
    /// Every ``Template``, parsed once (the service's start-up asks for it, so a template that does
    /// not parse stops the service at once rather than on its first page).
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for template in Template.allCases {
            do {
                try library.register(template.text, named: template.rawValue)
            } catch {
                fatalError("the template '\(template.rawValue)' does not parse: \(error)")
            }
        }
        return library
    }()
}
