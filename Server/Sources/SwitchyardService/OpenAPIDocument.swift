/// The OpenAPI 3.1 document of the API, served at `/api/v1/openapi.json` and `/openapi.json`.
///
/// It is compiled into the binary (no resource bundle), so a `switchyard` executable copied alone
/// to another machine serves it. Edit the JSON below; `OperationsTests` checks that it parses,
/// names every route the service answers, and that each documented path is served.
enum OpenAPIDocument {
    static let text: String = ##"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Switchyard link service",
    "version": "1.0.0",
    "description": "Smart links validated against the app's route table: create them with an admin key, open them at /{code}, resolve and redeem them from the app with the app key. Every error is RFC 9457 problem details."
  },
  "servers": [
    {
      "url": "/"
    }
  ],
  "paths": {
    "/api/v1/links": {
      "post": {
        "operationId": "createLink",
        "summary": "Create a smart link",
        "security": [
          {
            "adminKey": []
          },
          {
            "appKey": []
          }
        ],
        "tags": [
          "links"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/CreateLink"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Created.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Link"
                }
              }
            },
            "headers": {
              "Location": {
                "schema": {
                  "type": "string"
                },
                "description": "The link's API URL."
              }
            }
          },
          "400": {
            "description": "Invalid request: unknown route, missing or unknown parameter, constraint violation, refused fallback URL, malformed JSON or a bad field.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "409": {
            "description": "Conflict.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "413": {
            "description": "The request body is over the size limit.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "415": {
            "description": "The request body is not application/json.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "429": {
            "description": "Too many links created with this key: the rate limit is spent; retry after Retry-After seconds.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Whole seconds until the next request is allowed.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "403": {
            "description": "A field the app key may not set.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          }
        },
        "description": "With an admin key: any link of the table. With the app key: a route link only (route, routeParameters, queryParameters, preview); metadata, redeemLimit, fallbacks, alias and expiresAt are refused with 403."
      },
      "get": {
        "operationId": "listLinks",
        "summary": "List the team's live links, newest first",
        "security": [
          {
            "adminKey": []
          }
        ],
        "tags": [
          "links"
        ],
        "parameters": [
          {
            "name": "limit",
            "in": "query",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 200
            }
          },
          {
            "name": "cursor",
            "in": "query",
            "schema": {
              "type": "string",
              "minLength": 1,
              "maxLength": 256
            }
          }
        ],
        "responses": {
          "200": {
            "description": "A page of links.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/LinkPage"
                }
              }
            }
          },
          "400": {
            "description": "Invalid request: unknown route, missing or unknown parameter, constraint violation, refused fallback URL, malformed JSON or a bad field.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/links/{code}": {
      "parameters": [
        {
          "name": "code",
          "in": "path",
          "required": true,
          "description": "The link's short code or alias.",
          "schema": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,64}$"
          }
        }
      ],
      "get": {
        "operationId": "getLink",
        "summary": "Inspect a link with its click counts",
        "security": [
          {
            "adminKey": []
          }
        ],
        "tags": [
          "links"
        ],
        "responses": {
          "200": {
            "description": "The link.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Link"
                }
              }
            }
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "No such link (or another team's).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      },
      "patch": {
        "operationId": "updateLinkFallbacks",
        "summary": "Replace a link's fallbacks",
        "security": [
          {
            "adminKey": []
          }
        ],
        "tags": [
          "links"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/UpdateLink"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The updated link.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Link"
                }
              }
            }
          },
          "400": {
            "description": "Invalid request: unknown route, missing or unknown parameter, constraint violation, refused fallback URL, malformed JSON or a bad field.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "No such link (or another team's).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "413": {
            "description": "The request body is over the size limit.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "415": {
            "description": "The request body is not application/json.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      },
      "delete": {
        "operationId": "deleteLink",
        "summary": "Delete a link (it then answers 410; its code is never reused)",
        "security": [
          {
            "adminKey": []
          }
        ],
        "tags": [
          "links"
        ],
        "responses": {
          "204": {
            "description": "Deleted."
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "No such link (or another team's).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/links/{code}/resolve": {
      "parameters": [
        {
          "name": "code",
          "in": "path",
          "required": true,
          "description": "The link's short code or alias.",
          "schema": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,64}$"
          }
        }
      ],
      "get": {
        "operationId": "resolveLink",
        "summary": "The deep link for the app (metadata while not exhausted)",
        "security": [
          {
            "appKey": []
          }
        ],
        "tags": [
          "app"
        ],
        "responses": {
          "200": {
            "description": "The deep link.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Resolution"
                }
              }
            }
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "No such link (or another team's).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "410": {
            "description": "The link was deleted or has expired.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "429": {
            "description": "Too many redeems with this key: the rate limit is spent; retry after Retry-After seconds.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Whole seconds until the next request is allowed.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/links/{code}/redeem": {
      "parameters": [
        {
          "name": "code",
          "in": "path",
          "required": true,
          "description": "The link's short code or alias.",
          "schema": {
            "type": "string",
            "pattern": "^[A-Za-z0-9_-]{1,64}$"
          }
        }
      ],
      "post": {
        "operationId": "redeemLink",
        "summary": "Spend one redemption and get the metadata",
        "security": [
          {
            "appKey": []
          }
        ],
        "tags": [
          "app"
        ],
        "responses": {
          "200": {
            "description": "Redeemed.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Redemption"
                }
              }
            }
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "No such link (or another team's).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "409": {
            "description": "The redeem limit is reached.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "410": {
            "description": "The link was deleted or has expired.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "429": {
            "description": "Too many redeems with this key: the rate limit is spent; retry after Retry-After seconds.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Whole seconds until the next request is allowed.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/{code}": {
      "parameters": [
        {
          "name": "code",
          "in": "path",
          "required": true,
          "description": "The link's short code or alias.",
          "schema": {
            "type": "string",
            "pattern": "^(?!(health|metrics)$)[A-Za-z0-9_-]{1,64}$"
          }
        }
      ],
      "get": {
        "operationId": "openLink",
        "summary": "Open a smart link (per-platform redirect, app page or preview)",
        "security": [],
        "tags": [
          "open"
        ],
        "parameters": [
          {
            "name": "User-Agent",
            "in": "header",
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page: the iOS app opener, the desktop interstitial or the crawler preview.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "302": {
            "description": "To the link's web or platform fallback, or an Android intent.",
            "headers": {
              "Location": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "No such link.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "410": {
            "description": "Deleted or expired.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/health": {
      "get": {
        "operationId": "health",
        "summary": "Liveness and database check",
        "security": [],
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "Healthy.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Health"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "metrics",
        "summary": "Prometheus metrics",
        "security": [],
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "Prometheus text format.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/apple-app-site-association": {
      "get": {
        "operationId": "appleAppSiteAssociation",
        "summary": "Universal links association file",
        "security": [],
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "The applinks file.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "required": [
                    "applinks"
                  ]
                }
              }
            }
          }
        }
      }
    },
    "/.well-known/assetlinks.json": {
      "get": {
        "operationId": "assetLinks",
        "summary": "Android App Links statement list",
        "security": [],
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "The statements.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "array"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/openapi.json": {
      "get": {
        "operationId": "openAPI",
        "summary": "This document",
        "security": [],
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "The OpenAPI document.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          }
        }
      }
    },
    "/api/v1/deferred/claim": {
      "post": {
        "operationId": "claimDeferredLink",
        "summary": "Claim the link this device opened before installing the app (heuristic matching, opt-in)",
        "security": [
          {
            "appKey": []
          }
        ],
        "tags": [
          "app"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/DeferredClaim"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The link this device opened, as `resolve` answers it.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Resolution"
                }
              }
            }
          },
          "400": {
            "description": "Invalid request: unknown route, missing or unknown parameter, constraint violation, refused fallback URL, malformed JSON or a bad field.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "401": {
            "description": "Missing or wrong key.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "404": {
            "description": "No single pending open matches (or heuristic matching is off).",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "413": {
            "description": "The request body is over the size limit.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "415": {
            "description": "The request body is not application/json.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "503": {
            "description": "The database is unavailable; retry later.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "429": {
            "description": "Too many redeems with this key: the rate limit is spent; retry after Retry-After seconds.",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Whole seconds until the next request is allowed.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openAPIAtRoot",
        "summary": "This document (also at /api/v1/openapi.json)",
        "security": [],
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "The OpenAPI document.",
            "content": {
              "application/json": {
                "schema": {
                  "type": "object"
                }
              }
            }
          }
        }
      }
    },
    "/v1/shortLinks": {
      "post": {
        "operationId": "firebaseCreateShortLink",
        "summary": "Create a short link the way Firebase Dynamic Links' REST API did",
        "security": [
          {
            "adminKey": []
          },
          {
            "firebaseKey": []
          }
        ],
        "tags": [
          "firebase"
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/FirebaseShortLinkRequest"
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "Created.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FirebaseShortLink"
                }
              }
            }
          },
          "400": {
            "description": "INVALID_ARGUMENT: a bad long link, a deep link the table does not open, an unknown field.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FirebaseError"
                }
              }
            }
          },
          "401": {
            "description": "UNAUTHENTICATED: missing or wrong key.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FirebaseError"
                }
              }
            },
            "headers": {
              "WWW-Authenticate": {
                "description": "The Bearer challenge.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "413": {
            "description": "The request body is over the size limit.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FirebaseError"
                }
              }
            }
          },
          "415": {
            "description": "The request body is not application/json.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FirebaseError"
                }
              }
            }
          },
          "429": {
            "description": "RESOURCE_EXHAUSTED: over the team's create rate.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FirebaseError"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Whole seconds until the next request is allowed.",
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "503": {
            "description": "UNAVAILABLE: the database is unavailable; retry later.",
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/FirebaseError"
                }
              }
            },
            "headers": {
              "Retry-After": {
                "description": "Seconds to wait before retrying.",
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/": {
      "get": {
        "operationId": "openFirebaseLongLink",
        "summary": "Open a Firebase Dynamic Links long link (?link=...); without link, the dashboard",
        "security": [],
        "tags": [
          "firebase"
        ],
        "parameters": [
          {
            "name": "link",
            "in": "query",
            "required": false,
            "schema": {
              "type": "string"
            },
            "description": "The deep link; apn, afl, ibi, ifl, isi, ofl, st, sd, si, utm_* ... as Firebase documented them."
          },
          {
            "name": "User-Agent",
            "in": "header",
            "schema": {
              "type": "string"
            }
          }
        ],
        "responses": {
          "200": {
            "description": "An HTML page: the iOS app opener, the desktop interstitial or the crawler preview.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "302": {
            "description": "To a platform fallback, an Android intent or the deep link.",
            "headers": {
              "Location": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "303": {
            "description": "No link parameter: the dashboard's sign-in.",
            "headers": {
              "Location": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "400": {
            "description": "A long link the route table does not open, or a malformed one.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          },
          "414": {
            "description": "The query is over 8192 bytes.",
            "content": {
              "text/html": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "schemas": {
      "Problem": {
        "type": "object",
        "required": [
          "type",
          "title",
          "status",
          "detail"
        ],
        "description": "RFC 9457 problem details.",
        "properties": {
          "type": {
            "type": "string"
          },
          "title": {
            "type": "string"
          },
          "status": {
            "type": "integer"
          },
          "detail": {
            "type": "string"
          }
        }
      },
      "CreateLink": {
        "type": "object",
        "required": [
          "route"
        ],
        "additionalProperties": false,
        "properties": {
          "route": {
            "type": "string",
            "description": "A route of the table, by name or pattern.",
            "maxLength": 2048
          },
          "routeParameters": {
            "type": [
              "object",
              "null"
            ],
            "additionalProperties": {
              "type": [
                "string",
                "number",
                "boolean"
              ]
            }
          },
          "queryParameters": {
            "type": [
              "object",
              "null"
            ],
            "additionalProperties": {
              "type": [
                "string",
                "number",
                "boolean"
              ]
            }
          },
          "metadata": {
            "type": [
              "object",
              "null"
            ],
            "description": "Private data for the app; served only with the app key."
          },
          "redeemLimit": {
            "type": [
              "integer",
              "null"
            ],
            "minimum": 1,
            "maximum": 1000000000
          },
          "fallbacks": {
            "type": [
              "object",
              "null"
            ],
            "additionalProperties": false,
            "properties": {
              "ios": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048,
                "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
                "description": "An absolute http or https URL on an allowed domain."
              },
              "android": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048,
                "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
                "description": "An absolute http or https URL on an allowed domain."
              },
              "web": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048,
                "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
                "description": "An absolute http or https URL on an allowed domain."
              }
            }
          },
          "alias": {
            "type": [
              "string",
              "null"
            ],
            "pattern": "^[A-Za-z0-9_-]{3,64}$",
            "description": "A custom code; reserved words are refused."
          },
          "expiresAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time",
            "description": "Must be in the future."
          },
          "preview": {
            "type": [
              "object",
              "null"
            ],
            "additionalProperties": false,
            "properties": {
              "title": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 512
              },
              "description": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048
              },
              "image": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048,
                "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
                "description": "An absolute http or https URL."
              }
            }
          }
        }
      },
      "UpdateLink": {
        "type": "object",
        "required": [
          "fallbacks"
        ],
        "additionalProperties": false,
        "properties": {
          "fallbacks": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "ios": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048,
                "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
                "description": "An absolute http or https URL on an allowed domain."
              },
              "android": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048,
                "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
                "description": "An absolute http or https URL on an allowed domain."
              },
              "web": {
                "type": [
                  "string",
                  "null"
                ],
                "maxLength": 2048,
                "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\\\\\s]+",
                "description": "An absolute http or https URL on an allowed domain."
              }
            }
          }
        }
      },
      "Clicks": {
        "type": "object",
        "required": [
          "total",
          "ios",
          "android",
          "desktop",
          "crawler",
          "other"
        ],
        "properties": {
          "total": {
            "type": "integer",
            "minimum": 0
          },
          "ios": {
            "type": "integer",
            "minimum": 0
          },
          "android": {
            "type": "integer",
            "minimum": 0
          },
          "desktop": {
            "type": "integer",
            "minimum": 0
          },
          "crawler": {
            "type": "integer",
            "minimum": 0
          },
          "other": {
            "type": "integer",
            "minimum": 0
          }
        }
      },
      "Link": {
        "type": "object",
        "required": [
          "code",
          "url",
          "route",
          "routeParameters",
          "queryParameters",
          "hasMetadata",
          "redeemCount",
          "fallbacks",
          "preview",
          "createdAt",
          "expired"
        ],
        "properties": {
          "code": {
            "type": "string"
          },
          "url": {
            "type": "string",
            "description": "The short link."
          },
          "route": {
            "type": "string"
          },
          "routeName": {
            "type": [
              "string",
              "null"
            ]
          },
          "routeParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "queryParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "universalLink": {
            "type": [
              "string",
              "null"
            ]
          },
          "schemeURL": {
            "type": [
              "string",
              "null"
            ]
          },
          "hasMetadata": {
            "type": "boolean"
          },
          "redeemLimit": {
            "type": [
              "integer",
              "null"
            ]
          },
          "redeemCount": {
            "type": "integer",
            "minimum": 0
          },
          "fallbacks": {
            "type": "object",
            "required": [
              "ios",
              "android",
              "web"
            ],
            "properties": {
              "ios": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "android": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "web": {
                "type": [
                  "string",
                  "null"
                ]
              }
            }
          },
          "preview": {
            "type": "object",
            "properties": {
              "title": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "description": {
                "type": [
                  "string",
                  "null"
                ]
              },
              "image": {
                "type": [
                  "string",
                  "null"
                ]
              }
            }
          },
          "createdAt": {
            "type": "string",
            "format": "date-time"
          },
          "expiresAt": {
            "type": [
              "string",
              "null"
            ],
            "format": "date-time"
          },
          "expired": {
            "type": "boolean"
          },
          "clicks": {
            "$ref": "#/components/schemas/Clicks"
          },
          "createdBy": {
            "type": "string",
            "enum": [
              "admin",
              "app"
            ],
            "description": "Who created the link: a team admin key, or the app with its app key (route links only)."
          }
        }
      },
      "LinkPage": {
        "type": "object",
        "required": [
          "links",
          "nextCursor"
        ],
        "properties": {
          "links": {
            "type": "array",
            "items": {
              "$ref": "#/components/schemas/Link"
            }
          },
          "nextCursor": {
            "type": [
              "string",
              "null"
            ]
          }
        }
      },
      "Resolution": {
        "type": "object",
        "required": [
          "code",
          "url",
          "route",
          "routeParameters",
          "queryParameters",
          "redeemCount",
          "exhausted",
          "metadata"
        ],
        "properties": {
          "code": {
            "type": "string"
          },
          "url": {
            "type": [
              "string",
              "null"
            ],
            "description": "The deep link (universal link, else custom-scheme URL)."
          },
          "universalLink": {
            "type": [
              "string",
              "null"
            ]
          },
          "schemeURL": {
            "type": [
              "string",
              "null"
            ]
          },
          "route": {
            "type": "string"
          },
          "routeName": {
            "type": [
              "string",
              "null"
            ]
          },
          "routeParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "queryParameters": {
            "type": "object",
            "additionalProperties": {
              "type": "string"
            }
          },
          "redeemLimit": {
            "type": [
              "integer",
              "null"
            ]
          },
          "redeemCount": {
            "type": "integer"
          },
          "exhausted": {
            "type": "boolean"
          },
          "metadata": {
            "type": [
              "object",
              "null"
            ],
            "description": "Null once the redeem limit is reached."
          }
        }
      },
      "Redemption": {
        "type": "object",
        "required": [
          "code",
          "metadata",
          "redeemCount"
        ],
        "properties": {
          "code": {
            "type": "string"
          },
          "metadata": {
            "type": [
              "object",
              "null"
            ]
          },
          "redeemCount": {
            "type": "integer"
          },
          "redeemLimit": {
            "type": [
              "integer",
              "null"
            ]
          },
          "remaining": {
            "type": [
              "integer",
              "null"
            ]
          }
        }
      },
      "Health": {
        "type": "object",
        "required": [
          "status",
          "database"
        ],
        "properties": {
          "status": {
            "type": "string",
            "enum": [
              "ok",
              "unavailable"
            ]
          },
          "database": {
            "type": "string"
          }
        }
      },
      "DeferredClaim": {
        "type": "object",
        "additionalProperties": false,
        "required": [
          "platform",
          "osVersion"
        ],
        "properties": {
          "platform": {
            "type": "string",
            "enum": [
              "ios",
              "android"
            ]
          },
          "osVersion": {
            "type": "string",
            "maxLength": 32,
            "pattern": "^[0-9]+(\\.[0-9]+)*$"
          },
          "language": {
            "type": [
              "string",
              "null"
            ],
            "maxLength": 64
          }
        }
      },
      "FirebaseShortLinkRequest": {
        "type": "object",
        "additionalProperties": false,
        "description": "Firebase Dynamic Links' REST request: a long link, or its parts; the deep link must open a route of the table.",
        "properties": {
          "longDynamicLink": {
            "type": "string",
            "maxLength": 10000,
            "description": "https://example.page.link/?link=...&apn=..."
          },
          "dynamicLinkInfo": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "domainUriPrefix": {
                "type": "string",
                "maxLength": 2048
              },
              "dynamicLinkDomain": {
                "type": "string",
                "maxLength": 2048
              },
              "link": {
                "type": "string",
                "maxLength": 2048,
                "description": "An absolute http or https URL."
              },
              "androidInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "androidPackageName": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "androidFallbackLink": {
                    "type": "string",
                    "maxLength": 2048,
                    "description": "An absolute http or https URL."
                  },
                  "androidMinPackageVersionCode": {
                    "type": "string",
                    "maxLength": 2048
                  }
                }
              },
              "iosInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "iosBundleId": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "iosFallbackLink": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "iosCustomScheme": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "iosIpadFallbackLink": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "iosIpadBundleId": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "iosAppStoreId": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "iosMinimumVersion": {
                    "type": "string",
                    "maxLength": 2048
                  }
                }
              },
              "navigationInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "enableForcedRedirect": {
                    "type": "boolean"
                  }
                }
              },
              "socialMetaTagInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "socialTitle": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "socialDescription": {
                    "type": "string",
                    "maxLength": 2048
                  },
                  "socialImageLink": {
                    "type": "string",
                    "maxLength": 2048,
                    "description": "An absolute http or https URL."
                  }
                }
              },
              "otherPlatformInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "fallbackUrl": {
                    "type": "string",
                    "maxLength": 2048,
                    "description": "An absolute http or https URL."
                  }
                }
              },
              "desktopInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "desktopFallbackLink": {
                    "type": "string",
                    "maxLength": 2048,
                    "description": "An absolute http or https URL."
                  }
                }
              },
              "analyticsInfo": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "googlePlayAnalytics": {
                    "type": "object",
                    "additionalProperties": false,
                    "properties": {
                      "utmSource": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "utmMedium": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "utmCampaign": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "utmTerm": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "utmContent": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "gclid": {
                        "type": "string",
                        "maxLength": 2048
                      }
                    }
                  },
                  "itunesConnectAnalytics": {
                    "type": "object",
                    "additionalProperties": false,
                    "properties": {
                      "at": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "ct": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "mt": {
                        "type": "string",
                        "maxLength": 2048
                      },
                      "pt": {
                        "type": "string",
                        "maxLength": 2048
                      }
                    }
                  }
                }
              }
            }
          },
          "suffix": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "option": {
                "type": "string",
                "enum": [
                  "SHORT",
                  "UNGUESSABLE"
                ],
                "description": "UNGUESSABLE (17 characters) by default."
              }
            }
          }
        }
      },
      "FirebaseShortLink": {
        "type": "object",
        "required": [
          "shortLink",
          "previewLink",
          "warning"
        ],
        "properties": {
          "shortLink": {
            "type": "string"
          },
          "previewLink": {
            "type": "string"
          },
          "warning": {
            "type": "array",
            "items": {
              "type": "object",
              "required": [
                "warningCode",
                "warningMessage"
              ],
              "properties": {
                "warningCode": {
                  "type": "string"
                },
                "warningMessage": {
                  "type": "string"
                }
              }
            }
          }
        }
      },
      "FirebaseError": {
        "type": "object",
        "required": [
          "error"
        ],
        "description": "Firebase's error shape.",
        "properties": {
          "error": {
            "type": "object",
            "required": [
              "code",
              "message",
              "status"
            ],
            "properties": {
              "code": {
                "type": "integer"
              },
              "message": {
                "type": "string"
              },
              "status": {
                "type": "string"
              }
            }
          }
        }
      }
    },
    "securitySchemes": {
      "adminKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "An admin API key (SWITCHYARD_API_KEY); links belong to the key's team."
      },
      "appKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "The app key (SWITCHYARD_APP_KEY)."
      },
      "firebaseKey": {
        "type": "apiKey",
        "in": "query",
        "name": "key",
        "description": "The admin key as Firebase's ?key= (POST /v1/shortLinks only)."
      }
    }
  }
}
"""##
}
