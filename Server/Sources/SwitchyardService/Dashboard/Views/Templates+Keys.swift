extension Templates {
    /// `GET /dashboard/keys`: see ``Dashboard/KeysView``.
    static let keys = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Keys</h1>
        {{#made}}<div class="card" id="made-key"><p>The key <strong>{{name}}</strong>, shown this once: copy it now.</p>\
        <p><code>{{key}}</code></p></div>{{/made}}
        {{#error}}<p class="error" role="alert">{{.}}</p>{{/error}}
        {{#hasKeys}}
        <div class="scroll"><table id="keys"><thead><tr><th>Name</th><th>Role</th><th>Starts</th><th>Created</th><th>Last used</th>\
        <th>Expires</th><th>State</th><th></th></tr></thead><tbody>
        {{#keys}}
        <tr><td>{{name}}</td><td>{{role}}</td><td><code>{{hint}}</code></td><td>{{created}}</td><td>{{lastUsed}}</td><td>{{expires}}</td>\
        <td>{{state}}</td><td>{{#revocable}}<form method="post" action="/dashboard/keys/revoke">{{>csrfField}}\
        <input type="hidden" name="name" value="{{name}}"><button type="submit" class="revoke">Revoke</button></form>{{/revocable}}</td></tr>
        {{/keys}}
        </tbody></table></div>
        {{/hasKeys}}
        {{^hasKeys}}<p id="no-keys">No named keys yet: the service runs on its bootstrap key.</p>{{/hasKeys}}
        <h2>Make a key</h2>
        <form method="post" action="/dashboard/keys" id="new-key" class="card">{{>csrfField}}
        <label for="key-name">Name</label><input id="key-name" name="name" required maxlength="64">
        <label for="key-role">Role</label><select id="key-role" name="role">{{#roles}}<option>{{.}}</option>{{/roles}}</select>
        <label for="key-days">Expires after (days, empty: never)</label><input id="key-days" name="days" inputmode="numeric">
        <button type="submit">Make the key</button></form>
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """

    /// `GET /dashboard/audit`: see ``Dashboard/AuditView``.
    static let audit = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Audit log</h1>
        <form method="get" action="/dashboard/audit" id="audit-filter"><label for="audit-key">Key</label>\
        <input id="audit-key" name="key" value="{{key}}"> <label for="audit-action">Action</label>\
        <input id="audit-action" name="action" value="{{action}}"> <button type="submit">Filter</button></form>
        {{#hasEntries}}
        <div class="scroll"><table id="audit"><thead><tr><th>When</th><th>Key</th><th>Role</th><th>Address</th><th>Action</th>\
        <th>On</th><th>Detail</th></tr></thead><tbody>
        {{#entries}}
        <tr><td>{{at}}</td><td>{{key}}</td><td>{{role}}</td><td>{{address}}</td><td>{{action}}</td><td><code>{{target}}</code></td>\
        <td>{{detail}}</td></tr>
        {{/entries}}
        </tbody></table></div>
        {{/hasEntries}}
        {{^hasEntries}}<p id="no-entries">Nothing recorded.</p>{{/hasEntries}}
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """
}

extension Templates {
    /// `GET /dashboard/stats`: see ``Dashboard/StatsView``.
    static let stats = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Team stats</h1>
        <p class="hint">{{from}} to {{to}} (UTC). Clicks are every click; people, every click but robots'; unique, a person's first within the hour. Opens, first opens and redeems are counted by the app's calls.</p>
        <div class="scroll"><table id="team-totals"><thead><tr><th></th><th>Clicks</th><th>People</th><th>Unique</th><th>App opens</th>\
        <th>First opens</th><th>Redeems</th></tr></thead><tbody>
        {{#totals}}<tr><th>{{name}}</th><td>{{clicks}}</td><td>{{humans}}</td><td>{{uniques}}</td><td>{{appOpens}}</td><td>{{firstOpens}}</td>\
        <td>{{redeems}}</td></tr>{{/totals}}
        {{#days}}<tr><td>{{name}}</td><td>{{clicks}}</td><td>{{humans}}</td><td>{{uniques}}</td><td>{{appOpens}}</td><td>{{firstOpens}}</td>\
        <td>{{redeems}}</td></tr>{{/days}}
        </tbody></table></div>
        <h2>Most clicked links</h2>
        {{#hasLinks}}
        <div class="scroll"><table id="top-links"><thead><tr><th>Link</th><th>Clicks</th><th>People</th><th>Unique</th><th>App opens</th>\
        <th>First opens</th><th>Redeems</th></tr></thead><tbody>
        {{#links}}<tr><td><a href="{{href}}"><code>{{name}}</code></a></td><td>{{clicks}}</td><td>{{humans}}</td><td>{{uniques}}</td>\
        <td>{{appOpens}}</td><td>{{firstOpens}}</td><td>{{redeems}}</td></tr>{{/links}}
        </tbody></table></div>
        {{/hasLinks}}
        {{^hasLinks}}<p id="no-clicks">No clicks in these days.</p>{{/hasLinks}}
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """
}
