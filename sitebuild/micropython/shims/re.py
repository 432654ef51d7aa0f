"""The few regular expressions rules_pkg compiles, each hand-written to match CPython's ``re`` exactly.

MicroPython's ``re`` lacks lookahead and possessive quantifiers, silently ignores ``{m,n}`` and knows
only ASCII classes; so every pattern is looked up here by its text, and an unknown one raises."""

try:
    from _rpshim import rt as _rt
    from _rpshim import _uni
except ImportError:
    from . import rt as _rt
    from . import _uni


class Match:
    def __init__(self, text, start, end, groups=()):
        self.string, self._start, self._end, self._groups = text, start, end, groups

    def start(self):
        return self._start

    def end(self):
        return self._end

    def group(self, n=0):
        return self.string[self._start:self._end] if n == 0 else self._groups[n - 1]


def _is_decimal(c):
    return _uni.is_decimal(c)


def _is_space(c):
    return _uni.is_space(c)


class _NegativeInText:
    r"""``(^|[\s,;(])-(?=\d)``: a hyphen before a digit, at the start or after a space, comma, ; or (."""

    def _hits(self, s):
        n = len(s)
        i = s.find("-")
        while 0 <= i < n - 1:
            if _is_decimal(s[i + 1]) and (i == 0 or _is_space(s[i - 1]) or s[i - 1] in ",;("):
                yield i
            i = s.find("-", i + 1)

    def sub(self, repl, s):
        if repl != "\\1\u2212":
            raise _rt.Unsupported("NEGATIVE_IN_TEXT.sub with another replacement")
        out, last = [], 0
        for i in self._hits(s):
            out.append(s[last:i])
            out.append("\u2212")
            last = i + 1
        out.append(s[last:])
        return "".join(out)


class _LoneSurrogate:
    """``[\\ud800-\\udfff]``; in MicroPython's UTF-8 a surrogate is the bytes ED A0..BF xx."""

    def search(self, s):
        try:
            b = s.encode()
        except UnicodeError:  # CPython (the shims' own tests): no UTF-8 for a surrogate
            return self._scan(s)
        i = b.find(b"\xed")
        while i >= 0:
            if 0xA0 <= b[i + 1] <= 0xBF:
                return self._scan(s)
            i = b.find(b"\xed", i + 1)
        return None

    def _scan(self, s):
        j = 0
        for c in s:  # iterated, not indexed: MicroPython indexes a str in O(i)
            if 0xD800 <= ord(c) <= 0xDFFF:
                return Match(s, j, j + 1)
            j += 1
        return None

    def sub(self, repl, s):
        out = []
        j = 0
        for c in s:
            out.append(repl(_CharMatch(c)) if 0xD800 <= ord(c) <= 0xDFFF else c)
            j += 1
        return "".join(out)


class _CharMatch:
    def __init__(self, c):
        self.c = c

    def group(self, n=0):
        return self.c


class _ScoreToken:
    """``^[+\\-−–]?\\d{1,16}$`` (``$`` also before a final newline)."""

    def match(self, s):
        body = s[:-1] if s.endswith("\n") else s
        i = 1 if body[:1] in ("+", "-", "\u2212", "\u2013") and body[:1] else 0
        digits = body[i:]
        if 1 <= len(digits) <= 16 and all([_is_decimal(c) for c in digits]):
            return Match(s, 0, len(body))
        return None


class _Nested:
    """The JSON nesting guard of rules_pkg.plain (possessive, no backtracking): ``match(text).end()``
    is where the regular expression stops: the outermost bracket of a group nested deeper than
    ``depth``, a stray closing bracket at the top, or the end of the text. Scanned as UTF-8 bytes
    (brackets, quotes and backslashes are ASCII, never inside a multi-byte character)."""

    def __init__(self, depth):
        self.depth = depth

    def match(self, s):
        try:
            b = s.encode()
        except UnicodeError:  # CPython (the shims' own tests) with a lone surrogate
            b = s.encode("utf-8", "surrogatepass")
        end = self._end(b)
        if end < len(b):
            end = len(_decode(b[:end]))
        else:
            end = len(s)
        return Match(s, 0, end)

    def _end(self, b):
        n, i, depth, top = len(b), 0, 0, 0
        while i < n:
            c = b[i]
            if c == 34:  # "
                i = _string_end(b, i + 1, n)
                continue
            if c == 91 or c == 123:  # [ {
                if depth == self.depth:
                    return top
                if depth == 0:
                    top = i
                depth += 1
            elif c == 93 or c == 125:  # ] }
                if depth == 0:
                    return i
                depth -= 1
            i += 1
        return n


def _decode(b):
    try:
        return b.decode()
    except UnicodeError:  # CPython with a lone surrogate
        return b.decode("utf-8", "surrogatepass")


def _string_end(b, i, n):
    """The index after the string whose opening quote is at ``i - 1`` (the end when it is left open)."""
    q = -2
    while True:
        if q != -1 and q < i:  # the next quote, searched again only once passed
            q = b.find(b'"', i)
        bs = b.find(b"\\", i, q if q >= 0 else n)
        if bs < 0:
            return n if q < 0 else q + 1
        i = bs + 2
        if i >= n:
            return n


_ATOM = r'(?:[^"\[\]{}]++|"[^"\\]*+(?:\\[\s\S][^"\\]*+)*+(?:"|\\?\Z))'
_SPLIT_SEPARATORS = r"[\s,;]+"
_TRAILING_INDEX = r"\[\d+\]$"
_KNOWN = {
    r"(^|[\s,;(])-(?=\d)": _NegativeInText,
    "[\ud800-\udfff]": _LoneSurrogate,
    r"^[+\-−–]?\d{1,16}$": _ScoreToken,
}
_nested_cache = {}


def _nested_pattern(depth):
    if depth not in _nested_cache:
        p = _ATOM + "*+"
        for _ in range(depth):
            p = "(?:" + _ATOM + "|[\\[{]" + p + "(?:[\\]}]|\\Z))*+"
        _nested_cache[depth] = p
    return _nested_cache[depth]


def compile(pattern):
    if pattern in _KNOWN:
        return _KNOWN[pattern]()
    for depth in (40, 20, 60, 30, 50, 10):
        if len(pattern) == len(_nested_pattern(depth)) and pattern == _nested_pattern(depth):
            return _Nested(depth)
    raise _rt.Unsupported("no MicroPython version of the regular expression %r" % pattern)


def sub(pattern, repl, s):
    if pattern == _TRAILING_INDEX and repl == "":
        body, nl = (s[:-1], "\n") if s.endswith("\n") else (s, "")
        if body.endswith("]"):
            k = body.rfind("[")
            digits = body[k + 1:-1]
            if k >= 0 and digits and all([_is_decimal(c) for c in digits]):
                return body[:k] + nl
        return s
    return compile(pattern).sub(repl, s)


def split(pattern, s):
    if pattern != _SPLIT_SEPARATORS:
        raise _rt.Unsupported("no MicroPython version of re.split(%r)" % pattern)
    out, word, in_sep = [], [], False
    for c in s:
        if _is_space(c) or c == "," or c == ";":
            if not in_sep:
                out.append("".join(word))
                word = []
                in_sep = True
        else:
            word.append(c)
            in_sep = False
    out.append("".join(word))
    return out
