"""The static host of the benchmark: sitebuild/publish/serve.py, counting every byte it sends.

Host profiles:

* ``gzip`` (default): sitebuild/publish/serve.py as it is -- gzip level 6 on the fly for
  text, JSON, JavaScript and WebAssembly; ``.zip``/``.whl`` as they are; ETag and
  ``304``; ``no-cache`` for pages, ``immutable`` for ``/pyodide/<version>/``: GitHub
  Pages' model (gzip, no brotli), over HTTP/1.1 on 127.0.0.1.
* ``brotli``: a host serving the build's precompressed copies (nginx
  ``brotli_static``/``gzip_static``, Caddy ``precompressed``): sitebuild/publish/serve.py with
  ``precompressed=True`` sends the ``.br`` copy (quality 11, written by
  sitebuild/publish/postbuild.py) to a client that accepts ``br``, else the ``.gz`` copy.

``counter.down = True`` answers 503 to everything (the offline visits): sitebuild/publish/serve.py's
own switch (``Server.down``).
"""

from __future__ import annotations

import threading
import time

from sitebuild.publish.serve import serve

from . import SITE

HOSTS = ("gzip", "brotli")


class Counter:
    """Bytes the server sent, per request: (time its request line arrived, path, bytes)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests: list[list] = []
        self.server = None  # start_server's

    @property
    def down(self) -> bool:
        return bool(self.server and self.server.down)

    @down.setter
    def down(self, value: bool) -> None:
        self.server.down = value

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


def start_server(port: int, counter: Counter, host: str = "gzip"):
    server = serve(SITE, "127.0.0.1", port, precompressed=host == "brotli")

    class Handler(server.RequestHandlerClass):
        def handle_one_request(self):
            record = [time.monotonic(), "", 0]
            self._record = record
            self.wfile = _CountingWriter(self._raw_wfile, record)
            super().handle_one_request()
            if record[2]:
                record[1] = getattr(self, "path", "")
                with counter.lock:
                    counter.requests.append(record)

        def parse_request(self):
            # The request's time is when its line arrived: on a kept-alive
            # connection handle_one_request starts waiting for it as soon as the
            # request before it is answered, maybe seconds earlier.
            self._record[0] = time.monotonic()
            return super().parse_request()

        def setup(self):
            super().setup()
            self._raw_wfile = self.wfile

    server.RequestHandlerClass = Handler
    counter.server = server
    threading.Thread(target=server.serve_forever, name="bench-server", daemon=True).start()
    return server
