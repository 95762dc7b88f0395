#!/usr/bin/env python3
"""The web edition in a real browser: Debian's Chromium, headless, WebGL2 on SwiftShader, driven by
PyPI's Playwright through executable_path (no browser download). The page is served from
build-web/page/ by a plain static file server, as a course would host it.

Each check prints "ok - ..." or "FAIL - ...", and the run ends with status 1 if any failed. The
screenshots (1280x720 and 1920x1080, normal and presenting) and page.json (page weight, time to the
first frame) are written to --out.

  python3 tests/web/page_test.py --page build-web/page --out build-web/tests/web [--fixtures tests/fixtures]
"""
import argparse
import functools
import gzip
import http.server
import io
import json
import os
import sys
import threading
import time

from PIL import Image
from playwright.sync_api import sync_playwright

CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), None)
# SwiftShader through ANGLE: WebGL2 with no GPU (--use-gl=swiftshader gives a black canvas).
ARGS = ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"]
failures = []


def check(name, condition, why=""):
    print(("ok - " if condition else "FAIL - ") + name + ("" if condition else ": " + why), flush=True)
    if not condition:
        failures.append(name)
    return condition


def serve(folder):
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def state(page):
    # Null until the runtime has started and main() has run.
    return page.evaluate("() => { try { return Module.calledRun ? JSON.parse(Module.UTF8ToString(Module._scanlab_state())) : null; } "
                         "catch (e) { return null; } }")


def wait_for(page, what, predicate, timeout=30.0):
    """Polls the page's state until predicate(state) holds; returns the state, or None."""
    end = time.monotonic() + timeout
    s = None
    while time.monotonic() < end:
        s = state(page)
        if s and predicate(s):
            return s
        time.sleep(0.02)
    print(f"  (waited {timeout:.0f} s for {what}; last state {s})", flush=True)
    return None


def find(page, label, timeout=5.0):
    """The rectangle {x, y, w, h} (CSS pixels) of the frontmost item labelled `label` on the page, as
    the page itself reports it (scanlab_item_rect), or None when no frame drew one in `timeout`."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        r = page.evaluate("(label) => { try { return JSON.parse(Module.ccall('scanlab_item_rect', 'string', ['string'], [label])); } "
                          "catch (e) { return null; } }", label)
        if r:
            return r
        time.sleep(0.02)
    return None


def click(page, label):
    """Clicks the item labelled `label` where the page drew it (a third of the way along, where a
    combo's box is, not its label). False, with a line saying so, when the page shows no such item."""
    r = find(page, label)
    if not r:
        print(f"  (the page shows no item labelled {label!r})", flush=True)
        return False
    page.mouse.click(r["x"] + min(r["w"] / 3, 60), r["y"] + r["h"] / 2)
    return True


def settled(s):
    return s["frames"] > 0 and not s["busy"] and s["algorithm"] != ""


def screenshot(page):
    return Image.open(io.BytesIO(page.screenshot())).convert("RGB")


def open_page(browser, url, width=1280, height=720):
    """A fresh page (its own storage) at `url`, with every console error and page error kept."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return page


def colours(img, box):
    """The distinct colours in a box of the picture, and how many pixels each has."""
    return img.crop(box).getcolors(1 << 20) or []


def test_first_frame(browser, url, out):
    page = open_page(browser, url)
    first = None
    end = time.monotonic() + 30
    while time.monotonic() < end:
        s = state(page)
        if s and s["frames"] > 0 and first is None:
            first = page.evaluate("() => performance.now()") / 1000
        if s and settled(s) and s["steps"] > 0:
            break
        time.sleep(0.01)
    shown = page.evaluate("() => performance.now()") / 1000
    s = state(page)
    check("the page draws its first frame", first is not None, "no frame was drawn in 30 s")
    check("the first run is Figure 9.10 (hierarchical)", s is not None and s["algorithm"] == "hierarchical" and s["steps"] > 1, str(s))
    img = screenshot(page)
    img.save(os.path.join(out, "first-frame.png"))
    w, h = img.size
    # Pixel checks: the canvas fills the page, drawn (not blank), with text in each column, and the
    # Figure 9.10 panel on the right showing its blocks in colour.
    check("the canvas fills the page", page.evaluate("() => [Module.canvas.width, Module.canvas.height]") == [w, h])
    for name, box in (("the controls (left)", (0, 40, w // 4, h - 40)), ("the trace (middle)", (w // 4, 40, 3 * w // 4, h - 40)),
                      ("Figure 9.10 (right)", (3 * w // 4, 40, w, h - 40))):
        c = colours(img, box)
        check(f"{name} is drawn", len(c) > 20, f"{len(c)} colours")
    right = colours(img, (3 * w // 4, 40, w, h // 2))
    saturated = sum(n for n, (r, g, b) in right if max(r, g, b) - min(r, g, b) > 60)
    check("Figure 9.10's blocks are drawn in colour", saturated > 500, f"{saturated} coloured pixels")
    check("the page loads with no console errors", not page.errors, "; ".join(page.errors[:3]))
    check("the title names the run and the step", "hierarchical" in page.title() and "step 0" in page.title(), page.title())
    page.context.close()
    return {"first_frame_s": round(first or -1, 3), "figure_9_10_shown_s": round(shown, 3)}


def test_keys_and_menus(browser, url):
    page = open_page(browser, url)
    s = wait_for(page, "Figure 9.10", lambda s: settled(s) and s["steps"] > 1)
    page.mouse.move(640, 400)
    page.keyboard.press("ArrowRight")
    check("Right steps forward", wait_for(page, "step 1", lambda s: s["step"] == 1, 5) is not None)
    page.keyboard.press("ArrowRight")
    check("Right steps again", wait_for(page, "step 2", lambda s: s["step"] == 2, 5) is not None)
    check("the address bar follows the step", "step=2" in page.url, page.url)
    page.keyboard.press("F5")
    check("F5 presents", wait_for(page, "presentation mode", lambda s: s["presenting"], 5) is not None)
    check("F5 does not reload the page", wait_for(page, "the same step", lambda s: s["step"] == 2, 2) is not None)
    check("the address bar says presenting", wait_for(page, "present=1", lambda s: "present=1" in page.url, 3) is not None, page.url)
    page.keyboard.press("Escape")
    check("Esc leaves presentation mode", wait_for(page, "normal mode", lambda s: not s["presenting"], 5) is not None)
    # A click on the View menu, then on its Counts item: the Counts tab.
    check("the View menu is found and clicked", click(page, "View"))
    check("its Counts item is found and clicked", click(page, "Counts"))
    check("a click on View > Counts shows the Counts tab", wait_for(page, "tab 2", lambda s: s["tab"] == 2, 5) is not None)
    # A click on the algorithm menu of the controls, then on Brent-Kung: a run of Brent-Kung.
    check("the algorithm menu is found and clicked", click(page, "algorithm"))
    find(page, "brent-kung")
    screenshot(page).save(os.path.join(OUT, "algorithm-menu.png"))
    check("its brent-kung item is found and clicked", click(page, "brent-kung"))
    check("a click on the algorithm menu changes the algorithm",
          wait_for(page, "brent-kung", lambda s: s["algorithm"] == "brent-kung" and not s["busy"], 10) is not None, str(state(page)))
    check("the address bar names the new algorithm", "algo=brent-kung" in page.url, page.url)
    check("no console errors while stepping and clicking", not page.errors, "; ".join(page.errors[:3]))
    page.context.close()


def test_links(browser, url):
    page = open_page(browser, url + "?algo=kogge-stone&preset=slides&step=3&view=steps")
    s = wait_for(page, "the linked run", lambda s: settled(s) and s["algorithm"] == "kogge-stone" and s["step"] == 3)
    check("a link opens its run at its step", s is not None, str(state(page)))
    check("the title says the linked step", "kogge-stone" in page.title() and "step 3" in page.title(), page.title())
    page.context.close()
    page = open_page(browser, url + "?algo=brent-kung&preset=fig9.10&step=last&present=1")
    s = wait_for(page, "the last step, presenting", lambda s: settled(s) and s["algorithm"] == "brent-kung" and s["presenting"]
                 and s["step"] == s["steps"] - 1)
    check("step=last and present=1 are taken", s is not None, str(state(page)))
    page.context.close()
    page = open_page(browser, url + "?algo=nope&step=2")
    s = wait_for(page, "Figure 9.10 after a bad link", lambda s: settled(s))
    check("a bad link is said in a sentence and Figure 9.10 shows",
          s is not None and s["algorithm"] == "hierarchical" and "unknown algorithm 'nope'" in s["status"].lower(), str(s))
    page.context.close()


def test_files(browser, url, fixtures, out):
    page = open_page(browser, url)
    # Playwright intercepts file choosers from the moment a handler is there; without one, a
    # chooser opened at once after expect_file_chooser() can slip past it.
    page.on("filechooser", lambda chooser: None)
    wait_for(page, "Figure 9.10", lambda s: settled(s) and s["steps"] > 1)
    good = os.path.join(fixtures, "traces", "fig910.json")
    bad = os.path.join(out, "truncated-trace.json")
    with open(good, "rb") as f, open(bad, "wb") as g:
        g.write(f.read()[:300])
    page.mouse.move(640, 400)
    with page.expect_file_chooser(timeout=5000) as chooser:
        page.keyboard.press("Control+o")
    chooser.value.set_files(bad)
    s = wait_for(page, "the refusal", lambda s: "unchanged" in s["status"], 10)
    check("a malformed trace file is refused in a sentence, and the trace stays",
          s is not None and s["algorithm"] == "hierarchical" and s["origin"] != "file truncated-trace.json", str(state(page)))
    large = os.path.join(out, "too-large-trace.json")  # over the page's 2 MiB: refused before it is read
    with open(large, "wb") as g:
        g.write(b" " * (3 << 20))
    with page.expect_file_chooser(timeout=5000) as chooser:
        page.keyboard.press("Control+o")
    chooser.value.set_files(large)
    s = wait_for(page, "the refusal of a large file", lambda s: "desktop app" in s["status"], 10)
    check("a trace file too large for the page is refused in a sentence, and the trace stays",
          s is not None and s["algorithm"] == "hierarchical" and "unchanged" in s["status"], str(state(page)))
    with page.expect_file_chooser(timeout=5000) as chooser:
        page.keyboard.press("Control+o")
    chooser.value.set_files(good)
    s = wait_for(page, "the opened file", lambda s: s["origin"] == "file fig910.json" and not s["busy"], 10)
    check("a trace file opens from the file picker", s is not None, str(state(page)))
    with page.expect_download(timeout=10000) as download:
        page.keyboard.press("Control+s")
    path = os.path.join(out, "downloaded-trace.json")
    download.value.save_as(path)
    with open(path) as f:
        saved = json.load(f)
    check("Ctrl+S downloads the trace as JSON", download.value.suggested_filename.endswith(".json") and "steps" in saved,
          download.value.suggested_filename)
    with page.expect_download(timeout=10000) as download:
        page.keyboard.press("F12")
    png = os.path.join(out, "downloaded-screenshot.png")
    download.value.save_as(png)
    check("F12 downloads a screenshot of the page", Image.open(png).size == (1280, 720), str(Image.open(png).size))
    page.keyboard.press("Control+Equal")
    time.sleep(1.5)
    stored = page.evaluate("() => localStorage.getItem('scanlab/settings.ini') || ''")
    check("settings are kept in browser storage", "font_scale=1.1" in stored, stored[:200])
    check("no console errors with files", not page.errors, "; ".join(page.errors[:3]))
    page.context.close()


def test_clipboard(browser, url):
    """Copy and paste through the browser's clipboard, in the controls' values field."""
    page = open_page(browser, url)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
    s = wait_for(page, "Figure 9.10", lambda s: settled(s) and s["steps"] > 1)
    n = s["n"] if s else 0
    check("the values can be edited as text", click(page, "edit as text") and click(page, "##values"))
    time.sleep(0.2)
    page.keyboard.press("Control+a")
    page.keyboard.press("Control+c")
    copied = ""
    end = time.monotonic() + 5
    while time.monotonic() < end and not copied:
        copied = page.evaluate("() => navigator.clipboard.readText().catch(() => '')")
        time.sleep(0.05)
    numbers = copied.replace(",", " ").split()
    check("Ctrl+C copies the values to the browser's clipboard", n > 0 and len(numbers) == n, f"{copied!r} for N = {n}")
    page.evaluate("() => navigator.clipboard.writeText('3 1 4 1 5 9 2 6')")
    click(page, "##values")
    page.keyboard.press("Control+a")
    page.keyboard.press("Control+v")
    time.sleep(0.2)
    page.keyboard.press("Enter")
    s = wait_for(page, "a run of the pasted values", lambda s: s["n"] == 8 and not s["busy"], 10)
    check("Ctrl+V pastes the browser's clipboard into the values, and Enter runs them", s is not None, str(state(page)))
    check("no console errors with the clipboard", not page.errors, "; ".join(page.errors[:3]))
    page.context.close()


# The largest jobs the page allows: session.hpp's 8 MiB full trace (Figure 9.10's hierarchical scan
# on this many random values, about 7 MiB), sampled_trace.hpp's 2^20, main_web.cpp's 2 MiB file.
LARGEST_FULL_N = 32768
LARGEST_SAMPLED_N = 1 << 20
OPENABLE_N = 6500


def test_jobs(browser, url, out):
    """How long the page waits for its largest jobs (measured, not held to a time: run with --only jobs).
    Each figure is the job itself (the page's last_job_ms) and the longest task Chromium saw from the
    key or click that asked for it until its result was drawn (a PerformanceObserver's longtasks:
    the job, the frame that draws its result, and anything else the page did meanwhile)."""
    figures = {}

    def fresh_page():
        page = open_page(browser, url)
        page.on("filechooser", lambda chooser: None)
        wait_for(page, "Figure 9.10", lambda s: settled(s) and s["steps"] > 1)
        page.evaluate("() => { window.longest = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) "
                      "window.longest = Math.max(window.longest, e.duration); }).observe({type: 'longtask'}); }")
        time.sleep(0.3)
        page.evaluate("() => { window.longest = 0; }")
        return page

    def measured(page, name, s, job_ms=None):
        time.sleep(0.3)
        longest = page.evaluate("() => window.longest || 0")
        figures[name] = {"job_ms": round(job_ms if job_ms is not None else s["last_job_ms"], 1) if s else None,
                         "longest_task_ms": round(longest, 1), "status": s["status"] if s else str(state(page))}
        print(f"  {name}: the job {figures[name]['job_ms']} ms, the longest task {figures[name]['longest_task_ms']} ms", flush=True)
        page.evaluate("() => { window.longest = 0; }")

    page = fresh_page()
    click(page, "random")
    wait_for(page, "a random run", lambda s: settled(s))
    page.evaluate("() => { window.longest = 0; }")
    click(page, "N")
    page.keyboard.press("Control+a")
    page.keyboard.type(str(LARGEST_FULL_N))
    page.keyboard.press("Enter")
    s = wait_for(page, "the largest full trace", lambda s: settled(s) and s["n"] == LARGEST_FULL_N, 120)
    measured(page, f"full trace, hierarchical N = {LARGEST_FULL_N}", s)

    def save(name):
        with page.expect_download(timeout=60000) as download:
            page.keyboard.press("Control+s")
        path = os.path.join(out, name)
        download.value.save_as(path)
        return path

    largest = save("largest-trace.json")
    # The largest file the page opens is 2 MiB: a run of this many elements saves a little less.
    click(page, "N")
    page.keyboard.press("Control+a")
    page.keyboard.type(str(OPENABLE_N))
    page.keyboard.press("Enter")
    wait_for(page, "a smaller run", lambda s: settled(s) and s["n"] == OPENABLE_N, 60)
    openable = save("openable-trace.json")
    page.context.close()

    for path, too_large in ((largest, True), (openable, False)):
        page = fresh_page()
        with page.expect_file_chooser(timeout=5000) as chooser:
            page.keyboard.press("Control+o")
        chooser.value.set_files(path)
        name = os.path.basename(path)
        if too_large:
            s = wait_for(page, "the refusal of a large file", lambda s: "desktop app" in s["status"], 20)
            check("a trace file too large for the page is refused in a sentence", s is not None, str(state(page)))
        else:
            s = wait_for(page, "the opened file", lambda s: s["origin"] == "file " + name and not s["busy"], 60)
            check("a trace file just under the page's limit opens", s is not None, str(state(page)))
        measured(page, f"opening {name} ({os.path.getsize(path) / 1e6:.2f} MB)", s)
        page.context.close()

    page = fresh_page()
    page.keyboard.press("4")  # the Live run tab
    wait_for(page, "the Live run tab", lambda s: s["tab"] == 3, 5)
    r = find(page, "N##sampled")
    if r:
        page.mouse.move(r["x"] + 10, r["y"] + r["h"] / 2)
        page.mouse.wheel(0, 600)
    time.sleep(0.3)
    page.evaluate("() => { window.longest = 0; }")
    click(page, "Trace this block")
    s = wait_for(page, "the sampled trace", lambda s: s["n"] == LARGEST_SAMPLED_N and not s["busy"], 120)
    measured(page, f"sampled trace, N = {LARGEST_SAMPLED_N}", s)
    page.context.close()

    page = fresh_page()
    page.mouse.move(640, 400)
    page.keyboard.press("Control+e")
    seen = set()
    for _ in range(20):
        s = wait_for(page, "an answer", lambda s: s["exercise"] > 0 and not s["busy"], 60)
        if not s or s["exercise"] in seen:
            break
        seen.add(s["exercise"])
        time.sleep(0.5)  # its answer is a job of the next frame
        page.keyboard.press("ArrowDown")
        time.sleep(0.1)
    s = state(page)
    measured(page, f"the slowest of {len(seen)} exercises' answers", s, s["longest_job_ms"] if s else None)
    page.context.close()
    with open(os.path.join(out, "jobs.json"), "w") as f:
        json.dump(figures, f, indent=2)


def test_screenshots(browser, url, out):
    for w, h in ((1280, 720), (1920, 1080)):
        for presenting in (False, True):
            page = open_page(browser, url + ("?present=1" if presenting else ""), w, h)
            s = wait_for(page, "a settled page", lambda s: settled(s) and s["steps"] > 1 and s["presenting"] == presenting)
            time.sleep(0.5)
            name = f"scanlab-web-{w}x{h}{'-presenting' if presenting else ''}.png"
            img = screenshot(page)
            img.save(os.path.join(out, name))
            check(f"screenshot {name}", s is not None and img.size == (w, h), str(s))
            page.context.close()


def page_weight(folder):
    files = {}
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), "rb") as f:
            data = f.read()
        files[name] = {"bytes": len(data), "gzip_bytes": len(gzip.compress(data, 9))}
    total = {"bytes": sum(f["bytes"] for f in files.values()), "gzip_bytes": sum(f["gzip_bytes"] for f in files.values())}
    return files, total


OUT = "."


def main():
    global OUT
    ap = argparse.ArgumentParser()
    ap.add_argument("--page", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--fixtures", default=os.path.join(os.path.dirname(__file__), "..", "fixtures"))
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    OUT = a.out
    if not CHROMIUM:
        print("browser tests skipped: Debian's chromium is not installed (tools/install-deps.sh web installs it)")
        return 77
    server, url = serve(a.page)
    report = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        tests = {
            "first": lambda: report.update(test_first_frame(browser, url, a.out)),
            "keys": lambda: test_keys_and_menus(browser, url),
            "links": lambda: test_links(browser, url),
            "files": lambda: test_files(browser, url, a.fixtures, a.out),
            "clipboard": lambda: test_clipboard(browser, url),
            "shots": lambda: test_screenshots(browser, url, a.out),
        }
        tests["jobs"] = lambda: test_jobs(browser, url, a.out)  # measures only: asked for by name
        for name, run in tests.items():
            if (not a.only and name != "jobs") or name in a.only.split(","):
                run()
        report["browser"] = "Chromium " + browser.version + " (headless, SwiftShader)"
        browser.close()
    server.shutdown()
    report["files"], report["total"] = page_weight(a.page)
    with open(os.path.join(a.out, "page.json"), "w") as f:
        json.dump(report, f, indent=2)
    t = report["total"]
    print(f"page weight: {t['bytes'] / 1e6:.2f} MB, {t['gzip_bytes'] / 1e6:.2f} MB gzipped; first frame "
          f"{report.get('first_frame_s', -1):.2f} s, Figure 9.10 on screen {report.get('figure_9_10_shown_s', -1):.2f} s after navigation")
    print(f"{len(failures)} of the checks failed" if failures else "every check passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
