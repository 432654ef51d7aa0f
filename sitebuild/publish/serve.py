"""A small static file server for the built site (local use, browser tests, benchmarks).

    python sitebuild/publish/serve.py site [--host 127.0.0.1] [--port 8000] [--log] [--precompressed]

From tests::

    from sitebuild.publish.serve import serve_in_thread
    server = serve_in_thread("site", port=0)      # port 0: any free port
    ... server.url ...                            # "http://127.0.0.1:PORT/"
    server.shutdown(); server.server_close()

What it does, as a production static host would:

* MIME types that browsers insist on (``application/wasm`` for streaming
  compilation, ``text/javascript`` for module scripts and workers, ...);
* gzip (``Content-Encoding: gzip``, ``Vary: Accept-Encoding``) for compressible
  types when the client accepts it, compressed once and kept in memory;
* ETag (content hash) and Last-Modified on every file, ``304 Not Modified`` for
  ``If-None-Match`` / ``If-Modified-Since``;
* ``Cache-Control: no-cache`` (always revalidate) by default, and
  ``max-age=31536000, immutable`` for the Pyodide runtime under
  ``/pyodide/<version>/`` whose bytes are fixed by the version in the path.
  The lock file and the wheel there are *not* immutable: they change with every
  engine build while the path (Pyodide's version) stays the same;
* with ``--precompressed`` (``serve(..., precompressed=True)``), the ``.br`` /
  ``.gz`` copy written beside a file by ``sitebuild/publish/postbuild.py`` when the
  client accepts it (brotli first), as nginx ``brotli_static``/``gzip_static``
  or Caddy ``precompressed`` do; a file without a copy is sent as it is;
* a directory serves its ``index.html`` (``/dir`` redirects to ``/dir/``);
  unknown paths get the site's ``404.html`` with status 404;
* ``server.down = True`` switches the host off: ``503`` for every request (what a
  browser then shows is only what its service worker saved: offline tests and the
  benchmark's offline visits).
"""

from __future__ import annotations

import argparse
import email.utils
import gzip
import hashlib
import http.server
import os
import posixpath
import re
import sys
import threading
import urllib.parse
from http import HTTPStatus
from pathlib import Path

MIME = {
    ".html": "text/html; charset=utf-8",
    ".htm": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".gift": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".yaml": "text/plain; charset=utf-8",
    ".yml": "text/plain; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".xml": "application/xml",
    ".pdf": "application/pdf",
}
DEFAULT_MIME = "application/octet-stream"
COMPRESSIBLE = {
    ".html", ".htm", ".css", ".js", ".mjs", ".json", ".map", ".webmanifest", ".wasm",
    ".svg", ".txt", ".md", ".gift", ".toml", ".yaml", ".yml", ".csv", ".xml", ".ico",
    ".pack",  # the engine for MicroPython (sitebuild/micropython/site_bundle.py)
}
#: Smaller files are not worth a gzip header.
MIN_GZIP = 256
#: Content-Encoding -> suffix of the precompressed copy; the order a client gets them in.
CODING_SUFFIX = {"br": "br", "gzip": "gz"}
PRECOMPRESSED_ORDER = ("br", "gzip")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
#: /pyodide/<version>/<file>: immutable unless the file changes with each engine build;
#: /micropython/<content hash>/<file> (sitebuild/micropython/site_bundle.py): immutable.
VERSIONED = re.compile(r"^/(?:pyodide/\d+(?:\.\d+)+(?:[a-z]+\d*)?|micropython/[0-9a-f]{12})/[^/]+$")
NOT_IMMUTABLE = re.compile(r"(?:\.whl|pyodide-lock\.json)$")


def mime_type(path: str) -> str:
    return MIME.get(posixpath.splitext(path)[1].lower(), DEFAULT_MIME)


def cache_control(url_path: str) -> str:
    if VERSIONED.match(url_path) and not NOT_IMMUTABLE.search(url_path):
        return IMMUTABLE
    return REVALIDATE


class _FileCache:
    """Content ETags and gzip bodies, keyed by (path, mtime_ns, size)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._etags: dict[str, tuple[tuple[int, int], str]] = {}
        self._gzip: dict[str, tuple[tuple[int, int], bytes]] = {}

    def etag(self, path: str, st: os.stat_result) -> str:
        key = (st.st_mtime_ns, st.st_size)
        with self._lock:
            hit = self._etags.get(path)
        if hit and hit[0] == key:
            return hit[1]
        h = hashlib.sha1()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        tag = h.hexdigest()[:20]
        with self._lock:
            self._etags[path] = (key, tag)
        return tag

    def gzipped(self, path: str, st: os.stat_result) -> bytes:
        key = (st.st_mtime_ns, st.st_size)
        with self._lock:
            hit = self._gzip.get(path)
        if hit and hit[0] == key:
            return hit[1]
        with open(path, "rb") as fh:
            body = gzip.compress(fh.read(), compresslevel=6, mtime=0)
        with self._lock:
            self._gzip[path] = (key, body)
        return body


class Handler(http.server.SimpleHTTPRequestHandler):
    server_version = "rules-serve/1"
    sys_version = ""
    protocol_version = "HTTP/1.1"

    # set per server class by serve()
    root: str = "."
    log_requests: bool = False
    precompressed: bool = False
    cache: _FileCache

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=self.root, **kwargs)

    # -- logging ---------------------------------------------------------
    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib name)
        if self.log_requests:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")

    # -- serving -----------------------------------------------------------
    def do_GET(self) -> None:
        self._respond(head=False)

    def do_HEAD(self) -> None:
        self._respond(head=True)

    def _accepts_gzip(self) -> bool:
        return self._accepts("gzip")

    def _accepts(self, coding: str) -> bool:
        for part in self.headers.get("Accept-Encoding", "").split(","):
            fields = part.strip().split(";")
            if fields[0].strip().lower() in (coding, "*"):
                q = [f.strip() for f in fields[1:] if f.strip().startswith("q=")]
                try:
                    return not q or float(q[0][2:]) > 0
                except ValueError:
                    return True
        return False

    def _resolve(self, url_path: str) -> tuple[str | None, str | None]:
        """(file path, redirect location) for a URL path; (None, None) if absent."""
        fs_path = self.translate_path(self.path)  # strips query, unquotes, drops ".."
        root = os.path.realpath(self.root)
        real = os.path.realpath(fs_path)
        if real != root and not real.startswith(root + os.sep):
            return None, None
        if os.path.isdir(fs_path):
            if not url_path.endswith("/"):
                parts = urllib.parse.urlsplit(self.path)
                return None, urllib.parse.urlunsplit(("", "", parts.path + "/", parts.query, ""))
            fs_path = os.path.join(fs_path, "index.html")
        if os.path.isfile(fs_path):
            return fs_path, None
        return None, None

    def _respond(self, head: bool) -> None:
        if self.server.down:
            self.send_error(HTTPStatus.SERVICE_UNAVAILABLE)
            return
        url_path = self._url_path()
        path, location = self._resolve(url_path)
        if location is not None:
            self._send_redirect(location)
            return
        status = HTTPStatus.OK
        if path is None:
            status = HTTPStatus.NOT_FOUND
            page = os.path.join(self.root, "404.html")
            if not os.path.isfile(page):
                self._send_plain_not_found(head)
                return
            path = page
        try:
            st = os.stat(path)
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        self._send_file(path, st, status, url_path, head)

    def _url_path(self) -> str:
        """The request's path, unquoted, without the query, starting with ``/``."""
        url_path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
        if not url_path.startswith("/"):
            url_path = "/" + url_path
        return url_path

    def _send_redirect(self, location: str) -> None:
        self.send_response(HTTPStatus.MOVED_PERMANENTLY)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send_plain_not_found(self, head: bool) -> None:
        """404 for a site without a ``404.html``."""
        body = b"404 Not Found\n"
        self.send_response(HTTPStatus.NOT_FOUND)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", REVALIDATE)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _send_file(self, path: str, st: os.stat_result, status: HTTPStatus, url_path: str,
                   head: bool) -> None:
        """Send ``path`` (or its compressed form) with ``status``, or 304 if the client has it."""
        ext = posixpath.splitext(path)[1].lower()
        ctype = mime_type(path)
        coding, copy = self._precompressed_copy(path) if self.precompressed else (None, None)
        use_gzip = (not self.precompressed and ext in COMPRESSIBLE and st.st_size >= MIN_GZIP
                    and self._accepts_gzip())
        if use_gzip:
            coding = "gzip"
        etag = '"' + self.cache.etag(path, st) + (f"-{CODING_SUFFIX[coding]}" if coding else "") + '"'
        last_modified = email.utils.formatdate(st.st_mtime, usegmt=True)

        if status == HTTPStatus.OK and self._not_modified(etag, st):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self._common_headers(url_path, etag, last_modified, ext)
            self.end_headers()
            return

        body: bytes | None = None
        if use_gzip:
            body = self.cache.gzipped(path, st)
        send_path, send_size = (copy, os.stat(copy).st_size) if copy else (path, st.st_size)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body) if body is not None else send_size))
        if coding:
            self.send_header("Content-Encoding", coding)
        if status == HTTPStatus.OK:
            self._common_headers(url_path, etag, last_modified, ext)
        else:
            self.send_header("Cache-Control", REVALIDATE)
        self.end_headers()
        if not head:
            self._write_body(body, send_path)

    def _write_body(self, body: bytes | None, send_path: str) -> None:
        """Write ``body``, or the file ``send_path`` when there is none."""
        try:
            if body is not None:
                self.wfile.write(body)
            else:
                with open(send_path, "rb") as fh:
                    self.copyfile(fh, self.wfile)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _precompressed_copy(self, path: str) -> tuple[str | None, str | None]:
        """(Content-Encoding, file) of the best copy the client accepts, or (None, None)."""
        for coding in PRECOMPRESSED_ORDER:
            copy = path + "." + CODING_SUFFIX[coding]
            if self._accepts(coding) and os.path.isfile(copy):
                return coding, copy
        return None, None

    def _common_headers(self, url_path: str, etag: str, last_modified: str, ext: str) -> None:
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", last_modified)
        self.send_header("Cache-Control", cache_control(url_path))
        if ext in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("X-Content-Type-Options", "nosniff")

    def _not_modified(self, etag: str, st: os.stat_result) -> bool:
        inm = self.headers.get("If-None-Match")
        if inm is not None:
            tags = [t.strip() for t in inm.split(",")]
            bare = etag.removeprefix("W/")
            return any(t == "*" or t.removeprefix("W/") == bare for t in tags)
        ims = self.headers.get("If-Modified-Since")
        if ims:
            try:
                since = email.utils.parsedate_to_datetime(ims).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
            return int(st.st_mtime) <= since
        return False

    def handle_one_request(self) -> None:
        try:
            super().handle_one_request()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    #: True: the host is switched off, every request gets 503.
    down = False

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def handle_error(self, request, client_address) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def serve(root: str | os.PathLike = "site", host: str = "127.0.0.1", port: int = 8000,
          log: bool = False, precompressed: bool = False) -> Server:
    """A bound, not yet running server for ``root``; call ``serve_forever()`` on it."""
    root = str(Path(root).resolve())
    if not os.path.isdir(root):
        raise FileNotFoundError(f"no such directory: {root}")
    handler = type("BoundHandler", (Handler,), {
        "root": root, "log_requests": log, "cache": _FileCache(), "precompressed": precompressed,
    })
    return Server((host, port), handler)


def serve_in_thread(root: str | os.PathLike = "site", host: str = "127.0.0.1", port: int = 0,
                    log: bool = False, precompressed: bool = False) -> Server:
    """Start ``serve(...)`` in a daemon thread; stop with ``shutdown()`` + ``server_close()``."""
    server = serve(root, host, port, log, precompressed)
    thread = threading.Thread(target=server.serve_forever, name="rules-serve", daemon=True)
    thread.start()
    server.thread = thread  # type: ignore[attr-defined]
    return server


def instant_navigation_hint(root: str | os.PathLike, url: str) -> str | None:
    """A Russian note when the site's sitemap names another address than ``url``:
    mkdocs-material's instant navigation then stays off (docs/publish.md)."""
    try:
        text = (Path(root) / "sitemap.xml").read_text(encoding="utf-8")
    except OSError:
        return None
    m = re.search(r"<loc>\s*([^<\s]+)\s*</loc>", text)
    built_for = m.group(1) if m else None
    if built_for is not None:
        wanted, served = urllib.parse.urlsplit(built_for), urllib.parse.urlsplit(url)
        same_host = wanted.hostname in (served.hostname, "localhost", "127.0.0.1") and wanted.port == served.port
        if same_host and wanted.path.startswith(served.path):
            return None
    where = f"для адреса {built_for}" if built_for else "без адреса (RULES_SITE_URL)"
    return (f"Сайт собран {where}, поэтому переходы между страницами — обычные, с перезапуском "
            f"движка правил. Для мгновенных: RULES_SITE_URL={url} bash scripts/build.sh "
            "(bash scripts/serve.sh делает это сам).")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve a built site directory.")
    parser.add_argument("root", nargs="?", default="site", help="directory to serve (default: site)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--log", action="store_true", help="log every request to stderr")
    parser.add_argument("--precompressed", action="store_true",
                        help="send the .br/.gz copies beside the files (as a brotli_static host), "
                             "no compression on the fly")
    args = parser.parse_args(argv)
    try:
        server = serve(args.root, args.host, args.port, args.log, args.precompressed)
    except (FileNotFoundError, OSError) as exc:
        print(f"serve: {exc}", file=sys.stderr)
        return 1
    print(f"Serving {args.root} at {server.url} (Ctrl+C to stop)", flush=True)
    hint = instant_navigation_hint(args.root, server.url)
    if hint:
        print(hint, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
