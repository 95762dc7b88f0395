#!/usr/bin/env python3
"""Serves the web edition's folder (build-web/page/) as a host should: each file gzip-compressed
for a browser that accepts it (Content-Encoding: gzip, Vary: Accept-Encoding), and the WebAssembly
as application/wasm. Compressed, the page is about a third of its size on the wire (docs/web.md).
Python's own http.server sends every file whole; this is it with compression, so that the page
is tried here as students get it from a course's server.

  python3 tools/web_serve.py build-web/page [--port 8000]
The browser test (tests/web/page_test.py) serves the page with this handler too.
"""
import argparse
import functools
import gzip
import http.server
import os
import threading

# What compresses: the page's text, its WebAssembly and its data file (the fonts). Pictures do not.
COMPRESSED = (".html", ".js", ".wasm", ".data", ".json", ".css", ".svg", ".txt")


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".data": "application/octet-stream", ".js": "text/javascript"}
    _cache = {}  # path -> (mtime, size, gzipped bytes): each file is compressed once
    _lock = threading.Lock()

    def log_message(self, *args):
        pass

    @classmethod
    def gzipped(cls, path):
        st = os.stat(path)
        with cls._lock:
            hit = cls._cache.get(path)
            if hit and hit[0] == st.st_mtime_ns and hit[1] == st.st_size:
                return hit[2]
        with open(path, "rb") as f:
            data = gzip.compress(f.read(), 6, mtime=0)  # within 1 % of level 9's size, in a third of its time
        with cls._lock:
            cls._cache[path] = (st.st_mtime_ns, st.st_size, data)
        return data

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?")[0].split("#")[0].endswith("/"):
                return super().send_head()  # its redirect to the folder's address
            path = os.path.join(path, "index.html")
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not accepts or not path.endswith(COMPRESSED) or not os.path.isfile(path):
            return super().send_head()
        body = self.gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        return _Body(body)


class _Body:
    """The compressed bytes, as the file object send_head returns."""

    def __init__(self, data):
        self.data = data

    def read(self, *args):
        data, self.data = self.data, b""
        return data

    def close(self):
        pass


def server(folder, port=0, host="127.0.0.1"):
    """A threading server of `folder` on `port` (0: any free one), its files compressed before the
    first request, so that no page load waits for it."""
    httpd = http.server.ThreadingHTTPServer((host, port), functools.partial(Handler, directory=folder))
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith(COMPRESSED) and os.path.isfile(path):
            Handler.gzipped(path)
    return httpd


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--port", type=int, default=8000)
    a = ap.parse_args()
    httpd = server(a.folder, a.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
