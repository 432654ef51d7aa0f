"""sitebuild/publish/serve.py serves the Pyodide runtime the way browsers need it.

MIME types (application/wasm for streaming compilation, text/javascript for
module workers), gzip, ETag/304, and cache headers: immutable for the runtime
under /pyodide/<version>/, revalidated for HTML, the lock file and the wheel.
"""

from __future__ import annotations

import gzip
import http.client
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitebuild.publish.serve import serve_in_thread  # noqa: E402

WASM = b"\0asm\1\0\0\0" + bytes(range(256)) * 64
HTML = ("<!doctype html><title>т</title>" + "<p>Правила</p>" * 100).encode()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    v = root / "pyodide" / "314.0.7"
    v.mkdir(parents=True)
    (v / "pyodide.asm.wasm").write_bytes(WASM)
    (v / "pyodide.mjs").write_text("export const x = 1;\n" * 50)
    (v / "python_stdlib.zip").write_bytes(b"PK\5\6" + bytes(18) + bytes(1000))
    (v / "pyodide-lock.json").write_text('{"packages": {}}' + " " * 500)
    (v / "rules_pkg-0.1.0-py3-none-any.whl").write_bytes(b"PK" + bytes(1000))
    (root / "index.html").write_bytes(HTML)
    (root / "404.html").write_text("<!doctype html><p>Нет такой страницы</p>")
    (root / "games").mkdir()
    (root / "games" / "index.html").write_bytes(HTML)
    (root / "manifest.webmanifest").write_text('{"name": "x"}')
    (root / "logo.png").write_bytes(b"\x89PNG" + bytes(2000))
    srv = serve_in_thread(root, port=0)
    yield srv
    srv.shutdown()
    srv.server_close()


def get(server, path, headers=None, method="GET"):
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request(method, path, headers=headers or {})
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    return resp, body


def test_wasm_gzip_and_immutable(server):
    resp, body = get(server, "/pyodide/314.0.7/pyodide.asm.wasm", {"Accept-Encoding": "gzip, br"})
    assert resp.status == 200
    assert resp.headers["Content-Type"] == "application/wasm"
    assert resp.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in resp.headers["Vary"]
    assert resp.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert gzip.decompress(body) == WASM
    assert int(resp.headers["Content-Length"]) == len(body)


def test_plain_when_gzip_not_accepted(server):
    resp, body = get(server, "/pyodide/314.0.7/pyodide.asm.wasm")
    assert resp.headers.get("Content-Encoding") is None
    assert body == WASM


def test_module_script_type(server):
    resp, _ = get(server, "/pyodide/314.0.7/pyodide.mjs", {"Accept-Encoding": "gzip"})
    assert resp.headers["Content-Type"].startswith("text/javascript")
    assert resp.headers["Content-Encoding"] == "gzip"


def test_zip_is_not_recompressed(server):
    resp, _ = get(server, "/pyodide/314.0.7/python_stdlib.zip", {"Accept-Encoding": "gzip"})
    assert resp.headers["Content-Type"] == "application/zip"
    assert resp.headers.get("Content-Encoding") is None


@pytest.mark.parametrize("name", ["pyodide-lock.json", "rules_pkg-0.1.0-py3-none-any.whl"])
def test_lock_and_wheel_are_revalidated(server, name):
    # their bytes change with each engine build while the path keeps Pyodide's version
    resp, _ = get(server, f"/pyodide/314.0.7/{name}")
    assert resp.status == 200
    assert resp.headers["Cache-Control"] == "no-cache"
    assert resp.headers["ETag"]


def test_html_etag_304(server):
    resp, body = get(server, "/", {"Accept-Encoding": "gzip"})
    assert resp.status == 200
    assert resp.headers["Content-Type"] == "text/html; charset=utf-8"
    assert resp.headers["Cache-Control"] == "no-cache"
    assert gzip.decompress(body) == HTML
    etag, modified = resp.headers["ETag"], resp.headers["Last-Modified"]
    resp, body = get(server, "/index.html", {"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert resp.status == 304 and body == b""
    resp, body = get(server, "/index.html", {"If-Modified-Since": modified})
    assert resp.status == 304
    resp, body = get(server, "/index.html", {"If-None-Match": '"other"'})
    assert resp.status == 200 and body == HTML


def test_directory_index_and_redirect(server):
    resp, body = get(server, "/games/")
    assert resp.status == 200 and body == HTML
    resp, _ = get(server, "/games?x=1")
    assert resp.status == 301 and resp.headers["Location"] == "/games/?x=1"


def test_404_page(server):
    resp, body = get(server, "/no/such/page/")
    assert resp.status == 404
    assert "Нет такой страницы" in body.decode()
    resp, _ = get(server, "/../../../etc/passwd")
    assert resp.status == 404


def test_other_types(server):
    resp, _ = get(server, "/manifest.webmanifest")
    assert resp.headers["Content-Type"] == "application/manifest+json"
    resp, _ = get(server, "/logo.png", {"Accept-Encoding": "gzip"})
    assert resp.headers["Content-Type"] == "image/png"
    assert resp.headers.get("Content-Encoding") is None


def test_head(server):
    resp, body = get(server, "/pyodide/314.0.7/pyodide.asm.wasm", method="HEAD")
    assert resp.status == 200 and body == b""
    assert int(resp.headers["Content-Length"]) == len(WASM)


def test_down_switch_answers_503_to_everything_and_back(server):
    """``server.down``: the host switched off (offline tests, the bench's offline visits)."""
    server.down = True
    try:
        for path, method in (("/", "GET"), ("/pyodide/314.0.7/pyodide.asm.wasm", "GET"), ("/games/", "HEAD")):
            resp, _ = get(server, path, method=method)
            assert resp.status == 503, (path, method)
    finally:
        server.down = False
    resp, body = get(server, "/")
    assert resp.status == 200 and body == HTML
