"""The static host of the benchmark: sitebuild/serve.py, counting every byte it sends.

Host profiles:

* ``gzip`` (default): sitebuild/serve.py as it is -- gzip level 6 on the fly for
  text, JSON, JavaScript and WebAssembly; ``.zip``/``.whl`` as they are; ETag and
  ``304``; ``no-cache`` for pages, ``immutable`` for ``/pyodide/<version>/``: GitHub
  Pages' model (gzip, no brotli), over HTTP/1.1 on 127.0.0.1.
* ``brotli``: the same, but a client that accepts ``br`` gets the compressible files
  brotli-compressed at quality 11 (compressed once at start, as a host serving
  precompressed ``.br`` files does); others get gzip. Needs the ``brotli`` package.

``down = True`` answers 503 to everything (the offline visits).
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from sitebuild.serve import COMPRESSIBLE, MIN_GZIP, serve

from . import SITE

HOSTS = ("gzip", "brotli")


class Counter:
    """Bytes the server sent, per request: (start time, path, bytes)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests: list[list] = []
        self.down = False

    def bytes_between(self, t0: float, t1: float) -> int:
        with self.lock:
            return sum(r[2] for r in self.requests if t0 <= r[0] <= t1)

    def paths_between(self, t0: float, t1: float) -> list[str]:
        with self.lock:
            return [r[1] for r in self.requests if t0 <= r[0] <= t1]


class _CountingWriter:
    def __init__(self, raw, record):
        self._raw, self._record = raw, record

    def write(self, data):
        self._record[2] += len(data)
        return self._raw.write(data)

    def flush(self):
        return self._raw.flush()

    def __getattr__(self, name):
        return getattr(self._raw, name)


class BrotliBodies:
    """Stands in for serve.py's body cache: ETags from it, bodies brotli-compressed."""

    def __init__(self, cache, root: Path):
        import brotli  # noqa: PLC0415 - only this profile needs it

        self._cache = cache
        self._bodies: dict[str, bytes] = {}
        started = time.monotonic()
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix.lower() in COMPRESSIBLE and path.stat().st_size >= MIN_GZIP:
                self._bodies[str(path)] = brotli.compress(path.read_bytes(), quality=11)
        print(f"[bench] brotli: {len(self._bodies)} files compressed at quality 11 "
              f"({time.monotonic() - started:.0f} s)", flush=True)

    def etag(self, path, st):
        return self._cache.etag(path, st) + "-br"

    def gzipped(self, path, st):
        body = self._bodies.get(os.path.realpath(path)) or self._bodies.get(str(path))
        if body is None:
            import brotli  # noqa: PLC0415

            body = self._bodies[str(path)] = brotli.compress(Path(path).read_bytes(), quality=11)
        return body


def start_server(port: int, counter: Counter, host: str = "gzip"):
    server = serve(SITE, "127.0.0.1", port)
    plain = server.RequestHandlerClass.cache
    brotli_bodies = BrotliBodies(plain, SITE.resolve()) if host == "brotli" else None

    class Handler(server.RequestHandlerClass):
        def handle_one_request(self):
            record = [time.monotonic(), "", 0]
            self.wfile = _CountingWriter(self._raw_wfile, record)
            self._brotli = False
            super().handle_one_request()
            if record[2]:
                record[1] = getattr(self, "path", "")
                with counter.lock:
                    counter.requests.append(record)

        def setup(self):
            super().setup()
            self._raw_wfile = self.wfile

        def _accepts_gzip(self):
            accepted = [p.split(";")[0].strip().lower() for p in self.headers.get("Accept-Encoding", "").split(",")]
            self._brotli = brotli_bodies is not None and "br" in accepted
            return self._brotli or super()._accepts_gzip()

        @property
        def cache(self):
            return brotli_bodies if self._brotli else plain

        def send_header(self, keyword, value):
            if keyword == "Content-Encoding" and self._brotli:
                value = "br"
            super().send_header(keyword, value)

        def _respond(self, head):
            if counter.down:
                self.send_error(503)
                return
            super()._respond(head)

    server.RequestHandlerClass = Handler
    threading.Thread(target=server.serve_forever, name="bench-server", daemon=True).start()
    return server
