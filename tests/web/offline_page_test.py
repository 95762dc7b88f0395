#!/usr/bin/env python3
"""The offline page (build-web/offline/scanlab-offline.html, app/web/single_file.cmake) as a student
opens it from a USB stick: Debian's Chromium, headless, WebGL2 on SwiftShader, the file opened
from file:// with the network off (the context offline, and every request that is not the file
itself refused and counted). It must show the run it carries, with no request but its own file,
and File > Export figure (SVG)... must download the figure there too.

Prints "ok - ..." or "FAIL - ..." per check and ends with status 1 if any failed; writes a
screenshot and offline.json (its size, the time to the run on screen) to --out.

  python3 tests/web/offline_page_test.py --page build-web/offline/scanlab-offline.html --out build-web/tests/web/offline
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

from playwright.sync_api import sync_playwright

# The page test's browser, checks and page helpers (the same Chromium, the same state and clicks).
from page_test import ARGS, CHROMIUM, check, click, failures, state


def download_figure(page, out):
    """File > Export figure (SVG)..., Download SVG: the step diagram of the run on screen, offline too."""
    check("File > Export figure (SVG)... is clicked", click(page, "File") and click(page, "Export figure (SVG)..."))
    time.sleep(0.3)
    page.screenshot(path=os.path.join(out, "offline-svg-dialog-1280x720.png"))
    with page.expect_download(timeout=10000) as download:
        check("its Download SVG button is clicked", click(page, "Download SVG"))
    path = os.path.join(out, download.value.suggested_filename)
    download.value.save_as(path)
    root = ET.parse(path).getroot()
    texts = [e.text for e in root.iter("{http://www.w3.org/2000/svg}text")]
    # Kogge-Stone on 3 1 7 0 4 1 6 3: its last row ends in the total, 25.
    check("the downloaded SVG is XML with the run's values as text", root.tag.endswith("svg") and "25" in texts, path)


def open_offline(browser, path, algo, steps, step, picture, figure_out=None, origin=None, lesson=False, save_trace=None):
    """Opens `path` from file:// with the network off; checks it shows its run (from a file it
    carries: `origin`; with its lesson open at the first slide: `lesson`); the seconds it took.
    `save_trace`: Ctrl+S there, and the downloaded trace saved at that path."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1, offline=True)
    asked = []

    def only_the_file(route):
        asked.append(route.request.url)
        if route.request.url.split("?")[0] == "file://" + path or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_the_file)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    start = time.monotonic()
    page.goto("file://" + path)
    s = None
    while time.monotonic() < start + 60:
        s = state(page)
        if s and s["steps"] > 0 and not s["busy"] and s["frames"] > 2 and (origin is None or s["origin"] == origin) and \
                (not lesson or s["lesson_slide"] == 1):
            break
        time.sleep(0.05)
    shown = time.monotonic() - start
    name = os.path.basename(path)
    check(name + " opens from file:// with the network off and runs", s is not None and s["steps"] > 0,
          "state " + json.dumps(s) + "; errors " + "; ".join(errors[:3]))
    if s:
        check(name + " shows the run it carries (" + algo + ", " + str(steps) + " steps, at step " + str(step) + ")",
              s["algorithm"] == algo and (steps is None or s["steps"] == steps) and s["step"] == step, json.dumps(s))
        check(name + ": no error", not s["error"], s["error"])
        if origin:
            check(name + " opens the file it carries at start, as File > Open does (" + origin + ")", s["origin"] == origin, json.dumps(s))
        if lesson:
            check(name + " opens the lesson it carries at its first slide", s["lesson_slide"] == 1, json.dumps(s))
    others = [u for u in asked if u.split("?")[0] != "file://" + path and not u.startswith(("data:", "blob:"))]
    check(name + " asks for nothing but its own file", not others, ", ".join(others[:5]))
    check(name + ": no page errors", not errors, "; ".join(errors[:3]))
    page.screenshot(path=picture)
    if save_trace:
        with page.expect_download(timeout=10000) as download:
            page.mouse.move(640, 400)
            page.keyboard.press("Control+s")
        download.value.save_as(save_trace)
    if figure_out:
        download_figure(page, figure_out)
    context.close()
    return shown


def carrying(page, carried, out, scanlab):
    """A copy of the offline page carrying the file `carried` (a trace or a lesson), as
    `scanlab export --format html` writes it: with that command where `scanlab` is given, else the
    same line written here (one line of script after the run, pinned by tests/export_test.cpp)."""
    kind = "--lesson" if carried.endswith(".md") else "--trace"
    if scanlab and os.path.exists(scanlab):
        subprocess.run([scanlab, "export", "--format", "html", "--page", page, kind, carried, "--out", out], check=True)
        return out
    with open(page, encoding="utf-8") as f:
        html = f.read()
    with open(carried, encoding="utf-8") as f:
        text = f.read()
    run = re.search(r'Module\.scanlabRun="[^"]*";', html)
    line = "Module.scanlabFile=" + json.dumps({"name": os.path.basename(carried), "text": text}, ensure_ascii=False,
                                               separators=(",", ":")).replace("</", "<\\/") + ";"
    with open(out, "w", encoding="utf-8") as f:
        f.write(html[:run.end()] + line + html[run.end():])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--page", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--scanlab", default="", help="the desktop build's scanlab, to make the carrying copies with, where it is built")
    ap.add_argument("--lesson", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets", "lessons", "chapter9.md"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if not CHROMIUM:
        print("skipped: Debian's chromium is not installed")
        return 77
    path = os.path.abspath(a.page)
    size = os.path.getsize(path)
    print("the copies carrying a trace and a lesson are made by " +
          (a.scanlab + " export --format html" if a.scanlab and os.path.exists(a.scanlab) else "this test (no desktop build's scanlab)"))
    # The same file carrying another run, as a lecturer makes one (the run is one line of it).
    with open(path, encoding="utf-8") as f:
        html = f.read()
    carried = 'Module.scanlabRun="algo=hierarchical&preset=fig9.10"'
    check("the file carries its run as one line", carried in html, "no " + carried)
    other = os.path.join(os.path.abspath(a.out), "scanlab-offline-kogge-stone.html")
    with open(other, "w", encoding="utf-8") as f:
        f.write(html.replace(carried, 'Module.scanlabRun="algo=kogge-stone&input=3,1,7,0,4,1,6,3&step=2"'))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        shown = open_offline(browser, path, "hierarchical", 8, 0, os.path.join(a.out, "offline-fig9.10-1280x720.png"))
        saved = os.path.join(os.path.abspath(a.out), "kogge-stone.json")
        open_offline(browser, other, "kogge-stone", 4, 2, os.path.join(a.out, "offline-kogge-stone-1280x720.png"), a.out, save_trace=saved)
        # The page carrying that trace (its own run line Figure 9.10's): the trace is shown, not the run.
        lecture = carrying(path, saved, os.path.join(os.path.abspath(a.out), "lecture-trace.html"), a.scanlab)
        open_offline(browser, lecture, "kogge-stone", 4, 0, os.path.join(a.out, "offline-carried-trace-1280x720.png"), origin="file kogge-stone.json")
        lecture = carrying(path, os.path.abspath(a.lesson), os.path.join(os.path.abspath(a.out), "lecture-lesson.html"), a.scanlab)
        # Its first slide runs the sequential scan on Figure 9.10's input, at step 0.
        open_offline(browser, lecture, "sequential", None, 0, os.path.join(a.out, "offline-carried-lesson-1280x720.png"), lesson=True)
        browser.close()
    with open(os.path.join(a.out, "offline.json"), "w") as f:
        json.dump({"bytes": size, "seconds_to_the_run": round(shown, 2)}, f)
    print(f"offline page: {size} bytes, the run on screen after {shown:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
