"""Named keys in the dashboard, in headless Chromium: a viewer signs in, the page says who it is,
it reads the links, a link's page and the team's stats, and is shown no form that changes a link
(the forms' pages answer it 403); an admin sees the keys and the audit pages. The link page's
"What a tap does" table reads at 1280 pixels without a sideways scroll or words broken letter by
letter. Every page is screenshotted at a phone's and a desktop's width. Run through
scripts/browser-test.
"""
import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from test_dashboard import API_KEY, browser, running_service, screenshot, sign_in, wait_for_url  # noqa: F401 (fixture)

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}


def api(service, method, path, body=None, key=API_KEY):
    request = urllib.request.Request(service + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                     headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response) if response.status != 204 else None


@pytest.fixture(scope="module")
def team():
    with running_service("switchyard-roles-") as (base, _):
        code = api(base, "POST", "/api/v1/links", {"route": "product", "routeParameters": {"product_id": "7"},
                                                   "fallbacks": {"ios": "https://apps.apple.com/app/id1",
                                                                 "web": "https://shop.example.com/p/7"}})["code"]
        viewer = api(base, "POST", "/api/v1/keys", {"name": "reader", "role": "viewer"})["key"]
        yield base, code, viewer


def shoot(browser, name):
    """Screenshots the current page at each width, back at the desktop's afterwards."""
    for width, size in WIDTHS.items():
        browser.set_window_size(*size)
        screenshot(browser, f"{name}-{width}.png")
    browser.set_window_size(*WIDTHS["desktop"])


def test_a_viewer_reads_but_cannot_change_a_link(browser, team):
    service, code, viewer = team
    browser.delete_all_cookies()
    sign_in(browser, service, viewer)
    wait_for_url(browser, lambda url: url == service + "/", "the link list")
    assert "Signed in as reader (viewer)" in browser.find_element(By.ID, "who").text
    assert code in browser.page_source
    assert not browser.find_elements(By.CSS_SELECTOR, "a[href='/dashboard/new']"), "no New link for a viewer"
    assert not browser.find_elements(By.CSS_SELECTOR, "a[href='/dashboard/import']")
    shoot(browser, "viewer-list")

    browser.get(f"{service}/dashboard/links/{code}")
    assert browser.find_elements(By.ID, "clicks-by-platform") and browser.find_elements(By.ID, "app-events")
    # Raw, people's and unique clicks (issue 55).
    assert "unique people" in browser.find_element(By.ID, "click-kinds").text
    forms = [form.get_attribute("action") for form in browser.find_elements(By.TAG_NAME, "form")]
    assert all(action.endswith("/dashboard/signout") for action in forms), forms
    shoot(browser, "viewer-link")

    browser.get(f"{service}/dashboard/stats")
    assert browser.find_element(By.ID, "team-totals").is_displayed()
    headers = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "#team-totals th")]
    assert "People" in headers and "Unique" in headers, headers
    shoot(browser, "viewer-stats")

    browser.get(f"{service}/dashboard/new")
    assert "Not allowed for your key's role" in browser.page_source
    assert not browser.find_elements(By.ID, "create-link")


def test_what_a_tap_does_reads_at_1280_pixels(browser, team):
    service, code, _ = team
    browser.delete_all_cookies()
    sign_in(browser, service, API_KEY)
    wait_for_url(browser, lambda url: url == service + "/", "the link list")
    browser.set_window_size(*WIDTHS["desktop"])
    browser.get(f"{service}/dashboard/links/{code}")
    panel = browser.find_element(By.ID, "explain")
    assert browser.execute_script("return arguments[0].scrollWidth <= arguments[0].clientWidth", panel), "no sideways scroll"
    # Each action word and each short value sits on one line: none is broken letter by letter.
    for element in panel.find_elements(By.CSS_SELECTOR, "tr.explain-case td code.word"):
        lines = browser.execute_script("return arguments[0].getClientRects().length", element)
        assert lines == 1, f"{element.text!r} spans {lines} lines"
    shoot(browser, "admin-link")

    for page in ["keys", "audit", "stats"]:
        browser.get(f"{service}/dashboard/{page}")
        assert browser.find_element(By.TAG_NAME, "h1").is_displayed()
        shoot(browser, f"admin-{page}")
    browser.get(f"{service}/dashboard/keys")
    assert "reader" in browser.find_element(By.ID, "keys").text
    browser.get(f"{service}/dashboard/audit")
    assert "key.created" in browser.find_element(By.ID, "audit").text
