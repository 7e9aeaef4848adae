#!/usr/bin/python3
"""The dashboard as a person uses it, in a real headless Chromium (Debian's chromium and chromium-driver,
driven by Selenium): the overview renders with its charts, a live answer appears without a reload, settings
refuse without signing in and save with it, an export downloads byte for byte, German with Accept-Language: de,
and a 375 px wide phone has no horizontal scrolling, chart text of at least 12 px and one time axis a chart.

    dashboard_in_chromium.py PEACH_BINARY

Prints one line per check and exits 0 when all held, 1 when one failed (each failure says what it saw), 77 when
Chromium, its driver, Selenium or Pillow is missing here. BrowserTests.swift runs it; .ci/run installs them.
"""

import io
import os
import shutil
import subprocess
import sys
import tempfile
import time
from xml.etree import ElementTree

try:
    from PIL import Image
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError as missing:
    print(f"SKIP: {missing} (apt install python3-selenium python3-pil)")
    sys.exit(77)

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
PASSWORD = "a password for the browser test"
failures = []


def check(condition, what, seen=""):
    print(("ok   " if condition else "FAIL ") + what + ("" if condition else f": {seen}"))
    if not condition:
        failures.append(what)


def peach(binary, *arguments, environment, stdin=None):
    return subprocess.run([binary, *arguments], env=environment, input=stdin, capture_output=True, text=True,
                          timeout=120)


def browser(downloads, language="en", width=None):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--lang={language}", "--window-size=1200,1000"]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", {
        "intl.accept_languages": language, "download.default_directory": downloads,
        "download.prompt_for_download": False})
    if width:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": 800, "pixelRatio": 2.0}})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_page_load_timeout(30)
    # Headless Chromium keeps its own Accept-Language whatever --lang says: set the header as a browser in that
    # language sends it.
    agent = driver.execute_script("return navigator.userAgent")
    driver.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": language})
    return driver


# The lowest contrast of any visible text on the page below AA, as [ratio, text, colour, background], or null.
# The background is the nearest one painted behind the text, else the canvas (white, or #121212 in dark mode).
CONTRAST = """
function channel(v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
function rgb(c) { return (c.match(/[\\d.]+/g) || []).map(Number); }
function luminance(c) { const [r, g, b] = rgb(c); return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b); }
function behind(element) {
  for (let e = element; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor, parts = rgb(c);
    if (parts.length === 3 || (parts.length === 4 && parts[3] > 0)) return c;
  }
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'rgb(18, 18, 18)' : 'rgb(255, 255, 255)';
}
let worst = null;
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  const element = node.parentElement;
  if (!node.textContent.trim() || !element || element.closest('.skip') || element.offsetParent === null) continue;
  const style = getComputedStyle(element);
  const large = parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700);
  const a = luminance(style.color), b = luminance(behind(element));
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  if (ratio < (large ? 3 : 4.5) && (worst === null || ratio < worst[0]))
    worst = [Math.round(ratio * 100) / 100, node.textContent.trim().slice(0, 40), style.color, behind(element)];
}
return worst;
"""


def is_drawn(png, what):
    """Whether a screenshot of a chart shows a picture: many colours, not one flat area."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    dark = sum(count for count, (r, g, b) in colours if r + g + b < 600)
    share = dark / (image.width * image.height)
    check(len(colours) > 8 and share > 0.005, f"{what} is drawn ({image.width}x{image.height})",
          f"{len(colours)} colours, {share:.4f} of it dark")


def main():
    if not (os.access(CHROMIUM, os.X_OK) and os.access(DRIVER, os.X_OK)):
        print("SKIP: chromium or chromium-driver is not installed (apt install chromium chromium-driver)")
        return 77
    binary = sys.argv[1]
    root = tempfile.mkdtemp(prefix="peach-browser-")
    data, config, downloads = (os.path.join(root, name) for name in ("data", "config", "downloads"))
    os.makedirs(downloads)
    # Chromium's own temporary folders (a singleton socket for each browser started) under the root, which is
    # removed at the end: in the system's they were left behind, three a run.
    os.makedirs(os.path.join(root, "tmp"))
    os.environ["TMPDIR"] = os.path.join(root, "tmp")
    environment = {"HOME": "/nonexistent-home", "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": config,
                   "PEACH_PROFILES_DIR": os.environ.get("PEACH_PROFILES_DIR", "")}
    # Twenty weeks of matching and the last ten of discrimination, ending three weeks ago: two series of
    # different spans for the progress chart's one time axis.
    history = os.path.join(root, "history.jsonl")
    with open(history, "w") as lines:
        last_monday = (int(time.time()) // 86400 - 3) // 7 * 7 * 86400 - 21 * 86400
        for week in range(20):
            for index in range(8):
                moment = time.gmtime(last_monday - (19 - week) * 7 * 86400 + 36000 + index * 20)
                stamp = time.strftime("%Y-%m-%dT%H:%M:%S.000Z", moment)
                lines.write('{"v":1,"type":"pitchMatching","time":"%s","referenceNote":60,"initialCents":30,'
                            '"errorCents":%d,"referencePitch":440,"timbre":"sine","noteDuration":1,"gap":0,'
                            '"velocity":63,"timeTaken":3,"tuneControl":"pitch-bend"}\n' % (stamp, 20 - week // 2))
                if week >= 10:
                    lines.write('{"v":1,"type":"comparison","time":"%s","note1":60,"note2":60,"cents":%d,'
                                '"answer":"higher","correct":true,"referencePitch":440,"timbre":"sine",'
                                '"noteDuration":1,"gap":0,"velocity":63,"note2Gain":0,"responseTime":0.5,'
                                '"input":"midi-note"}\n' % (stamp, 5 + index * 3))
    run = peach(binary, "data", "import", history, "--data-dir", data, environment=environment)
    check(run.returncode == 0, "peach data import of twenty weeks", run.stderr)
    for mode in ["comparison", "matching", "timing"]:
        run = peach(binary, "simulate", "--mode", mode, "--trials", "60", "--quiet", "--save", "--seed", "4",
                    "--data-dir", data, environment=environment)
        check(run.returncode == 0, f"peach simulate --mode {mode}", run.stderr)
    run = peach(binary, "web", "--set-password", environment=environment, stdin=PASSWORD + "\n")
    check(run.returncode == 0, "peach web --set-password", run.stderr)
    server = subprocess.Popen([binary, "web", "--port", "0", "--data-dir", data], env=environment,
                              stdout=subprocess.PIPE, text=True)
    drivers = []
    try:
        line = server.stdout.readline()
        address = line[line.index("http://"):].split()[0]
        driver = browser(downloads)
        drivers.append(driver)

        # The overview and its chart; the progress page and its chart.
        driver.get(address)
        check(driver.find_element(By.TAG_NAME, "h1").text == "Overview", "the overview opens")
        summary = driver.find_element(By.CSS_SELECTOR, "ul.summary").text
        check("Threshold" in summary and "Pitch matching" in summary, "its summary lists the disciplines", summary)
        chart = driver.find_element(By.ID, "profile-chart")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "return arguments[0].complete && arguments[0].naturalWidth > 0", chart))
        is_drawn(chart.screenshot_as_png, "the profile chart")
        driver.get(address + "progress?weeks=52")
        chart = driver.find_element(By.ID, "progress-chart")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "return arguments[0].complete && arguments[0].naturalWidth > 0", chart))
        is_drawn(chart.screenshot_as_png, "the progress chart")

        # A live answer arrives without a reload.
        driver.get(address)
        driver.execute_script("window.peachMark = 'same page'")
        # The list opens with the store's last ten answers (the timing run's) and keeps ten: two new ones come first.
        def live_items(d):
            # Read in one script: the page replaces the items as answers come, so elements read one by one go stale.
            return d.execute_script(
                "return Array.from(document.querySelectorAll('#live-answers li')).map(e => e.textContent)")
        before = live_items(driver)
        time.sleep(1)  # the page's event stream is open (it connects as the page loads)
        run = peach(binary, "simulate", "--trials", "2", "--quiet", "--save", "--data-dir", data,
                    environment=environment)
        try:
            WebDriverWait(driver, 15).until(
                lambda d: [i for i in live_items(d)[:2] if "Pitch discrimination" in i and i not in before][1:])
            arrived = True
        except Exception:
            arrived = False
        items = live_items(driver)
        check(arrived and "Pitch discrimination" in items[0] and len(items) == 10 and len(before) == 10,
              "the last ten answers at once, and two more appear live", items)
        check(driver.execute_script("return window.peachMark") == "same page", "without a reload")

        # Settings: refused without signing in, saved with it.
        driver.get(address + "settings")
        check(not driver.find_elements(By.CSS_SELECTOR, "form[action='/settings']"), "no setting form signed out")
        status = driver.execute_script("""
            return await fetch('/settings', {method: 'POST', headers: {'Content-Type':
              'application/x-www-form-urlencoded'}, body: 'key=tempo&value=95&csrf=guess'}).then(r => r.status);""")
        check(status == 403, "a forged setting is refused", status)
        driver.get(address + "login")
        driver.find_element(By.ID, "password").send_keys(PASSWORD)
        driver.find_element(By.CSS_SELECTOR, "form.login button").click()
        WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/settings"))
        field = driver.find_element(By.CSS_SELECTOR, "#setting-tempo input[name=value]")
        field.clear()
        field.send_keys("95")
        driver.find_element(By.CSS_SELECTOR, "#setting-tempo button").click()
        WebDriverWait(driver, 10).until(lambda d: "saved=tempo" in d.current_url)
        notice = driver.find_element(By.CSS_SELECTOR, "#setting-tempo .saved").text
        check(notice == "tempo saved.", "signed in, a setting is saved, and its row says so", notice)
        place = driver.execute_script(
            "const r = document.querySelector('#setting-tempo .saved').getBoundingClientRect();"
            "return [r.top, r.bottom, window.innerHeight];")
        check(0 <= place[0] and place[1] <= place[2], "where the page opens after saving, on screen", place)
        stored = peach(binary, "settings", "get", "tempo", environment=environment).stdout
        check("95" in stored, "and is the box's setting", stored)

        # The setup page, signed in, with no box running here: it says so, and offers the upload and the log.
        driver.get(address + "setup")
        text = driver.find_element(By.TAG_NAME, "main").text
        check("The box is not running" in text and driver.find_elements(By.ID, "soundfont-upload")
              and driver.find_elements(By.CSS_SELECTOR, "a[href='/setup/log']"),
              "signed in, the setup page says no box runs and offers a SoundFont upload and the log", text[:300])

        # An export downloads as peach data export writes it.
        driver.get(address + "data")
        driver.find_element(By.CSS_SELECTOR, "a[href='/export/csv']").click()
        deadline = time.time() + 20
        done = []
        while time.time() < deadline:
            done = [name for name in os.listdir(downloads) if name.endswith(".csv")]
            if done:
                break
            time.sleep(0.2)
        expected = os.path.join(root, "expected.csv")
        peach(binary, "data", "export", "--format", "csv", "--data-dir", data, expected, environment=environment)
        same = bool(done) and open(os.path.join(downloads, done[0]), "rb").read() == open(expected, "rb").read()
        check(same, "the CSV download is peach data export's bytes", done)

        # German.
        german = browser(downloads, language="de")
        drivers.append(german)
        german.get(address)
        heading = german.find_element(By.TAG_NAME, "h1").text
        check(heading == "Übersicht", "German with Accept-Language: de", heading)
        check(german.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de", "the page says lang=de")

        # A phone: 375 px wide, no page scrolls sideways.
        phone = browser(downloads, width=375)
        drivers.append(phone)
        for path in ["", "progress", "sessions", "box", "setup", "settings", "data", "login"]:
            phone.get(address + path)
            widths = phone.execute_script(
                "return [document.documentElement.scrollWidth, window.innerWidth]")
            check(widths[0] <= widths[1], f"/{path} fits 375 px", widths)

        # Its charts are drawn for it: text at least 12 CSS pixels as shown, one time axis under every panel.
        for path, name in [("", "profile-chart"), ("progress?weeks=26", "progress-chart"),
                           ("progress?weeks=520", "progress-chart")]:
            phone.get(address + path)
            chart = phone.find_element(By.ID, name)
            WebDriverWait(phone, 10).until(lambda d: d.execute_script(
                "return arguments[0].complete && arguments[0].naturalWidth > 0", chart))
            source, shown = phone.execute_script(
                "return [arguments[0].currentSrc, arguments[0].getBoundingClientRect().width]", chart)
            document = phone.execute_script("return await fetch(arguments[0]).then(r => r.text())", source)
            svg = ElementTree.fromstring(document.encode())
            sizes = [float(element.get("font-size")) for element in svg.iter() if element.get("font-size")]
            smallest = min(sizes) * shown / float(svg.get("width"))
            check(smallest >= 12, f"/{path}: the chart's smallest text is {smallest:.1f} px at 375 px", source)
            if name == "progress-chart":
                axes = {}
                for text in svg.iter("{http://www.w3.org/2000/svg}text"):
                    if text.get("class") == "period":
                        axes.setdefault(text.get("y"), []).append((text.get("x"), text.text))
                panels = list(axes.values())
                check(len(panels) >= 3 and all(panel == panels[0] for panel in panels),
                      f"/{path}: one time axis under all {len(panels)} panels", panels)
                check(not any(label and "-W" in label for _, label in panels[0]),
                      f"/{path}: its axis names dates, not ISO weeks", panels[0][:3])

        # Every text's contrast with what lies behind it, light and dark: WCAG AA (4.5:1; 3:1 for large text).
        for scheme in ["light", "dark"]:
            phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for path in ["", "progress", "sessions", "box", "setup", "settings", "data", "login"]:
                phone.get(address + path)
                worst = phone.execute_script(CONTRAST)
                check(worst is None, f"/{path} in {scheme} mode: every text at least AA contrast", worst)
    finally:
        for driver in drivers:
            driver.quit()
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(root, ignore_errors=True)
    print(f"{len(failures)} of the checks failed" if failures else "all checks held")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
