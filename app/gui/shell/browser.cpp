// The web edition's page (browser.hpp): each function is a few lines of the page's JavaScript.
#include "app/gui/shell/browser.hpp"

#include <emscripten.h>
#include <emscripten/html5.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cmath>
#include <cstdlib>

namespace scanlab::gui::browser {
namespace {

// clang-format off
EM_JS(void, js_install, (), {
    const loading = document.getElementById("loading");
    if (loading) loading.remove();
    Module.scanlabEvents = 0;
    const wake = () => { Module.scanlabEvents++; };
    for (const type of ["mousemove", "mousedown", "mouseup", "wheel", "keydown", "keyup", "touchstart", "touchmove",
                        "touchend", "resize", "focus", "blur", "dragover", "drop"])
        window.addEventListener(type, wake, true);
    // Keys the browser would take for itself (F5 reloads the page, Ctrl+O opens a file, Ctrl+S saves
    // the page, Ctrl+B and Ctrl+E open its panels, Ctrl +/- zoom it) are the app's. Ctrl+C, X, V stay
    // the browser's, so that copy and paste events reach the page.
    window.addEventListener("keydown", (e) => {
        const ctrl = e.ctrlKey || e.metaKey;
        const k = e.key.length == 1 ? e.key.toLowerCase() : e.key;
        if (["F1", "F5", "F12", "Tab"].includes(k) ||
            (ctrl && ["o", "s", "b", "e", "k", "0", "=", "+", "-", "Enter"].includes(k)))
            e.preventDefault();
        if (e.key == "Control") Module.scanlabCtrl = true;
    }, true);
    window.addEventListener("keyup", (e) => { if (e.key == "Control") Module.scanlabCtrl = false; }, true);
    window.addEventListener("blur", () => { Module.scanlabCtrl = false; });
    // Dear ImGui's Emscripten callbacks (the wheel: main_web.cpp) size the window to the canvas's CSS
    // size through glfwSetWindowSize, which asks for fullscreen where that is the screen's size and
    // leaves devicePixelRatio out: the page sizes its canvas itself (fit_canvas), so a resize only
    // wakes the frame loop.
    GLFW.setWindowSize = () => { wake(); };
    // A trackpad's pinch is a wheel event with ctrlKey and no Ctrl key down: Dear ImGui hears it as
    // Ctrl+wheel, which zooms the array view, as a pinch zooms a map.
    window.addEventListener("wheel", (e) => { if (e.ctrlKey && !Module.scanlabCtrl) _scanlab_hold_ctrl(); }, true);
    // Touch (emscripten's GLFW reads no position from a touch): the page tells Dear ImGui where the
    // finger is, so a tap clicks what it touched. A finger dragged past a few pixels scrolls what
    // is under it, as on any page (the press it began with clicks nothing); two fingers pinch the
    // array view's zoom. Listening on the window, before the canvas's own listeners, lets the page
    // keep a scroll or a pinch from GLFW; the canvas's touch-action (shell.html) keeps the
    // browser's own zoom and scrolling away, and preventDefault its emulated mouse events.
    const canvas = Module.canvas;
    const at = (t) => { const r = canvas.getBoundingClientRect(); return [t.clientX - r.left, t.clientY - r.top]; };
    const spread = (ts) => Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY);
    const middle = (ts) => { const a = at(ts[0]), b = at(ts[1]); return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]; };
    let touch = null;  // {x, y, scrolling, pinch}: the gesture under way
    const options = {capture: true, passive: false};
    window.addEventListener("touchstart", (e) => {
        if (e.target != canvas) return;
        e.preventDefault();
        if (e.touches.length >= 2) {
            if (touch && !touch.scrolling && !touch.pinch) _scanlab_touch_cancel();
            touch = {x: 0, y: 0, scrolling: false, pinch: spread(e.touches)};
            e.stopImmediatePropagation();
            return;
        }
        const [x, y] = at(e.touches[0]);
        touch = {x: x, y: y, scrolling: false, pinch: 0};
        Browser.mouseX = x, Browser.mouseY = y;
        _scanlab_touch_at(x, y);
    }, options);
    window.addEventListener("touchmove", (e) => {
        if (e.target != canvas || !touch) return;
        e.preventDefault();
        if (touch.pinch) {
            if (e.touches.length >= 2) {
                const d = spread(e.touches), [x, y] = middle(e.touches);
                if (d > 0 && touch.pinch > 0) _scanlab_touch_zoom(x, y, Math.log(d / touch.pinch));
                touch.pinch = d;
            }
            e.stopImmediatePropagation();
            return;
        }
        const [x, y] = at(e.touches[0]);
        if (!touch.scrolling && Math.hypot(x - touch.x, y - touch.y) > 8) {
            touch.scrolling = true;
            _scanlab_touch_cancel();
        }
        if (touch.scrolling) {
            _scanlab_touch_scroll(x, y, x - touch.x, y - touch.y);
            touch.x = x, touch.y = y;
            e.stopImmediatePropagation();
        } else {
            Browser.mouseX = x, Browser.mouseY = y;  // GLFW's move reports it
        }
    }, options);
    const lifted = (e) => {
        if (e.target != canvas || !touch) return;
        e.preventDefault();
        if (touch.scrolling || touch.pinch) {
            if (e.touches.length == 0) touch = null;
            e.stopImmediatePropagation();  // the press was let go already: no click
            return;
        }
        touch = null;  // a tap: GLFW's release clicks
    };
    window.addEventListener("touchend", lifted, options);
    window.addEventListener("touchcancel", lifted, options);
    // Pasted text becomes the app's clipboard before Dear ImGui handles Ctrl+V in the next frame.
    window.addEventListener("paste", (e) => {
        const text = (e.clipboardData || window.clipboardData).getData("text/plain") || "";
        const n = lengthBytesUTF8(text) + 1, p = _malloc(n);
        stringToUTF8(text, p, n);
        _scanlab_paste(p);
        _free(p);
        wake();
    }, true);
    // The settings and the layout reach storage before the page goes (or hides, on a phone).
    window.addEventListener("pagehide", () => _scanlab_persist());
    document.addEventListener("visibilitychange", () => { if (document.visibilityState == "hidden") _scanlab_persist(); });
    // Files dropped anywhere on the page (the canvas's own drop goes through GLFW).
    window.addEventListener("dragover", (e) => e.preventDefault(), false);
    // GLFW reports the mouse in the canvas's device pixels; Dear ImGui lays out in CSS pixels.
    const device_position = Browser.calculateMouseEvent;
    Browser.calculateMouseEvent = function(event) {
        if (event.type.startsWith("touch")) return;  // emscripten reads none from a touch; the page sets it (below)
        device_position.call(Browser, event);
        const c = Module.canvas, rect = c.getBoundingClientRect();
        if (c.width > 0 && c.height > 0) {
            Browser.mouseX *= rect.width / c.width;
            Browser.mouseY *= rect.height / c.height;
        }
    };
});

EM_JS(int, js_events_seen, (), { return Module.scanlabEvents | 0; });

// The canvas's backing store resized; emscripten's GLFW hears of it through its resize listener and
// takes it as the window's size. (glfwSetWindowSize would ask for fullscreen instead, and leave the
// canvas as it was, whenever the size asked for is the screen's: a page in a maximised or
// fullscreen browser window, a phone.)
EM_JS(void, js_size_canvas, (int width, int height), { Browser.setCanvasSize(width, height); });

EM_JS(char*, js_query, (), {
    // The offline page's own run (app/web/single_file.cmake) where the address has none.
    const s = window.location.search.substring(1) || Module.scanlabRun || "";
    const n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});

EM_JS(char*, js_carried_file, (), {
    // The file an offline page carries (`scanlab export --format html`): written into the page's
    // file system under its own name, to be opened as a file the user picked.
    const f = Module.scanlabFile;
    if (!f || !f.name || typeof f.text !== "string") return 0;
    try { FS.mkdir("/carried"); } catch (e) {}
    const path = "/carried/" + String(f.name).split("/").join("_");
    FS.writeFile(path, f.text);
    const n = lengthBytesUTF8(path) + 1, p = _malloc(n);
    stringToUTF8(path, p, n);
    return p;
});

EM_JS(void, js_show_query, (const char* query), {
    const q = UTF8ToString(query);
    const url = window.location.pathname + (q ? "?" + q : "") + window.location.hash;
    try { window.history.replaceState(null, "", url); } catch (e) {}
});

EM_JS(void, js_set_title, (const char* title), { document.title = UTF8ToString(title); });

EM_JS(char*, js_stored, (const char* key), {
    let s = "";
    try { s = window.localStorage.getItem(UTF8ToString(key)) || ""; } catch (e) {}
    const n = lengthBytesUTF8(s) + 1, p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
});

EM_JS(void, js_store, (const char* key, const char* value), {
    try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); } catch (e) {}
});

EM_JS(void, js_download, (const char* path, const char* name, const char* mime), {
    const data = FS.readFile(UTF8ToString(path));
    const url = URL.createObjectURL(new Blob([data], {type: UTF8ToString(mime)}));
    const a = document.createElement("a");
    a.href = url;
    a.download = UTF8ToString(name);
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
});

EM_JS(void, js_pick_trace_file, (), {
    let input = document.getElementById("scanlab-open");
    if (!input) {
        input = document.createElement("input");
        input.type = "file";
        input.id = "scanlab-open";
        input.accept = ".json,application/json";
        input.style.display = "none";
        document.body.appendChild(input);
        input.addEventListener("change", async () => {
            const file = input.files[0];
            if (!file) return;
            input.value = "";
            try { FS.mkdir("/uploads"); } catch (e) {}
            const path = "/uploads/" + file.name.split("/").join("_");
            const n = lengthBytesUTF8(path) + 1, p = _malloc(n);
            stringToUTF8(path, p, n);
            // Read in pieces of 4 MiB, each awaited, so that a large file never holds the page; one
            // over the page's limit is not read at all, only named (scanlab_refuse_file).
            if (file.size > _scanlab_max_trace_file_bytes()) {
                _scanlab_refuse_file(p, file.size);
            } else {
                const stream = FS.open(path, "w");
                for (let at = 0; at < file.size; at += 4 << 20) {
                    const piece = new Uint8Array(await file.slice(at, at + (4 << 20)).arrayBuffer());
                    FS.write(stream, piece, 0, piece.length);
                }
                FS.close(stream);
                _scanlab_open_file(p);
            }
            _free(p);
            Module.scanlabEvents++;
        });
    }
    input.click();
});

EM_JS(void, js_set_cursor, (const char* cursor), {
    const c = UTF8ToString(cursor);
    if (Module.canvas && Module.canvas.style.cursor != c) Module.canvas.style.cursor = c;
});

EM_JS(void, js_copy_to_clipboard, (const char* text), {
    const t = UTF8ToString(text);
    try { navigator.clipboard.writeText(t).catch(() => {}); } catch (e) {}
});
// clang-format on

std::string taken(char* p) {
    std::string s = p ? p : "";
    std::free(p);
    return s;
}

}  // namespace

void install(GLFWwindow*) { js_install(); }

int events_seen() { return js_events_seen(); }

bool fit_canvas(GLFWwindow* window) {
    double css_w = 0, css_h = 0;
    if (emscripten_get_element_css_size("#canvas", &css_w, &css_h) != EMSCRIPTEN_RESULT_SUCCESS || css_w < 1 || css_h < 1) return false;
    const double ratio = emscripten_get_device_pixel_ratio();
    const int w = int(std::lround(css_w * ratio)), h = int(std::lround(css_h * ratio));
    int now_w = 0, now_h = 0;
    glfwGetWindowSize(window, &now_w, &now_h);
    if (w == now_w && h == now_h) return false;
    js_size_canvas(w, h);
    return true;
}

std::string query() { return taken(js_query()); }
std::string carried_file() { return taken(js_carried_file()); }
void show_query(const std::string& q) { js_show_query(q.c_str()); }
void set_title(const std::string& title) { js_set_title(title.c_str()); }
std::string stored(const std::string& key) { return taken(js_stored(key.c_str())); }
void store(const std::string& key, const std::string& value) { js_store(key.c_str(), value.c_str()); }
void download(const std::string& path, const std::string& name, const std::string& mime_type) {
    js_download(path.c_str(), name.c_str(), mime_type.c_str());
}
void pick_trace_file() { js_pick_trace_file(); }
void set_cursor(const char* css_cursor) { js_set_cursor(css_cursor); }
void copy_to_clipboard(const char* text) { js_copy_to_clipboard(text); }

}  // namespace scanlab::gui::browser
