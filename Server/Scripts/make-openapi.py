#!/usr/bin/env python3
"""Writes Sources/SwitchyardService/Resources/openapi.json (the OpenAPI 3.1 document of the link
service's API). Edit this script, run it, and commit both."""
import json, os

def ref(name): return {"$ref": f"#/components/schemas/{name}"}
def problem(description, headers=None):
    r = {"description": description, "content": {"application/problem+json": {"schema": ref("Problem")}}}
    if headers: r["headers"] = headers
    return r
def nullable(schema): return {**schema, "type": [schema["type"], "null"]}

auth_header = {"WWW-Authenticate": {"description": "The Bearer challenge.", "schema": {"type": "string"}}}
retry_header = {"Retry-After": {"description": "Seconds to wait before retrying.", "schema": {"type": "string"}}}
E = {
    "400": problem("Invalid request: unknown route, missing or unknown parameter, constraint violation, refused fallback URL, malformed JSON or a bad field."),
    "401": problem("Missing or wrong key.", auth_header),
    "404": problem("No such link (or another team's)."),
    "409": problem("Conflict."),
    "410": problem("The link was deleted or has expired."),
    "413": problem("The request body is over the size limit."),
    "415": problem("The request body is not application/json."),
    "503": problem("The database is unavailable; retry later.", retry_header),
}
def errors(*codes): return {c: E[c] for c in codes}
rate_header = {"Retry-After": {"description": "Whole seconds until the next request is allowed.", "schema": {"type": "string"}}}
def rate_limited(what): return problem(f"Too many {what} with this key: the rate limit is spent; retry after Retry-After seconds.", rate_header)

code_param = {"name": "code", "in": "path", "required": True, "description": "The link's short code or alias.",
              "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$"}}
string_map = {"type": "object", "additionalProperties": {"type": "string"}}
input_map = {"type": ["object", "null"], "additionalProperties": {"type": ["string", "number", "boolean"]}}
url_string = {"type": "string", "maxLength": 2048, "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
              "description": "An absolute http or https URL on an allowed domain."}

fallbacks_in = {"type": ["object", "null"], "additionalProperties": False, "properties": {
    "ios": nullable(dict(url_string)), "android": nullable(dict(url_string)), "web": nullable(dict(url_string))}}
fallbacks_out = {"type": "object", "required": ["ios", "android", "web"], "properties": {
    "ios": {"type": ["string", "null"]}, "android": {"type": ["string", "null"]}, "web": {"type": ["string", "null"]}}}

schemas = {
    "Problem": {"type": "object", "required": ["type", "title", "status", "detail"], "description": "RFC 9457 problem details.",
                "properties": {"type": {"type": "string"}, "title": {"type": "string"}, "status": {"type": "integer"},
                               "detail": {"type": "string"}}},
    "CreateLink": {"type": "object", "required": ["route"], "additionalProperties": False, "properties": {
        "route": {"type": "string", "description": "A route of the table, by name or pattern.", "maxLength": 2048},
        "routeParameters": input_map, "queryParameters": input_map,
        "metadata": {"type": ["object", "null"], "description": "Private data for the app; served only with the app key."},
        "redeemLimit": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000000000},
        "fallbacks": fallbacks_in,
        "alias": {"type": ["string", "null"], "pattern": "^[A-Za-z0-9_-]{3,64}$", "description": "A custom code; reserved words are refused."},
        "expiresAt": {"type": ["string", "null"], "format": "date-time", "description": "Must be in the future."},
        "preview": {"type": ["object", "null"], "additionalProperties": False, "properties": {
            "title": {"type": ["string", "null"], "maxLength": 512},
            "description": {"type": ["string", "null"], "maxLength": 2048},
            "image": nullable(dict(url_string, description="An absolute http or https URL."))}}}},
    "UpdateLink": {"type": "object", "required": ["fallbacks"], "additionalProperties": False,
                   "properties": {"fallbacks": {**fallbacks_in, "type": "object"}}},
    "Clicks": {"type": "object", "required": ["total", "ios", "android", "desktop", "crawler", "other"],
               "properties": {k: {"type": "integer", "minimum": 0} for k in ["total", "ios", "android", "desktop", "crawler", "other"]}},
    "Link": {"type": "object", "required": ["code", "url", "route", "routeParameters", "queryParameters", "hasMetadata",
                                            "redeemCount", "fallbacks", "preview", "createdAt", "expired"],
             "properties": {
                 "code": {"type": "string"}, "url": {"type": "string", "description": "The short link."},
                 "route": {"type": "string"}, "routeName": {"type": ["string", "null"]},
                 "routeParameters": string_map, "queryParameters": string_map,
                 "universalLink": {"type": ["string", "null"]}, "schemeURL": {"type": ["string", "null"]},
                 "hasMetadata": {"type": "boolean"},
                 "redeemLimit": {"type": ["integer", "null"]}, "redeemCount": {"type": "integer", "minimum": 0},
                 "fallbacks": fallbacks_out,
                 "preview": {"type": "object", "properties": {"title": {"type": ["string", "null"]},
                             "description": {"type": ["string", "null"]}, "image": {"type": ["string", "null"]}}},
                 "createdAt": {"type": "string", "format": "date-time"},
                 "expiresAt": {"type": ["string", "null"], "format": "date-time"},
                 "expired": {"type": "boolean"},
                 "clicks": ref("Clicks")}},
    "LinkPage": {"type": "object", "required": ["links", "nextCursor"], "properties": {
        "links": {"type": "array", "items": ref("Link")}, "nextCursor": {"type": ["string", "null"]}}},
    "Resolution": {"type": "object", "required": ["code", "url", "route", "routeParameters", "queryParameters", "redeemCount", "exhausted", "metadata"],
                   "properties": {
                       "code": {"type": "string"}, "url": {"type": ["string", "null"], "description": "The deep link (universal link, else custom-scheme URL)."},
                       "universalLink": {"type": ["string", "null"]}, "schemeURL": {"type": ["string", "null"]},
                       "route": {"type": "string"}, "routeName": {"type": ["string", "null"]},
                       "routeParameters": string_map, "queryParameters": string_map,
                       "redeemLimit": {"type": ["integer", "null"]}, "redeemCount": {"type": "integer"},
                       "exhausted": {"type": "boolean"},
                       "metadata": {"type": ["object", "null"], "description": "Null once the redeem limit is reached."}}},
    "Redemption": {"type": "object", "required": ["code", "metadata", "redeemCount"], "properties": {
        "code": {"type": "string"}, "metadata": {"type": ["object", "null"]}, "redeemCount": {"type": "integer"},
        "redeemLimit": {"type": ["integer", "null"]}, "remaining": {"type": ["integer", "null"]}}},
    "Health": {"type": "object", "required": ["status", "database"], "properties": {
        "status": {"type": "string", "enum": ["ok", "unavailable"]}, "database": {"type": "string"}}},
}

firebase_url = {"type": "string", "maxLength": 2048, "description": "An absolute http or https URL."}
firebase_text = {"type": "string", "maxLength": 2048}
schemas.update({
    "FirebaseShortLinkRequest": {
        "type": "object", "additionalProperties": False,
        "description": "Firebase Dynamic Links' REST request: a long link, or its parts; the deep link must open a route of the table.",
        "properties": {
            "longDynamicLink": {"type": "string", "maxLength": 10000, "description": "https://example.page.link/?link=...&apn=..."},
            "dynamicLinkInfo": {"type": "object", "additionalProperties": False, "properties": {
                "domainUriPrefix": firebase_text, "dynamicLinkDomain": firebase_text, "link": firebase_url,
                "androidInfo": {"type": "object", "additionalProperties": False, "properties": {
                    "androidPackageName": firebase_text, "androidFallbackLink": firebase_url, "androidMinPackageVersionCode": firebase_text}},
                "iosInfo": {"type": "object", "additionalProperties": False, "properties": {
                    k: firebase_text for k in ["iosBundleId", "iosFallbackLink", "iosCustomScheme", "iosIpadFallbackLink",
                                               "iosIpadBundleId", "iosAppStoreId", "iosMinimumVersion"]}},
                "navigationInfo": {"type": "object", "additionalProperties": False, "properties": {"enableForcedRedirect": {"type": "boolean"}}},
                "socialMetaTagInfo": {"type": "object", "additionalProperties": False, "properties": {
                    "socialTitle": firebase_text, "socialDescription": firebase_text, "socialImageLink": firebase_url}},
                "otherPlatformInfo": {"type": "object", "additionalProperties": False, "properties": {"fallbackUrl": firebase_url}},
                "desktopInfo": {"type": "object", "additionalProperties": False, "properties": {"desktopFallbackLink": firebase_url}},
                "analyticsInfo": {"type": "object", "additionalProperties": False, "properties": {
                    "googlePlayAnalytics": {"type": "object", "additionalProperties": False, "properties": {
                        k: firebase_text for k in ["utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent", "gclid"]}},
                    "itunesConnectAnalytics": {"type": "object", "additionalProperties": False, "properties": {
                        k: firebase_text for k in ["at", "ct", "mt", "pt"]}}}}}},
            "suffix": {"type": "object", "additionalProperties": False, "properties": {
                "option": {"type": "string", "enum": ["SHORT", "UNGUESSABLE"], "description": "UNGUESSABLE (17 characters) by default."}}}}},
    "FirebaseShortLink": {"type": "object", "required": ["shortLink", "previewLink", "warning"], "properties": {
        "shortLink": {"type": "string"}, "previewLink": {"type": "string"},
        "warning": {"type": "array", "items": {"type": "object", "required": ["warningCode", "warningMessage"], "properties": {
            "warningCode": {"type": "string"}, "warningMessage": {"type": "string"}}}}}},
    "FirebaseError": {"type": "object", "required": ["error"], "description": "Firebase's error shape.", "properties": {
        "error": {"type": "object", "required": ["code", "message", "status"], "properties": {
            "code": {"type": "integer"}, "message": {"type": "string"}, "status": {"type": "string"}}}}},
})

def json_response(description, schema, headers=None):
    r = {"description": description, "content": {"application/json": {"schema": schema}}}
    if headers: r["headers"] = headers
    return r
html = {"text/html": {"schema": {"type": "string"}}}
admin = [{"adminKey": []}]
app = [{"appKey": []}]

paths = {
    "/api/v1/links": {
        "post": {"operationId": "createLink", "summary": "Create a smart link", "security": admin, "tags": ["links"],
                 "requestBody": {"required": True, "content": {"application/json": {"schema": ref("CreateLink")}}},
                 "responses": {"201": json_response("Created.", ref("Link"), {"Location": {"schema": {"type": "string"}, "description": "The link's API URL."}}),
                               **errors("400", "401", "409", "413", "415"), "429": rate_limited("links created"), **errors("503")}},
        "get": {"operationId": "listLinks", "summary": "List the team's live links, newest first", "security": admin, "tags": ["links"],
                "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200}},
                               {"name": "cursor", "in": "query", "schema": {"type": "string", "minLength": 1, "maxLength": 256}}],
                "responses": {"200": json_response("A page of links.", ref("LinkPage")), **errors("400", "401", "503")}}},
    "/api/v1/links/{code}": {
        "parameters": [code_param],
        "get": {"operationId": "getLink", "summary": "Inspect a link with its click counts", "security": admin, "tags": ["links"],
                "responses": {"200": json_response("The link.", ref("Link")), **errors("401", "404", "503")}},
        "patch": {"operationId": "updateLinkFallbacks", "summary": "Replace a link's fallbacks", "security": admin, "tags": ["links"],
                  "requestBody": {"required": True, "content": {"application/json": {"schema": ref("UpdateLink")}}},
                  "responses": {"200": json_response("The updated link.", ref("Link")), **errors("400", "401", "404", "413", "415", "503")}},
        "delete": {"operationId": "deleteLink", "summary": "Delete a link (it then answers 410; its code is never reused)", "security": admin, "tags": ["links"],
                   "responses": {"204": {"description": "Deleted."}, **errors("401", "404", "503")}}},
    "/api/v1/links/{code}/resolve": {
        "parameters": [code_param],
        "get": {"operationId": "resolveLink", "summary": "The deep link for the app (metadata while not exhausted)", "security": app, "tags": ["app"],
                "responses": {"200": json_response("The deep link.", ref("Resolution")), **errors("401", "404", "410", "503")}}},
    "/api/v1/links/{code}/redeem": {
        "parameters": [code_param],
        "post": {"operationId": "redeemLink", "summary": "Spend one redemption and get the metadata", "security": app, "tags": ["app"],
                 "responses": {"200": json_response("Redeemed.", ref("Redemption")),
                               **errors("401", "404"), "409": problem("The redeem limit is reached."), **errors("410"),
                               "429": rate_limited("redeems"), **errors("503")}}},
    "/{code}": {
        "parameters": [{**code_param, "schema": {"type": "string", "pattern": "^(?!(health|metrics)$)[A-Za-z0-9_-]{1,64}$"}}],
        "get": {"operationId": "openLink", "summary": "Open a smart link (per-platform redirect, app page or preview)", "security": [], "tags": ["open"],
                "parameters": [{"name": "User-Agent", "in": "header", "schema": {"type": "string"}}],
                "responses": {"200": {"description": "An HTML page: the iOS app opener, the desktop interstitial or the crawler preview.", "content": html},
                              "302": {"description": "To the link's web or platform fallback, or an Android intent.",
                                      "headers": {"Location": {"schema": {"type": "string"}}}},
                              "404": {"description": "No such link.", "content": html},
                              "410": {"description": "Deleted or expired.", "content": html},
                              "503": {"description": "The database is unavailable.", "content": html}}}},
    "/v1/shortLinks": {
        "post": {"operationId": "firebaseCreateShortLink", "summary": "Create a short link the way Firebase Dynamic Links' REST API did",
                 "security": [{"adminKey": []}, {"firebaseKey": []}], "tags": ["firebase"],
                 "requestBody": {"required": True, "content": {"application/json": {"schema": ref("FirebaseShortLinkRequest")}}},
                 "responses": {"200": json_response("Created.", ref("FirebaseShortLink")),
                               **{c: json_response(d, ref("FirebaseError"), h) for c, d, h in [
                                   ("400", "INVALID_ARGUMENT: a bad long link, a deep link the table does not open, an unknown field.", None),
                                   ("401", "UNAUTHENTICATED: missing or wrong key.", auth_header),
                                   ("413", "The request body is over the size limit.", None),
                                   ("415", "The request body is not application/json.", None),
                                   ("429", "RESOURCE_EXHAUSTED: over the team's create rate.", rate_header),
                                   ("503", "UNAVAILABLE: the database is unavailable; retry later.", retry_header)]}}}},
    "/": {"get": {"operationId": "openFirebaseLongLink", "summary": "Open a Firebase Dynamic Links long link (?link=...); without link, the dashboard",
                  "security": [], "tags": ["firebase"],
                  "parameters": [{"name": "link", "in": "query", "required": False, "schema": {"type": "string"},
                                  "description": "The deep link; apn, afl, ibi, ifl, isi, ofl, st, sd, si, utm_* ... as Firebase documented them."},
                                 {"name": "User-Agent", "in": "header", "schema": {"type": "string"}}],
                  "responses": {"200": {"description": "An HTML page: the iOS app opener, the desktop interstitial or the crawler preview.", "content": html},
                                "302": {"description": "To a platform fallback, an Android intent or the deep link.",
                                        "headers": {"Location": {"schema": {"type": "string"}}}},
                                "303": {"description": "No link parameter: the dashboard's sign-in.", "headers": {"Location": {"schema": {"type": "string"}}}},
                                "400": {"description": "A long link the route table does not open, or a malformed one.", "content": html},
                                "414": {"description": "The query is over 8192 bytes.", "content": html}}}},
    "/health": {"get": {"operationId": "health", "summary": "Liveness and database check", "security": [], "tags": ["operations"],
                        "responses": {"200": json_response("Healthy.", ref("Health")),
                                      "503": json_response("The database is unavailable.", ref("Health"), retry_header)}}},
    "/metrics": {"get": {"operationId": "metrics", "summary": "Prometheus metrics", "security": [], "tags": ["operations"],
                         "responses": {"200": {"description": "Prometheus text format.", "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
    "/.well-known/apple-app-site-association": {"get": {"operationId": "appleAppSiteAssociation", "summary": "Universal links association file",
        "security": [], "tags": ["operations"], "responses": {"200": json_response("The applinks file.", {"type": "object", "required": ["applinks"]})}}},
    "/.well-known/assetlinks.json": {"get": {"operationId": "assetLinks", "summary": "Android App Links statement list",
        "security": [], "tags": ["operations"], "responses": {"200": json_response("The statements.", {"type": "array"})}}},
    "/api/v1/openapi.json": {"get": {"operationId": "openAPI", "summary": "This document", "security": [], "tags": ["operations"],
        "responses": {"200": json_response("The OpenAPI document.", {"type": "object"})}}},
}

document = {
    "openapi": "3.1.0",
    "info": {"title": "Switchyard link service", "version": "1.0.0",
             "description": "Smart links validated against the app's route table: create them with an admin key, open them at /{code}, resolve and redeem them from the app with the app key. Every error is RFC 9457 problem details."},
    "servers": [{"url": "/"}],
    "paths": paths,
    "components": {"schemas": schemas, "securitySchemes": {
        "adminKey": {"type": "http", "scheme": "bearer", "description": "An admin API key (SWITCHYARD_API_KEY); links belong to the key's team."},
        "appKey": {"type": "http", "scheme": "bearer", "description": "The app key (SWITCHYARD_APP_KEY)."},
        "firebaseKey": {"type": "apiKey", "in": "query", "name": "key", "description": "The admin key as Firebase's ?key= (POST /v1/shortLinks only)."}}},
}

here = os.path.dirname(os.path.abspath(__file__))
target = os.path.join(here, "..", "Sources", "SwitchyardService", "Resources", "openapi.json")
with open(target, "w") as f:
    json.dump(document, f, indent=2, sort_keys=False)
    f.write("\n")
print("wrote", os.path.normpath(target))
