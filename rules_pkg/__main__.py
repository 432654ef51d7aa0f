"""Command line: python -m rules_pkg '<json request>', or the request on stdin.

Prints the JSON response (rules_pkg.api.handle_json) on stdout, one line.
The request is read as UTF-8 (stdin and the argument alike, whatever the
locale); the response is written in stdout's encoding, with \\uXXXX escapes
when that encoding cannot hold it (e.g. PYTHONIOENCODING=ascii). Bytes that are
not UTF-8 get a JSON refusal naming the first bad byte. No traceback is ever
printed.

Exit status:
  0  the request was answered ("ok": true)
  1  the request was refused ("ok": false with a Russian message), including
     input that is not UTF-8 text
  2  usage: more than one argument (this help goes to stderr; -h prints it
     on stdout with status 0)
  3  the engine failed (error code "internal") or the response could not be
     written (e.g. stdout closed)
"""

from __future__ import annotations

import json
import os
import sys

from .api import MAX_TEXT, handle_json, to_json_text

EXIT_OK, EXIT_REFUSED, EXIT_USAGE, EXIT_FAILED = 0, 1, 2, 3
MAX_BYTES = 4 * MAX_TEXT + 4  # at most 4 bytes a character in UTF-8: longer input is refused unread


def _refusal(message: str) -> str:
    return to_json_text({"ok": False, "error": {"code": "input", "message": message, "field": None}})


def decode(data: bytes, where: str) -> tuple[str | None, str | None]:
    """(text, None), or (None, a refusal as JSON text)."""
    if len(data) > MAX_BYTES:
        return None, _refusal(f"Запрос слишком длинный: больше {MAX_TEXT} символов.")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        return None, _refusal(f"{where} — не текст UTF-8: недопустимый байт 0x{data[exc.start]:02x} "
                              f"в позиции {exc.start}.")


def read_request(argv: list[str]) -> tuple[str | None, str | None]:
    if argv:
        # argv was decoded with surrogateescape: os.fsencode gives back the bytes given
        return decode(os.fsencode(argv[0]), "Аргумент")
    return decode(sys.stdin.buffer.read(MAX_BYTES + 1), "Ввод")


def write(text: str) -> None:
    """One line on stdout, in its encoding, escaping what it cannot hold."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        data = (text + "\n").encode(encoding)
    except (UnicodeEncodeError, LookupError):
        data = (json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True) + "\n").encode("ascii")
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def status(out: str) -> int:
    response = json.loads(out)
    if response.get("ok"):
        return EXIT_OK
    return EXIT_FAILED if response["error"]["code"] == "internal" else EXIT_REFUSED


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write(__doc__.strip() + "\n")  # ASCII: any encoding holds it
        return EXIT_OK
    if len(argv) > 1:
        sys.stderr.write(__doc__.strip() + "\n")
        return EXIT_USAGE
    text, refusal = read_request(argv)
    out = refusal if refusal is not None else handle_json(text)
    write(out)
    return status(out)


def run() -> int:
    """main() with every failure turned into an exit status, never a traceback."""
    try:
        return main(sys.argv[1:])
    except KeyboardInterrupt:
        return 130
    except (BrokenPipeError, OSError):
        # stdout is gone: silence the flush Python attempts at exit
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return EXIT_FAILED
    except Exception as exc:  # a bug: one line, no traceback
        try:
            sys.stderr.write(f"rules_pkg: внутренняя ошибка ({type(exc).__name__})\n")
        except Exception:
            pass
        return EXIT_FAILED


if __name__ == "__main__":
    sys.exit(run())
