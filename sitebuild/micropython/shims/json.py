"""CPython's json.dumps/json.loads as rules_pkg calls them: same text out, same errors, ordered objects."""

from collections import OrderedDict as _OD

try:
    from _rpshim import rt as _rt
except ImportError:
    from . import rt as _rt


class JSONDecodeError(ValueError):
    """As CPython's: ``msg``, ``doc``, ``pos``, ``lineno``, ``colno``."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        super().__init__("%s: line %d column %d (char %d)" % (msg, lineno, colno, pos))
        self.msg, self.doc, self.pos, self.lineno, self.colno = msg, doc, pos, lineno, colno


# ------------------------------------------------------------------ encoder

_ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _plain(s, ensure_ascii):
    """Whether ``s`` needs no escape (checked on its bytes, in C)."""
    if not s:
        return True
    try:
        b = s.encode()
    except UnicodeError:
        return False
    if min(b) < 0x20 or b.find(b'"') >= 0 or b.find(b"\\") >= 0:
        return False
    return not ensure_ascii or max(b) < 0x7F


def _str(s, ensure_ascii):
    if _plain(s, ensure_ascii):
        return '"' + s + '"'
    out = ['"']
    for c in s:
        e = _ESC.get(c)
        if e is not None:
            out.append(e)
            continue
        o = ord(c)
        if o < 0x20 or (ensure_ascii and o > 0x7E):
            if o > 0xFFFF:
                o -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 | (o >> 10), 0xDC00 | (o & 0x3FF)))
            else:
                out.append("\\u%04x" % o)
        else:
            out.append(c)
    out.append('"')
    return "".join(out)


def _float(x, allow_nan):
    if x != x or x in (float("inf"), float("-inf")):
        if not allow_nan:
            raise ValueError("Out of range float values are not JSON compliant")
        return "NaN" if x != x else ("Infinity" if x > 0 else "-Infinity")
    return _rt.float_repr(x)


def _key(k, o):
    if type(k) is str:
        return k
    if type(k) is float:
        return _float(k, o["allow_nan"])
    if k is True:
        return "true"
    if k is False:
        return "false"
    if k is None:
        return "null"
    if type(k) is int:
        return str(k)
    raise TypeError("keys must be str, int, float, bool or None, not %s" % type(k).__name__)


def _enc(v, o, out, depth):
    if depth > 900:
        raise RecursionError("maximum recursion depth exceeded while encoding a JSON object")
    t = type(v)
    if t is str:
        out.append(_str(v, o["ensure_ascii"]))
    elif v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif t is int:
        out.append(str(v))
    elif t is float:
        out.append(_float(v, o["allow_nan"]))
    elif t is list or t is tuple:
        if not v:
            out.append("[]")
            return
        out.append("[")
        for i in range(len(v)):
            if i:
                out.append(o["item"])
            _enc(v[i], o, out, depth + 1)
        out.append("]")
    elif isinstance(v, dict):
        _enc_dict(v, o, out, depth)
    else:
        raise TypeError("Object of type %s is not JSON serializable" % t.__name__)


def _enc_dict(v, o, out, depth):
    if not v:
        out.append("{}")
        return
    keys = list(v.keys())
    if o["sort_keys"]:
        keys = _rt.sorted_(keys)
    out.append("{")
    first = True
    for k in keys:
        if not first:
            out.append(o["item"])
        first = False
        out.append(_str(_key(k, o), o["ensure_ascii"]))
        out.append(o["key"])
        _enc(v[k], o, out, depth + 1)
    out.append("}")


RecursionError = RuntimeError


def dumps(obj, ensure_ascii=True, allow_nan=True, sort_keys=False, separators=None, indent=None):
    """``json.dumps`` for the arguments rules_pkg passes (no indent)."""
    if indent is not None:
        raise NotImplementedError("indent")
    item, key = separators if separators is not None else (", ", ": ")
    o = {"ensure_ascii": ensure_ascii, "allow_nan": allow_nan, "sort_keys": sort_keys, "item": item, "key": key}
    out = []
    _enc(obj, o, out, 0)
    return "".join(out)


# ------------------------------------------------------------------ decoder
# The text is read as UTF-8 bytes: MicroPython indexes a str by walking it (each s[i] costs O(i)),
# bytes in O(1). Positions are byte offsets inside, character offsets in the errors, as CPython's.

_WS = b" \t\n\r"
_BACK = {34: '"', 92: "\\", 47: "/", 98: "\b", 102: "\f", 110: "\n", 114: "\r", 116: "\t"}


class _Stop(Exception):
    def __init__(self, pos):
        super().__init__()
        self.pos = pos


class _Doc:
    """The text, its bytes and how to decode a slice of them."""

    def __init__(self, s):
        self.s = s
        try:
            self.b, self.errors = s.encode(), "strict"
        except UnicodeError:  # CPython (the shims' own tests) with a lone surrogate
            self.b, self.errors = s.encode("utf-8", "surrogatepass"), "surrogatepass"

    def text(self, i, j):
        return self.b[i:j].decode("utf-8", self.errors) if self.errors != "strict" else self.b[i:j].decode()

    def error(self, msg, pos):
        return JSONDecodeError(msg, self.s, len(self.text(0, pos)))


def _ws(b, i):
    n = len(b)
    while i < n and b[i] in (32, 9, 10, 13):
        i += 1
    return i


def _is_digit(c):
    return 48 <= c <= 57


def _hex4(doc, i, err_at):
    b = doc.b
    v = 0
    for k in range(i, i + 4):
        c = b[k] if k < len(b) else -1
        if 48 <= c <= 57:
            v = v * 16 + c - 48
        elif 97 <= c <= 102:
            v = v * 16 + c - 87
        elif 65 <= c <= 70:
            v = v * 16 + c - 55
        else:
            raise doc.error("Invalid \\uXXXX escape", err_at)
    return v


def _escape(doc, i, begin, chunks):
    """The escape whose backslash is at ``i``; returns the index after it."""
    b = doc.b
    n = len(b)
    if i + 1 >= n:
        raise doc.error("Unterminated string starting at", begin)
    c = b[i + 1]
    if c != 117:  # not "u"
        if c not in _BACK:
            raise doc.error("Invalid \\escape", i)
        chunks.append(_BACK[c])
        return i + 2
    if i + 6 >= n:
        raise doc.error("Invalid \\uXXXX escape", i + 1)
    u = _hex4(doc, i + 2, i + 1)
    end = i + 6
    if 0xD800 <= u <= 0xDBFF and end + 6 < n and b[end] == 92 and b[end + 1] == 117:
        u2 = _hex4(doc, end + 2, end + 1)
        if 0xDC00 <= u2 <= 0xDFFF:
            u = 0x10000 + (((u - 0xD800) << 10) | (u2 - 0xDC00))
            end += 6
    chunks.append(chr(u))
    return end


def _string(doc, i):
    """The string whose opening quote is at ``i - 1``; (value, index after the closing quote)."""
    b = doc.b
    begin = i - 1
    n = len(b)
    chunks = []
    q = -2
    while True:
        if q != -1 and q < i:  # the next quote, searched again only once passed (escapes are many)
            q = b.find(b'"', i)
        bs = b.find(b"\\", i, q if q >= 0 else n)
        stop = bs if bs >= 0 else q
        if stop < 0:
            stop = n
        if stop > i and min(b[i:stop]) < 0x20:
            j = i
            while b[j] >= 0x20:
                j += 1
            raise doc.error("Invalid control character at", j)
        if q < 0 and bs < 0:
            raise doc.error("Unterminated string starting at", begin)
        chunks.append(doc.text(i, stop))
        if stop == q:
            return "".join(chunks), q + 1
        i = _escape(doc, bs, begin, chunks)


def _number(doc, i):
    b = doc.b
    n = len(b)
    start = i
    if i < n and b[i] == 45:  # "-"
        i += 1
    if i < n and 49 <= b[i] <= 57:
        i += 1
        while i < n and _is_digit(b[i]):
            i += 1
    elif i < n and b[i] == 48:
        i += 1
    else:
        raise _Stop(start)
    is_float = False
    if i + 1 < n and b[i] == 46 and _is_digit(b[i + 1]):
        is_float = True
        i += 2
        while i < n and _is_digit(b[i]):
            i += 1
    if i < n and b[i] in (101, 69):  # e E
        e = i
        i += 1
        if i < n and b[i] in (43, 45):
            i += 1
        d = i
        while i < n and _is_digit(b[i]):
            i += 1
        if i > d:
            is_float = True
        else:
            i = e
    text = doc.text(start, i)
    if is_float:
        return float(text), i
    digits = len(text) - (1 if text[0] == "-" else 0)
    if digits > 4300:
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion: value has %d digits;"
                         " use sys.set_int_max_str_digits() to increase the limit" % digits)
    return int(text), i


_WORDS = ((110, b"null", None), (116, b"true", True), (102, b"false", False))
_CONSTANTS = ((78, b"NaN", "NaN"), (73, b"Infinity", "Infinity"), (45, b"-Infinity", "-Infinity"))


def _value(doc, i, pc):
    b = doc.b
    if i >= len(b):
        raise _Stop(i)
    c = b[i]
    if c == 34:
        return _string(doc, i + 1)
    if c == 123:
        return _object(doc, i + 1, pc)
    if c == 91:
        return _array(doc, i + 1, pc)
    for first, word, val in _WORDS:
        if c == first and b[i:i + len(word)] == word:
            return val, i + len(word)
    for first, word, name in _CONSTANTS:
        if c == first and b[i:i + len(word)] == word:
            return pc(name), i + len(word)
    return _number(doc, i)


def _member(doc, i, pc):
    """One ``"key": value`` of an object at ``i``; (key, value, index after it)."""
    b = doc.b
    n = len(b)
    if i >= n or b[i] != 34:
        raise doc.error("Expecting property name enclosed in double quotes", i)
    key, i = _string(doc, i + 1)
    i = _ws(b, i)
    if i >= n or b[i] != 58:
        raise doc.error("Expecting ':' delimiter", i)
    i = _ws(b, i + 1)
    try:
        val, i = _value(doc, i, pc)
    except _Stop as stop:
        raise doc.error("Expecting value", stop.pos)
    return key, val, i


def _object(doc, i, pc):
    b = doc.b
    n = len(b)
    out = _OD()
    i = _ws(b, i)
    if i < n and b[i] == 125:
        return out, i + 1
    while True:
        key, val, i = _member(doc, i, pc)
        out[key] = val
        i = _ws(b, i)
        if i < n and b[i] == 125:
            return out, i + 1
        if i >= n or b[i] != 44:
            raise doc.error("Expecting ',' delimiter", i)
        i = _ws(b, i + 1)


def _array(doc, i, pc):
    b = doc.b
    n = len(b)
    out = []
    i = _ws(b, i)
    if i < n and b[i] == 93:
        return out, i + 1
    while True:
        try:
            val, i = _value(doc, i, pc)
        except _Stop as stop:
            raise doc.error("Expecting value", stop.pos)
        out.append(val)
        i = _ws(b, i)
        if i < n and b[i] == 93:
            return out, i + 1
        if i >= n or b[i] != 44:
            raise doc.error("Expecting ',' delimiter", i)
        i = _ws(b, i + 1)


def _constant(name):
    return {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}[name]


def loads(s, parse_constant=None):
    """``json.loads`` of a str (objects as insertion-ordered dicts)."""
    if not isinstance(s, str):
        raise TypeError("the JSON object must be str, bytes or bytearray, not %s" % type(s).__name__)
    if s.startswith("\ufeff"):
        raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    doc = _Doc(s)
    i = _ws(doc.b, 0)
    try:
        val, end = _value(doc, i, parse_constant or _constant)
    except _Stop as stop:
        raise doc.error("Expecting value", stop.pos)
    end = _ws(doc.b, end)
    if end != len(doc.b):
        raise doc.error("Extra data", end)
    return val
