"""Generates ``_rpshim/_uni.py``: CPython's Unicode case maps and character classes as range tables."""

import sys

MAX = sys.maxunicode + 1


def _ranges(pred):
    """Flat [start0, end0, start1, end1, ...] (end exclusive) of code points where ``pred`` holds."""
    out, start = [], None
    for cp in range(MAX):
        if pred(chr(cp)):
            if start is None:
                start = cp
        elif start is not None:
            out += [start, cp]
            start = None
    if start is not None:
        out += [start, MAX]
    return out


def _map_runs(fn):
    """Single-character maps as flat runs [start, end, step, delta, ...] and the multi-character ones."""
    runs, special = [], {}
    cur = None  # [start, last, step, delta]
    for cp in range(MAX):
        c = chr(cp)
        m = fn(c)
        if m == c:
            continue
        if len(m) != 1:
            special[cp] = m
            continue
        delta = ord(m) - cp
        if cur and cur[3] == delta and (cp - cur[1]) in (1, 2) and (cur[2] in (0, cp - cur[1])):
            cur[2], cur[1] = cp - cur[1], cp
            continue
        if cur:
            runs += [cur[0], cur[1] + 1, cur[2] or 1, cur[3]]
        cur = [cp, cp, 0, delta]
    if cur:
        runs += [cur[0], cur[1] + 1, cur[2] or 1, cur[3]]
    return runs, special


def _encode(values: list[int]) -> bytes:
    return b"".join((v + 0x110000).to_bytes(3, "little") for v in values)


LOOKUP = '''
_OFFSET = 0x110000
_decoded = {}


def _table(name):
    """A table as a list of ints, decoded from its 3-byte little-endian form on first use."""
    t = _decoded.get(name)
    if t is None:
        b = _DATA[name]
        t = [(b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) - _OFFSET for i in range(0, len(b), 3)]
        _decoded[name] = t
    return t


def _bisect(table, cp, width):
    lo, hi = 0, len(table) // width
    while lo < hi:
        mid = (lo + hi) // 2
        if table[mid * width] <= cp:
            lo = mid + 1
        else:
            hi = mid
    return (lo - 1) * width


def _in(name, c):
    table = _table(name)
    cp = ord(c)
    i = _bisect(table, cp, 2)
    return i >= 0 and cp < table[i + 1]


def _map(name, special, c):
    cp = ord(c)
    if cp in special:
        return special[cp]
    runs = _table(name)
    i = _bisect(runs, cp, 4)
    if i >= 0 and cp < runs[i + 1] and (cp - runs[i]) % runs[i + 2] == 0:
        return chr(cp + runs[i + 3])
    return c


def upper_char(c):
    return _map("UPPER", UPPER_SPECIAL, c)


def lower_char(c):
    return _map("LOWER", LOWER_SPECIAL, c)


def title_char(c):
    return _map("TITLE", TITLE_SPECIAL, c)


def is_space(c):
    return _in("SPACE", c)


def is_printable(c):
    return _in("PRINTABLE", c)


def is_digit(c):
    return _in("DIGIT", c)


def is_decimal(c):
    return _in("DECIMAL", c)


def is_upper(c):
    return _in("UPPER_P", c)


def is_lower(c):
    return _in("LOWER_P", c)


def is_lower_or_title(c):
    return _in("LOWER_P", c) or _in("TITLE_P", c)


def is_upper_or_title(c):
    return _in("UPPER_P", c) or _in("TITLE_P", c)
'''


def source() -> str:
    """The text of ``_uni.py`` (Unicode %s of the CPython that runs the build)."""
    parts = ['"""Unicode tables generated from CPython %s by sitebuild/micropython/unicode_tables.py."""\n'
             % sys.version.split()[0]]
    data = {}
    for name, fn in (("UPPER", str.upper), ("LOWER", str.lower), ("TITLE", str.title)):
        runs, special = _map_runs(fn)
        data[name] = _encode(runs)
        parts.append(f"{name}_SPECIAL = {special!r}\n")
    preds = (("SPACE", str.isspace), ("PRINTABLE", str.isprintable), ("DIGIT", str.isdigit), ("DECIMAL", str.isdecimal),
             ("UPPER_P", str.isupper), ("LOWER_P", str.islower), ("TITLE_P", lambda c: c.istitle() and not c.isupper()))
    for name, pred in preds:
        data[name] = _encode(_ranges(pred))
    parts.append(f"_DATA = {data!r}\n")
    return "".join(parts) + LOOKUP
