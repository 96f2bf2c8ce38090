extension Templates {
    /// `GET /dashboard/webhooks`: see ``Dashboard/WebhooksView``.
    static let webhooks = """
        {{<dashboard}}
        {{$body}}
        {{#page}}
        <h1>Webhooks</h1>
        <p class="hint">Created and deleted with the API (<code>POST /api/v1/webhooks</code>, <code>DELETE /api/v1/webhooks/{id}</code>). \
        Each event is POSTed signed (<code>Switchyard-Signature</code>) and retried for a day; then it is listed below.</p>
        {{#hasWebhooks}}
        <table id="webhooks"><thead><tr><th>Id</th><th>URL</th><th>Events</th><th>Created</th></tr></thead><tbody>
        {{#webhooks}}
        <tr><td><code>{{id}}</code></td><td><code>{{url}}</code></td><td>{{events}}</td><td>{{created}}</td></tr>
        {{/webhooks}}
        </tbody></table>
        {{/hasWebhooks}}
        {{^hasWebhooks}}<p id="no-webhooks">No webhooks yet.</p>{{/hasWebhooks}}
        <h2>Failed deliveries</h2>
        {{#hasFailures}}
        <table id="failed-deliveries"><thead><tr><th>Event</th><th>Type</th><th>URL</th><th>Happened</th><th>Given up</th>\
        <th>Attempts</th><th>Last error</th></tr></thead><tbody>
        {{#failures}}
        <tr><td><code>{{event}}</code></td><td>{{type}}</td><td><code>{{url}}</code></td><td>{{happened}}</td><td>{{failedAt}}</td>\
        <td>{{attempts}}</td><td class="last-error">{{error}}</td></tr>
        {{/failures}}
        </tbody></table>
        {{/hasFailures}}
        {{^hasFailures}}<p id="no-failures">No failed deliveries.</p>{{/hasFailures}}
        {{/page}}
        {{/body}}
        {{/dashboard}}
        """
}
