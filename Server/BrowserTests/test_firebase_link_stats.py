"""Google's own client for the Firebase Dynamic Links API (google-api-python-client, which carries
the API's discovery document) reads linkStats from `switchyard serve`, unchanged but for its
endpoint: a team that scripted Firebase's GET /v1/{dynamicLink}/linkStats keeps its script.
"""
import json
import time
import urllib.error
import urllib.request

import pytest
from googleapiclient import discovery
from googleapiclient.errors import HttpError

from test_dashboard import API_KEY, create_link, service  # noqa: F401


def open_link(url, user_agent):
    request = urllib.request.Request(url, headers={"User-Agent": user_agent})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(request, timeout=10).read()
    except urllib.error.HTTPError as error:
        assert error.code in (302, 307), error.code


def firebase(base, key=API_KEY):
    return discovery.build("firebasedynamiclinks", "v1", developerKey=key, static_discovery=True,
                                 client_options={"api_endpoint": base + "/"}, cache_discovery=False)


def stats(base, short_link, days=7, key=API_KEY):
    return firebase(base, key).v1().getLinkStats(dynamicLink=short_link, durationDays=days).execute()


def test_googles_client_reads_link_stats(service):  # noqa: F811
    code = create_link(service, {"route": "product", "routeParameters": {"product_id": "42"},
                                 "fallbacks": {"web": "https://shop.example.com/p/42"}})
    short_link = f"{service}/{code}"
    iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1"
    desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36"
    for _ in range(3):
        open_link(short_link, desktop)
    open_link(short_link, iphone)
    open_link(short_link, "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)")
    expected = [{"platform": "DESKTOP", "event": "CLICK", "count": "3"},
                {"platform": "IOS", "event": "CLICK", "count": "1"}]
    deadline = time.time() + 10
    while True:
        answer = stats(service, short_link)
        if answer.get("linkEventStats") == expected or time.time() > deadline:
            break
        time.sleep(0.2)   # clicks are written in batches, about once a second
    assert answer == {"linkEventStats": expected}, json.dumps(answer)


def test_googles_client_sees_the_services_errors(service):  # noqa: F811
    short_link = f"{service}/" + create_link(service, {"route": "product", "routeParameters": {"product_id": "7"}})
    with pytest.raises(HttpError) as wrong_key:
        stats(service, short_link, key="not-the-key")
    assert wrong_key.value.resp.status == 401
    with pytest.raises(HttpError) as unknown:
        stats(service, service + "/Nope1234")
    assert unknown.value.resp.status == 404
    with pytest.raises(HttpError) as bad_days:
        stats(service, short_link, days=0)
    assert bad_days.value.resp.status == 400
    assert "'durationDays' must be an integer from 1 to 365" in bad_days.value.content.decode()
