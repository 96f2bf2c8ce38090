"""Failed webhook deliveries on the dashboard, in headless Chromium.

Starts the built `switchyard serve` with short webhook timings (`--webhook-retry-window 2s`) and
`Server/Scripts/webhook-receiver.py` answering 503 to every delivery, subscribes the receiver and
creates a link with the API, then signs in and waits until the dashboard's Webhooks page lists the
delivery as failed, with its last error. Run through scripts/browser-test.
"""
import json
import os
import subprocess
import sys
import time
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from test_dashboard import API_KEY, browser, running_service, screenshot, sign_in, wait_for_url  # noqa: F401

HERE = os.path.dirname(os.path.abspath(__file__))
RECEIVER = os.path.join(os.path.dirname(HERE), "Scripts", "webhook-receiver.py")



def api(base, method, path, body):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode(),
                                     headers={"Authorization": f"Bearer {API_KEY}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def webhook_service():
    with running_service("switchyard-webhooks-", "--webhook-allow-private", "--webhook-timeout", "1s",
                         "--webhook-retry-delay", "1s", "--webhook-retry-window", "2s") as (base, work):
        receiver = subprocess.Popen([sys.executable, RECEIVER, "--port", "0", "--secret", "unused", "--fail-first", "1000000",
                                     "--log", os.path.join(work, "receiver.jsonl")], stdout=subprocess.PIPE, text=True)
        try:
            receiver_port = int(receiver.stdout.readline().split()[-1])
            yield base, f"http://127.0.0.1:{receiver_port}/hooks"
        finally:
            receiver.kill()
            receiver.wait()


def test_failed_deliveries_are_shown(browser, webhook_service):  # noqa: F811
    base, receiver_url = webhook_service
    webhook = api(base, "POST", "/api/v1/webhooks", {"url": receiver_url, "events": ["link.created"]})
    assert webhook["secret"].startswith("whsec_")
    api(base, "POST", "/api/v1/links", {"route": "about/team"})

    browser.delete_all_cookies()
    sign_in(browser, base, API_KEY)
    wait_for_url(browser, lambda url: url == base + "/", "the link list")
    browser.find_element(By.LINK_TEXT, "Webhooks").click()
    wait_for_url(browser, lambda url: url == base + "/dashboard/webhooks", "the webhooks page")
    assert webhook["id"] in browser.find_element(By.ID, "webhooks").text
    assert "whsec_" not in browser.page_source

    deadline = time.time() + 30
    while not browser.find_elements(By.ID, "failed-deliveries"):
        assert time.time() < deadline, "no failed delivery listed within 30 s"
        time.sleep(0.5)
        browser.refresh()
    row = browser.find_element(By.CSS_SELECTOR, "#failed-deliveries tbody tr")
    assert "link.created" in row.text
    assert receiver_url in row.text
    assert row.find_element(By.CLASS_NAME, "last-error").text == "HTTP 503"
    screenshot(browser, "webhooks-failed.png")
