"""The dashboard driven in headless Chromium (Debian's chromium and chromium-driver, Selenium).

Starts the built `switchyard serve` on a
free port with a temporary SQLite file and route table, then signs in, creates a link, sees it
listed, opens its page (clicks chart and QR code, which zbarimg must decode to the short URL),
takes screenshots and signs out; then uploads a Firebase export through the import form. Run
through scripts/browser-test.
"""
import contextlib
import http.client
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.dirname(HERE)
API_KEY = "browser-test-admin-key"
APP_KEY = "browser-test-app-key"
ARTIFACTS = os.environ.get("BROWSER_TEST_ARTIFACTS", os.path.join(tempfile.gettempdir(), "switchyard-browser-test"))
ROUTES = {
    "schemes": ["shop"],
    "hosts": ["shop.example.com"],
    "apps": {"ios": ["TEAMID.com.example.shop"]},
    "routes": [
        "about/team",
        {"pattern": "product/:product_id", "name": "product"},
        {"pattern": "user/:id(/:tab)", "name": "user"},
    ],
}


def service_command():
    """The built `switchyard serve` (or $SWITCHYARD_BIN serve)."""
    tool = os.environ.get("SWITCHYARD_BIN") or os.path.join(SERVER, ".build", "debug", "switchyard")
    assert os.path.exists(tool), f"build the service first: no {tool}"
    return [tool, "serve"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_health(url, process, log_path):
    """Waits (up to 60 s) until `url` answers /health, failing with the log if `process` exits."""
    deadline = time.time() + 60
    while True:
        assert process.poll() is None, "exited: " + open(log_path).read()
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        assert time.time() < deadline, f"{url} did not answer /health within 60 s"
        time.sleep(0.2)


@contextlib.contextmanager
def running_service(prefix, *arguments):
    """`switchyard serve` on a free port with ROUTES and a new SQLite file, in a temporary folder
    named after `prefix`, with `arguments` added; yields (base URL, folder) once it is healthy,
    then stops it and removes the folder."""
    work = tempfile.mkdtemp(prefix=prefix)
    routes = os.path.join(work, "routes.json")
    with open(routes, "w") as f:
        json.dump(ROUTES, f)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = open(os.path.join(work, "service.log"), "w")
    env = dict(os.environ, SWITCHYARD_API_KEY=API_KEY, SWITCHYARD_APP_KEY=APP_KEY)
    process = subprocess.Popen(
        service_command() + ["--routes", routes, "--database", "sqlite:" + os.path.join(work, "links.sqlite"),
                             "--port", str(port), "--base-url", base, *arguments],
        cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_health(base, process, log.name)
        yield base, work
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def service():
    with running_service("switchyard-browser-") as (base, _):
        yield base


@pytest.fixture(scope="module")
def browser():
    os.environ.setdefault("SE_AVOID_STATS", "true")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1500"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    driver.implicitly_wait(5)
    yield driver
    driver.quit()


def wait_for_url(driver, predicate, what):
    """A click only starts the navigation: wait (up to 10 s) until the browser is on the expected page."""
    WebDriverWait(driver, 10).until(lambda d: predicate(d.current_url), message=f"never reached {what}: {driver.current_url}")


def screenshot(driver, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    path = os.path.join(ARTIFACTS, name)
    assert driver.save_screenshot(path), f"no screenshot at {path}"
    return path


def sign_in(browser, service, key):
    browser.get(service + "/")
    assert browser.current_url == service + "/dashboard/signin", "strangers are sent to the sign-in page"
    browser.find_element(By.ID, "key").send_keys(key)
    browser.find_element(By.CSS_SELECTOR, "#sign-in button[type=submit]").click()


def test_a_wrong_key_is_refused(browser, service):
    browser.delete_all_cookies()
    sign_in(browser, service, "not-the-key")
    assert browser.find_element(By.ID, "error").text == "The API key is not valid."
    assert browser.get_cookie("switchyard_session") is None


def test_sign_in_create_list_show_and_sign_out(browser, service):
    browser.delete_all_cookies()
    sign_in(browser, service, API_KEY)
    wait_for_url(browser, lambda url: url == service + "/", "the link list")
    assert browser.current_url == service + "/"
    assert browser.find_element(By.TAG_NAME, "h1").text == "Links"
    cookie = browser.get_cookie("switchyard_session")
    assert cookie and cookie["httpOnly"] and cookie.get("sameSite") == "Strict" and API_KEY not in cookie["value"]

    # Pick the route, then fill its parameters; a missing one comes back with the API's message.
    browser.find_element(By.ID, "new-link").click()
    Select(browser.find_element(By.ID, "route")).select_by_value("product")
    browser.find_element(By.CSS_SELECTOR, "#pick-route button[type=submit]").click()
    browser.find_element(By.ID, "preview-title").send_keys("Spring <script>sale</script>")
    browser.find_element(By.ID, "create").click()
    assert "product_id" in browser.find_element(By.ID, "error").text
    assert browser.find_element(By.ID, "preview-title").get_attribute("value") == "Spring <script>sale</script>"

    browser.find_element(By.ID, "param-product_id").send_keys("42")
    browser.find_element(By.ID, "metadata").send_keys('{"coupon": "SPRING"}')
    browser.find_element(By.ID, "redeemLimit").send_keys("3")
    browser.find_element(By.ID, "fallback-web").send_keys("https://shop.example.com/p/42")
    browser.find_element(By.ID, "create").click()
    wait_for_url(browser, lambda url: "/dashboard/links/" in url, "the new link's page")
    assert "/dashboard/links/" in browser.current_url
    code = browser.current_url.rsplit("/", 1)[1]
    assert browser.find_element(By.TAG_NAME, "h1").text == f"Link {code}"

    # The link's page: chart and QR code as inline SVG, the hostile title shown as text.
    chart = browser.find_element(By.CSS_SELECTOR, "#chart svg.chart")
    assert chart.size["width"] > 300 and chart.size["height"] > 100
    assert "clicks" in chart.get_attribute("innerHTML")
    qr = browser.find_element(By.CSS_SELECTOR, "#qr svg.qr")
    assert qr.size["width"] >= 200
    assert "Spring <script>sale</script>" in browser.find_element(By.ID, "details").text
    assert browser.execute_script("return document.scripts.length") == 0
    screenshot(browser, "link.png")
    short_url = f"{service}/{code}"
    assert browser.find_element(By.CSS_SELECTOR, "#short-url a").get_attribute("href") == short_url
    qr_png = os.path.join(ARTIFACTS, "qr.png")
    qr.screenshot(qr_png)
    decoded = subprocess.run(["zbarimg", "--raw", "-q", qr_png], capture_output=True, text=True)
    assert decoded.returncode == 0, f"zbarimg could not read the QR code: {decoded.stderr}"
    assert decoded.stdout.strip() == short_url

    # Open the short link once (a click), then the listing shows the link with its click.
    connection = http.client.HTTPConnection("127.0.0.1", int(service.rsplit(":", 1)[1]), timeout=10)
    connection.request("GET", f"/{code}", headers={"User-Agent": "Mozilla/5.0 (X11; Linux x86_64)"})
    response = connection.getresponse()
    assert response.status == 302 and response.getheader("Location") == "https://shop.example.com/p/42"
    connection.close()
    time.sleep(1.5)  # the click recorder writes batches every second
    browser.get(service + "/")
    row = browser.find_element(By.CSS_SELECTOR, f'tr.link[data-code="{code}"]')
    assert "product" in row.text and "product_id=42" in row.text
    assert row.find_element(By.CSS_SELECTOR, "td.clicks").text == "1"
    screenshot(browser, "list.png")

    browser.find_element(By.ID, "sign-out").click()
    wait_for_url(browser, lambda url: url == service + "/dashboard/signin", "the sign-in page")
    assert browser.current_url == service + "/dashboard/signin"
    browser.get(service + "/")
    assert browser.current_url == service + "/dashboard/signin"


IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1")


def create_link(service, body):
    request = urllib.request.Request(service + "/api/v1/links", data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": "Bearer " + API_KEY, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201
        return json.load(response)["code"]


def test_the_ios_page_never_jumps_to_the_app_scheme(browser, service):
    """The page an iPhone gets when the app is not installed: nothing navigates on load (above all not
    to shop://, which Safari answers with "the address is invalid"); "Open in the app" is the universal
    link; "Get the app" copies the short link in the user's tap, then goes to the store."""
    code = create_link(service, {"route": "product", "routeParameters": {"product_id": "42"},
                                 "fallbacks": {"ios": "https://apps.apple.com/app/id123"},
                                 "preview": {"title": "Red shoes"}})
    short_url = f"{service}/{code}"
    browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": IPHONE, "platform": "iPhone"})
    browser.execute_cdp_cmd("Browser.grantPermissions", {"origin": service,
                                                         "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    try:
        browser.get(short_url)
        time.sleep(2.5)  # the old page jumped after 0 s and fell back after 1.5 s
        assert browser.current_url == short_url, "the page navigated on its own"
        assert browser.execute_script("return performance.getEntriesByType('navigation').length") == 1
        assert browser.find_element(By.TAG_NAME, "h1").text == "Red shoes"
        open_button = browser.find_element(By.ID, "open")
        assert open_button.get_attribute("href") == "https://shop.example.com/product/42"
        assert browser.execute_script("return document.querySelectorAll('a[href^=\"shop:\"]').length") == 0
        assert "shop://" not in browser.page_source
        get_button = browser.find_element(By.ID, "get")
        assert get_button.get_attribute("href") == "https://apps.apple.com/app/id123"
        screenshot(browser, "ios-page.png")
        # The user's tap: the short link lands on the clipboard, then the browser heads for the store.
        browser.execute_script("""
            localStorage.removeItem('copied');
            navigator.clipboard.writeText = function(text) { localStorage.setItem('copied', text); return Promise.resolve(); };
        """)
        get_button.click()
        WebDriverWait(browser, 10).until(lambda d: d.current_url != short_url, message="Get the app went nowhere")
        browser.get(short_url)
        copied = browser.execute_script("return localStorage.getItem('copied')")
        assert copied.startswith(short_url + "?sy_copied="), copied
        assert abs(int(copied.rsplit("=", 1)[1]) - time.time()) < 120, "marked with the time of the copy"
    finally:
        browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": ""})


MAC_SAFARI = ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
              "(KHTML, like Gecko) Version/17.4 Safari/605.1.15")


def test_an_ipad_asking_for_the_desktop_site_gets_the_app_buttons(browser, service):
    """iPadOS Safari sends a Mac's user agent. With touch points (an iPad) the page shows the app
    buttons and stays; without them (a Mac) it goes on to the web fallback."""
    code = create_link(service, {"route": "product", "routeParameters": {"product_id": "7"},
                                 "fallbacks": {"ios": "https://apps.apple.com/app/id123",
                                               "web": "https://shop.example.com/product/7"}})
    short_url = f"{service}/{code}"
    browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": MAC_SAFARI, "platform": "MacIntel"})
    try:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        browser.get(short_url)
        time.sleep(1.5)
        assert browser.current_url == short_url, "an iPad must not be sent to the web"
        assert browser.execute_script("return navigator.maxTouchPoints") == 5
        assert browser.find_element(By.ID, "get").is_displayed()
        assert browser.find_element(By.ID, "open").get_attribute("href") == "https://shop.example.com/product/7"
        assert not browser.find_element(By.ID, "desktop").is_displayed()
        screenshot(browser, "ipad-page.png")

        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        browser.get(short_url)
        WebDriverWait(browser, 10).until(lambda d: d.current_url != short_url, message="a Mac stayed on the page")
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        browser.execute_cdp_cmd("Network.setUserAgentOverride", {"userAgent": ""})

def test_import_a_firebase_export_by_upload(browser, service):
    """The import form: upload a CSV export, read the summary and the rejected rows; the imported
    suffix then opens, and uploading the same file again changes nothing."""
    export = os.path.join(ARTIFACTS, "firebase-export.csv")
    os.makedirs(ARTIFACTS, exist_ok=True)
    with open(export, "w", newline="") as f:
        f.write("\ufeffShort Dynamic Link,Long Dynamic Link\r\n"
                "https://example.page.link/m9Mm,\"https://example.page.link/?link=https%3A%2F%2Fshop.example.com%2Fproduct%2F42"
                "&isi=1234567&ofl=https%3A%2F%2Fshop.example.com%2Fp%2F42&st=Imported+shoes\"\r\n"
                "https://example.page.link/bad1,https://example.page.link/?link=https://evil.example.net/<b>x</b>\r\n")
    browser.delete_all_cookies()
    sign_in(browser, service, API_KEY)
    wait_for_url(browser, lambda url: url == service + "/", "the link list")
    browser.find_element(By.LINK_TEXT, "Import").click()
    wait_for_url(browser, lambda url: url == service + "/dashboard/import", "the import form")
    browser.find_element(By.ID, "file").send_keys(export)
    browser.find_element(By.ID, "run-import").click()
    summary = WebDriverWait(browser, 10).until(expected_conditions.presence_of_element_located((By.ID, "summary")))
    assert summary.text == "1 imported, 0 already there, 1 rejected"
    rejected = browser.find_element(By.ID, "rejected").text
    assert "https://example.page.link/bad1" in rejected and "<b>x</b>" in rejected
    assert browser.execute_script("return document.scripts.length") == 0
    screenshot(browser, "import.png")

    connection = http.client.HTTPConnection("127.0.0.1", int(service.rsplit(":", 1)[1]), timeout=10)
    connection.request("GET", "/m9Mm", headers={"User-Agent": "Mozilla/5.0 (X11; Linux x86_64)"})
    response = connection.getresponse()
    assert response.status == 302 and response.getheader("Location") == "https://shop.example.com/p/42"
    connection.close()

    browser.get(service + "/dashboard/import")
    browser.find_element(By.ID, "file").send_keys(export)
    browser.find_element(By.ID, "run-import").click()
    summary = WebDriverWait(browser, 10).until(expected_conditions.presence_of_element_located((By.ID, "summary")))
    assert summary.text == "0 imported, 1 already there, 1 rejected"


def test_the_link_page_explains_each_platform(browser, service):
    """The link's page shows what a tap does on each platform: the same answer as the explain
    endpoint, and what a real open with a desktop browser's user agent gets."""
    code = create_link(service, {"route": "product", "routeParameters": {"product_id": "7"},
                                 "fallbacks": {"ios": "https://apps.apple.com/app/id1", "web": "https://shop.example.com/p/7"}})
    browser.delete_all_cookies()
    sign_in(browser, service, API_KEY)
    wait_for_url(browser, lambda url: url == service + "/", "the link list")
    browser.get(f"{service}/dashboard/links/{code}")
    rows = browser.find_elements(By.CSS_SELECTOR, "#explain tr.explain-case")
    shown = [(row.get_attribute("data-case"), row.get_attribute("data-action")) for row in rows]

    request = urllib.request.Request(f"{service}/api/v1/links/{code}/explain", headers={"Authorization": "Bearer " + API_KEY})
    with urllib.request.urlopen(request, timeout=10) as response:
        explanation = json.load(response)
    expected = [(case["platform"] + ("-" + case["app"] if case["app"] else ""), case["action"]) for case in explanation["cases"]]
    assert shown == expected
    assert shown[0] == ("ios-installed", "open-app") and shown[1] == ("ios-absent", "page")
    assert shown[4] == ("android-installed", "redirect"), "no Android app in the table: the browser gets the fallback"
    ios = rows[0].text
    assert "apple-app-site-association" in ios and "/?*" in ios
    assert "clipboard" in rows[1].text, "the App Store fallback copies the short link first"
    warnings = [w.get_attribute("data-code") for w in browser.find_elements(By.CSS_SELECTOR, "#explain .explain-warning")]
    assert warnings == ["no-android-app"]
    desktop = rows[6].text
    assert "302 → https://shop.example.com/p/7" in desktop
    assert browser.execute_script("return document.scripts.length") == 0
    screenshot(browser, "explain.png")

    # What the panel says the desktop gets is what a desktop browser gets.
    connection = http.client.HTTPConnection("127.0.0.1", int(service.rsplit(":", 1)[1]), timeout=10)
    connection.request("GET", f"/{code}", headers={"User-Agent": explanation["cases"][6]["userAgent"]})
    response = connection.getresponse()
    assert response.status == 302 and response.getheader("Location") == "https://shop.example.com/p/7"
    connection.close()
