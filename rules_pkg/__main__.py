"""Command line: ``python -m rules_pkg '<json request>'`` or the request on stdin.

Prints the JSON response on stdout; exit status 0 when ``ok`` is true, 1 when
the request was refused (the Russian message is in the response), 2 on usage.
"""

import json
import sys

from .api import handle_json


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and argv[0] in ("-h", "--help")):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    text = argv[0] if argv else sys.stdin.read()
    out = handle_json(text)
    sys.stdout.write(out + "\n")
    return 0 if json.loads(out).get("ok") else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
