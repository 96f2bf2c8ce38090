/// The dashboard's frame and forms: see ``DashboardPage`` and ``DashboardForms`` for their contexts.
/// Each page's context is a ``DashboardPage/Context``: `title`, `session` (nil before sign-in), and
/// the page's own values under `page`.
extension Templates {
    static let dashboardStyle = """
        body{font-family:system-ui,-apple-system,sans-serif;margin:0;color:#1d1d1f;background:#f6f7f9}\
        header{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.7rem 1.5rem;background:#12263f;color:#fff}\
        header a{color:#fff;text-decoration:none}header .brand{font-weight:700;margin-right:auto}\
        header form{margin:0}header button{background:none;border:1px solid #fff8;color:#fff;border-radius:.3rem;padding:.3rem .7rem;cursor:pointer}\
        main{max-width:60rem;margin:1.5rem auto;padding:0 1.5rem}\
        table{border-collapse:collapse;width:100%;background:#fff}th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid #e3e5e8;vertical-align:top}\
        label{display:block;margin:.7rem 0 .2rem;font-weight:600}input,select,textarea{width:100%;box-sizing:border-box;padding:.45rem;border:1px solid #bbb;border-radius:.3rem;font:inherit}\
        textarea{font-family:ui-monospace,monospace;min-height:5rem}fieldset{border:1px solid #d5d8dc;border-radius:.4rem;margin:1rem 0;background:#fff}\
        button.primary{margin-top:1rem;padding:.55rem 1.2rem;background:#0b5fff;color:#fff;border:0;border-radius:.3rem;font:inherit;cursor:pointer}\
        .error{background:#fde8e8;border:1px solid #e0a0a0;padding:.6rem .8rem;border-radius:.3rem}\
        .notice{background:#e6f4ea;border:1px solid #9fd0ab;padding:.6rem .8rem;border-radius:.3rem}\
        .hint{color:#666;font-size:.85rem;font-weight:400}.cards{display:flex;gap:1.5rem;flex-wrap:wrap;align-items:flex-start}\
        .card{background:#fff;border:1px solid #e3e5e8;border-radius:.4rem;padding:1rem}pre{white-space:pre-wrap;word-break:break-all}\
        code{font-family:ui-monospace,monospace}\
        #explain table{font-size:.85rem;table-layout:fixed}#explain th:nth-child(1){width:10rem}#explain th:nth-child(2){width:45%}\
        #explain td code{overflow-wrap:break-word}#explain code.word{white-space:nowrap}.scroll{overflow-x:auto}
        """

    /// The frame every dashboard page inherits: the navigation and the sign-out form when there is a
    /// `session`; the block `body`.
    static let dashboard = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width,initial-scale=1">
        <meta name="robots" content="noindex">
        <title>{{title}} · Switchyard</title>
        <style>\(dashboardStyle)</style>
        </head><body>
        <header><a class="brand" href="/">Switchyard</a>{{#session}}<a href="/">Links</a>\
        {{#canEdit}}<a href="/dashboard/new">New link</a><a href="/dashboard/import">Import</a>{{/canEdit}}\
        <a href="/dashboard/stats">Stats</a>\
        {{#isAdmin}}<a href="/dashboard/webhooks">Webhooks</a><a href="/dashboard/domains">Domains</a><a href="/dashboard/keys">Keys</a><a href="/dashboard/audit">Audit</a>{{/isAdmin}}\
        <span id="who">Signed in as <strong>{{keyName}}</strong> ({{role}}) · team <strong>{{team}}</strong></span>\
        <form method="post" action="/dashboard/signout">{{>csrfField}}<button type="submit" id="sign-out">Sign out</button></form>\
        {{/session}}</header>
        <main>
        {{$body}}{{/body}}</main>
        </body></html>

        """

    /// The hidden field carrying the session's CSRF token.
    static let csrfField = #"<input type="hidden" name="csrf" value="{{session.csrf}}">"#

    /// The page's `error`, if any.
    static let errorNotice = """
        {{#error}}
        <p class="error" role="alert" id="error">{{.}}</p>
        {{/error}}
        """

    /// One value of a link: a link when it has an http(s) `href`, else `text` as code or plain text,
    /// then its `note` and whether the app made it.
    static let cell = """
        {{#href}}<a href="{{.}}" rel="noopener noreferrer">{{text}}</a>{{/href}}\
        {{^href}}{{#isCode}}<code>{{text}}</code>{{/isCode}}{{^isCode}}{{text}}{{/isCode}}{{/href}}\
        {{#note}} ({{.}}){{/note}}{{#byApp}} <span class="by-app">by the app (app key)</span>{{/byApp}}
        """

    static let signIn = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Sign in</h1>
        {{>errorNotice}}
        <form method="post" action="/dashboard/signin" id="sign-in" class="card">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="key">API key</label>
        <input type="password" id="key" name="key" autocomplete="current-password" required autofocus>
        <button type="submit" class="primary">Sign in</button>
        </form>
        <p class="hint">The admin key the service was started with (<code>SWITCHYARD_API_KEY</code>).</p>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    static let routePicker = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>New link</h1>
        {{>errorNotice}}
        <form method="get" action="/dashboard/new" id="pick-route" class="card">
        <label for="route">Route</label>
        <select id="route" name="route">
        {{#routes}}
        <option value="{{value}}">{{label}}</option>
        {{/routes}}
        </select>
        <button type="submit" class="primary">Continue</button>
        </form>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    static let newLink = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>New link</h1>
        <p>Route <code id="route-pattern">{{pattern}}</code>{{#routeName}} ({{.}}){{/routeName}} · <a href="/dashboard/new">choose another route</a></p>
        {{>errorNotice}}
        <form method="post" action="/dashboard/new" id="create-link">
        {{>csrfField}}
        <input type="hidden" name="route" value="{{route}}">
        {{#fieldsets}}
        <fieldset><legend>{{legend}}</legend>
        {{#noFields}}
        <p class="hint">This route takes no parameters.</p>
        {{/noFields}}
        {{#fields}}
        {{#isTextarea}}
        <label for="{{id}}">{{label}} <span class="hint">{{hint}}</span></label>
        <textarea id="{{id}}" name="{{name}}">{{value}}</textarea>
        {{/isTextarea}}
        {{^isTextarea}}
        <label for="{{id}}">{{label}}{{#hint}} <span class="hint">{{.}}</span>{{/hint}}</label>
        <input type="{{type}}" id="{{id}}" name="{{name}}" value="{{value}}"{{#min}} min="{{.}}"{{/min}}{{#step}} step="{{.}}"{{/step}}>
        {{/isTextarea}}
        {{/fields}}
        </fieldset>
        {{/fieldsets}}
        <button type="submit" class="primary" id="create">Create link</button>
        </form>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    static let links = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Links</h1>
        {{#session.canEdit}}<p><a href="/dashboard/new" id="new-link">Create a link</a></p>{{/session.canEdit}}
        <form method="get" action="/" id="search"><label for="q">Search labels and codes</label>\
        <input type="search" id="q" name="q" value="{{search}}"> <button type="submit">Search</button></form>
        {{#noLinks}}
        <p id="no-links">{{#search}}No link matches.{{/search}}{{^search}}No links yet.{{/search}}</p>
        {{/noLinks}}
        {{^noLinks}}
        <div class="scroll"><table id="links"><thead><tr><th>Code</th><th>Label</th><th>Route</th><th>Parameters</th><th>Title</th>\
        <th>Clicks</th><th>Created</th><th>Status</th></tr></thead><tbody>
        {{#rows}}
        <tr class="link" data-code="{{code}}"><td><a href="/dashboard/links/{{codePath}}">{{code}}</a></td>\
        <td class="label">{{label}}</td><td><code>{{route}}</code></td><td>{{parameters}}</td><td>{{linkTitle}}</td><td class="clicks">{{clicks}}</td>\
        <td>{{created}}{{#byApp}} <span class="by-app">by the app</span>{{/byApp}}</td><td>{{status}}</td></tr>
        {{/rows}}
        </tbody></table></div>
        <p class="pages">{{^isFirstPage}}<a href="/{{#searchQuery}}?q={{.}}{{/searchQuery}}">First page</a> {{/isFirstPage}}\
        {{#nextCursor}}<a id="next-page" href="/?cursor={{.}}{{#searchQuery}}&amp;q={{.}}{{/searchQuery}}">Next page</a>{{/nextCursor}}</p>
        {{/noLinks}}
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    /// A link's page. `qrSVG` and `chartSVG` are unescaped on purpose: SVG elements that code
    /// builds from numbers and dates (``ClicksChart/svg``, ``Dashboard/qrSVG(_:pixels:label:)``,
    /// which escapes its one text, the label), never from a link's own values.
    static let link = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Link <code>{{code}}</code></h1>
        <p id="short-url">{{#shortURL}}{{>cell}}{{/shortURL}}</p>
        <div class="cards">
        <div class="card" id="qr">{{{qrSVG}}}{{#qrError}}<p class="error">{{.}}</p>{{/qrError}}</div>
        <div class="card"><table id="details">
        {{#rows}}
        <tr><th>{{name}}</th><td>{{>cell}}</td></tr>
        {{/rows}}
        </table></div>
        </div>
        {{#metadata}}
        <h2>Metadata</h2>
        <pre id="metadata">{{.}}</pre>
        {{/metadata}}
        {{#canEdit}}
        <h2>Rules and A/B test</h2>
        <form method="post" action="{{editAction}}" id="edit-rules">{{>csrfField}}
        {{#editError}}<p class="error" id="edit-error">{{.}}</p>{{/editError}}
        <label for="edit-rules-json">Rules</label>
        <p class="hint">a JSON array, tried in order (the team's default rules come after these); empty removes them</p>
        <textarea id="edit-rules-json" name="rules">{{rulesJSON}}</textarea>
        <label for="edit-variants-json">A/B variants</label>
        <p class="hint">a JSON object: {"targets": [{"url" or "route", "weight"}, ...], "endsAt", "decideBy"}; empty removes the test; a new test starts its figures again</p>
        <textarea id="edit-variants-json" name="variants">{{variantsJSON}}</textarea>
        <button type="submit" id="save-rules">Save rules and variants</button>
        </form>
        {{/canEdit}}
        <h2>What a tap does</h2>
        <div id="explain">
        {{#explainWarnings}}
        <p class="error explain-warning" data-code="{{code}}">{{message}}</p>
        {{/explainWarnings}}
        <table><thead><tr><th>Who taps</th><th>What happens</th><th>Why, and what the service answers</th></tr></thead><tbody>
        {{#explainCases}}
        <tr class="explain-case" data-case="{{key}}" data-action="{{action}}"><td><code class="word">{{platform}}</code><br>\
        <span class="hint">{{app}}</span></td>\
        <td><code class="word">{{action}}</code>{{#target}} <code>{{.}}</code>{{/target}}\
        {{#claim}}<br><span class="hint">claim</span> <code>{{.}}</code>{{/claim}}<br><span class="hint">deferred</span> {{deferred}}</td>\
        <td>{{reason}}{{#answer}}<br><code>{{.}}</code>{{/answer}}</td></tr>
        {{/explainCases}}
        </tbody></table>
        </div>
        <h2>Clicks</h2>
        <table id="clicks-by-platform"><tr>{{#platforms}}<th>{{name}}</th>{{/platforms}}<th>total</th></tr>\
        <tr>{{#platforms}}<td>{{count}}</td>{{/platforms}}<td>{{total}}</td></tr></table>
        <table id="click-kinds"><tr><th>all clicks</th><th>people</th><th>unique people</th></tr>\
        <tr><td>{{total}}</td>{{#appEvents}}<td>{{humanClicks}}</td><td>{{uniqueClicks}}</td>{{/appEvents}}</tr></table>
        <p class="hint">People: every click but robots' (crawlers, mail scanners, monitors, HEAD, prefetches). Unique: a person's first within the hour.</p>
        <table id="clicks-by-country"><tr><th>country</th><th>all clicks</th><th>people</th><th>unique people</th></tr>\
        {{#countries}}<tr><td>{{country}}</td><td>{{clicks}}</td><td>{{humanClicks}}</td><td>{{uniqueClicks}}</td></tr>{{/countries}}</table>
        <h3>In the app</h3>
        <table id="app-events"><tr><th>app opens</th><th>first opens</th><th>redeems</th></tr>\
        <tr>{{#appEvents}}<td>{{appOpens}}</td><td>{{firstOpens}}</td><td>{{redeems}}</td>{{/appEvents}}</tr></table>
        <h3>Last 30 days</h3>
        <div class="card" id="chart">{{{chartSVG}}}</div>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    static let importForm = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Import from Firebase Dynamic Links</h1>
        {{>errorNotice}}
        <p>Upload an export of your project's links: the CSV Google Takeout gives for a domain (<code>Short link,\
        Deep link,Android package name,...,Link name,Creation timestamp</code>), a CSV whose header names the short \
        link and the long link (<code>Short link,Long link</code>), or a list of long links, one a line. Each short \
        link keeps its suffix as its code and its link name as its label; rows that cannot be imported are listed \
        with their line and reason. Importing the same file again changes nothing.</p>
        <form method="post" action="/dashboard/import" enctype="multipart/form-data" id="import" class="card">
        {{>csrfField}}
        <label for="file">Export file</label>
        <input type="file" id="file" name="file" accept=".csv,.txt,text/csv,text/plain">
        <label for="text">or paste it <span class="hint">used when no file is chosen</span></label>
        <textarea id="text" name="text"></textarea>
        <label><input type="checkbox" name="dryRun" value="1" id="dry-run" style="width:auto"> Dry run \
        <span class="hint">check every row, write nothing</span></label>
        <label><input type="checkbox" name="archived" value="skip" id="skip-archived" style="width:auto"> Skip archived links \
        <span class="hint">otherwise they are imported disabled</span></label>
        <label><input type="checkbox" name="unrouted" value="web" id="unrouted-web" style="width:auto"> Import unrouted deep links \
        as web links <span class="hint">every platform goes to the deep link itself</span></label>
        <button type="submit" class="primary" id="run-import">Import</button>
        </form>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    static let importReport = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Import from Firebase Dynamic Links</h1>
        <p class="notice" id="summary">{{summary}}</p>
        {{#details}}<p class="hint">{{.}}</p>{{/details}}
        {{#hasRejections}}
        <table id="rejected"><thead><tr><th>Line</th><th>Short link</th><th>Reason</th></tr></thead><tbody>
        {{#rejected}}
        <tr><td>{{line}}</td><td>{{#shortLink}}<code>{{.}}</code>{{/shortLink}}</td><td>{{reason}}</td></tr>
        {{/rejected}}
        </tbody></table>
        {{/hasRejections}}
        <p><a href="/">Back to the links</a> · <a href="/dashboard/import">Import another file</a></p>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    static let problem = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>{{heading}}</h1>
        <p class="error" role="alert">{{detail}}</p>
        <p><a href="/">Back to the dashboard</a></p>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """
}
