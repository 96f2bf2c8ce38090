"""Two `switchyard serve` processes on one PostgreSQL database behind nginx (Debian's package),
round-robin, no sticky sessions, driven through nginx in headless Chromium: sign in, create a link,
see it listed, sign out, with the requests landing on alternating instances (read from nginx's
access log); then the create rate holds across both instances.

Needs SWITCHYARD_POSTGRES_URL (CI sets it; scripts/test starts a local cluster as root) and nginx.
"""
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_dashboard import API_KEY, APP_KEY, ROUTES, browser, free_port, screenshot, service_command, wait_for_health, wait_for_url  # noqa: F401

POSTGRES_URL = os.environ.get("SWITCHYARD_POSTGRES_URL", "")
CREATE_RATE = 10  # a minute, per team, for both instances together

pytestmark = [
    pytest.mark.skipif(not POSTGRES_URL, reason="SWITCHYARD_POSTGRES_URL not set: the two-instance test needs PostgreSQL"),
    pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed (apt-get install nginx-light)"),
]

NGINX_CONF = """
worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log;
events {{ worker_connections 64; }}
http {{
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    log_format upstreams '$request_method $uri $status $upstream_addr';
    access_log {work}/access.log upstreams;
    upstream switchyard {{
        server 127.0.0.1:{a};
        server 127.0.0.1:{b};
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://switchyard;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_next_upstream off;
        }}
    }}
}}
"""



@pytest.fixture(scope="module")
def balanced():
    work = tempfile.mkdtemp(prefix="switchyard-lb-")
    schema = "lb_" + uuid.uuid4().hex[:12]
    database = POSTGRES_URL + ("&" if "?" in POSTGRES_URL else "?") + "schema=" + schema
    routes = os.path.join(work, "routes.json")
    with open(routes, "w") as f:
        json.dump(ROUTES, f)
    nginx_port, a, b = free_port(), free_port(), free_port()
    base = f"http://127.0.0.1:{nginx_port}"
    env = dict(os.environ, SWITCHYARD_API_KEY=API_KEY, SWITCHYARD_APP_KEY=APP_KEY)
    processes = []
    try:
        for name, port in (("a", a), ("b", b)):
            log = os.path.join(work, f"serve-{name}.log")
            process = subprocess.Popen(
                service_command() + ["--routes", routes, "--database", database, "--port", str(port), "--base-url", base,
                                     "--create-rate", f"{CREATE_RATE}/minute", "--trusted-proxy", "127.0.0.1"],
                cwd=work, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
            processes.append(process)
            wait_for_health(f"http://127.0.0.1:{port}", process, log)
        with open(os.path.join(work, "nginx.conf"), "w") as f:
            f.write(NGINX_CONF.format(work=work, a=a, b=b, port=nginx_port))
        nginx = subprocess.Popen(["nginx", "-p", work, "-c", os.path.join(work, "nginx.conf")],
                                 stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "nginx.out"), "w"))
        processes.append(nginx)
        wait_for_health(base, nginx, os.path.join(work, "nginx.out"))
        yield {"base": base, "work": work, "upstreams": {f"127.0.0.1:{a}", f"127.0.0.1:{b}"}, "created": 0}
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        subprocess.run(["psql", POSTGRES_URL, "-qc", f"DROP SCHEMA IF EXISTS {schema} CASCADE"], capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


def access_log(balanced):
    with open(os.path.join(balanced["work"], "access.log")) as f:
        return [line.split() for line in f if line.strip()]


def test_the_dashboard_works_on_alternating_instances(browser, balanced):
    base = balanced["base"]
    start = len(access_log(balanced))
    browser.delete_all_cookies()
    browser.get(base + "/")
    assert browser.current_url == base + "/dashboard/signin"
    browser.find_element(By.ID, "key").send_keys(API_KEY)
    browser.find_element(By.CSS_SELECTOR, "#sign-in button[type=submit]").click()
    wait_for_url(browser, lambda url: url == base + "/", "the link list after signing in")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Links"

    browser.find_element(By.ID, "new-link").click()
    Select(browser.find_element(By.ID, "route")).select_by_value("product")
    browser.find_element(By.CSS_SELECTOR, "#pick-route button[type=submit]").click()
    browser.find_element(By.ID, "param-product_id").send_keys("7")
    browser.find_element(By.ID, "create").click()
    wait_for_url(browser, lambda url: "/dashboard/links/" in url, "the new link's page")
    code = browser.current_url.rsplit("/", 1)[1]
    balanced["created"] += 1
    browser.get(base + "/")
    assert browser.find_element(By.CSS_SELECTOR, f'tr.link[data-code="{code}"]')
    browser.get(base + "/")  # once more: the list from the other instance too
    assert browser.find_element(By.CSS_SELECTOR, f'tr.link[data-code="{code}"]')
    screenshot(browser, "two-instances-list.png")

    browser.find_element(By.ID, "sign-out").click()
    wait_for_url(browser, lambda url: url == base + "/dashboard/signin", "the sign-in page after signing out")
    for _ in range(2):  # signed out on both instances
        browser.get(base + "/")
        assert browser.current_url == base + "/dashboard/signin"

    lines = access_log(balanced)[start:]
    upstreams = [line[3] for line in lines]
    assert len(lines) >= 12, lines
    assert set(upstreams) == balanced["upstreams"], f"every request on one instance: {lines}"
    for previous, current in zip(upstreams, upstreams[1:]):
        assert previous != current, f"round robin should alternate: {lines}"
    assert all(line[2] in ("200", "303") for line in lines if line[1] != "/favicon.ico"), lines


def test_the_create_rate_holds_across_both_instances(balanced):
    base = balanced["base"]
    start = len(access_log(balanced))
    created = limited = 0
    for index in range(2 * CREATE_RATE):
        request = urllib.request.Request(
            base + "/api/v1/links", method="POST",
            data=json.dumps({"route": "product", "routeParameters": {"product_id": str(index)}}).encode(),
            headers={"Authorization": "Bearer " + API_KEY, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                assert response.status == 201
                created += 1
        except urllib.error.HTTPError as error:
            assert error.code == 429, error.read()
            assert error.headers.get("Retry-After")
            limited += 1
    lines = access_log(balanced)[start:]
    assert {line[3] for line in lines} == balanced["upstreams"], "both instances took creates"
    # Links the browser test created spent the same team's budget in the same minute.
    assert created + balanced["created"] == CREATE_RATE, f"{created} created, {limited} limited"
    assert limited == 2 * CREATE_RATE - created
