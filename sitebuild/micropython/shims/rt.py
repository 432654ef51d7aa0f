"""Run-time helpers the transformed rules_pkg calls where MicroPython differs from CPython."""

from collections import OrderedDict as _OD

try:
    from _rpshim import _uni
except ImportError:  # run from the source tree under CPython (shim self-tests)
    from . import _uni

SPREAD = object()
RecursionError = RuntimeError  # MicroPython raises RuntimeError when its stack runs out


class Unsupported(Exception):
    """A case the MicroPython copy does not reproduce: fails loudly instead of answering differently."""


def ior(a, b):
    """``a |= b``: dicts updated in place, in order."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in b:
            a[k] = b[k]
        return a
    a |= b
    return a


def fmt(value, spec):
    """``format(value, spec)`` (MicroPython rounds floats differently: refused)."""
    if type(value) is float:
        raise Unsupported("a float format spec")
    return ("{:" + spec + "}").format(value)  # marks a ``**mapping`` item in :func:`dbuild`


def od(pairs=()):
    """An insertion-ordered dict from key/value pairs (MicroPython's plain dict is not ordered)."""
    out = _OD()
    for k, v in pairs:
        out[k] = v
    return out


def dbuild(*items):
    """A dict display with ``**`` items: ``(SPREAD, mapping)`` or ``(key, value)``, in order."""
    out = _OD()
    for k, v in items:
        if k is SPREAD:
            for kk in v:
                out[kk] = v[kk]
        else:
            out[k] = v
    return out


def dict_(*args, **kwargs):
    """``dict(...)`` with insertion order; keywords come in the order of the call (see transform)."""
    out = _OD()
    if args:
        src = args[0]
        if hasattr(src, "keys"):
            for k in src.keys():
                out[k] = src[k]
        else:
            for k, v in src:
                out[k] = v
    for k in kwargs:
        out[k] = kwargs[k]
    return out


def bor(a, b):
    """``a | b``: an ordered merge for dicts, the operator otherwise."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = od(a.items())
        for k in b:
            out[k] = b[k]
        return out
    return a | b


def eq(a, b):
    """CPython's ``==``: dicts equal whatever their order (MicroPython compares OrderedDicts in order)."""
    if isinstance(a, dict):
        if not isinstance(b, dict) or len(a) != len(b):
            return False
        for k in a:
            if k not in b or not eq(a[k], b[k]):
                return False
        return True
    ta = type(a)
    if (ta is list or ta is tuple) and type(b) is ta:
        if len(a) != len(b):
            return False
        for i in range(len(a)):
            if not eq(a[i], b[i]):
                return False
        return True
    return a == b


def ne(a, b):
    return not eq(a, b)


def contains(item, container):
    """``item in container`` with :func:`eq` for lists and tuples of dicts."""
    if isinstance(item, (dict, list, tuple)) and type(container) in (list, tuple):
        for x in container:
            if eq(item, x):
                return True
        return False
    return item in container


def isinst(obj, types):
    """``isinstance`` that, as CPython, counts a bool as an int."""
    if isinstance(obj, types):
        return True
    if type(obj) is bool:
        if types is int:
            return True
        if type(types) is tuple and int in types:
            return True
    return False


def _decorated(items, key, reverse):
    n = len(items)
    if key is None:
        dec = [(items[i], -i if reverse else i, items[i]) for i in range(n)]
    else:
        dec = [(key(items[i]), -i if reverse else i, items[i]) for i in range(n)]
    dec.sort(key=lambda t: (t[0], t[1]), reverse=reverse)
    return [t[2] for t in dec]


def sorted_(iterable, key=None, reverse=False):
    """A stable ``sorted`` (MicroPython's sort is not stable)."""
    return _decorated(list(iterable), key, reverse)


def sort(lst, key=None, reverse=False):
    """A stable ``list.sort``, in place."""
    lst[:] = _decorated(lst, key, reverse)


def bit_length(n):
    n = -n if n < 0 else n
    k = 0
    while n >= 0x100000000:
        n >>= 32
        k += 32
    while n:
        n >>= 1
        k += 1
    return k


def _is_ascii(s):
    return len(s.encode()) == len(s)


def upper(s):
    if _is_ascii(s):
        return s.upper()
    return "".join([_uni.upper_char(c) for c in s])


def lower(s):
    if _is_ascii(s):
        return s.lower()
    return "".join([_uni.lower_char(c) for c in s])


def capitalize(s):
    if not s:
        return s
    return _uni.title_char(s[0]) + lower(s[1:])


def _all_cased(s, other_case, this_case):
    """CPython's str.isupper/islower: no letter of the other case, at least one of this one."""
    cased = False
    for c in s:
        if other_case(c):
            return False
        if this_case(c):
            cased = True
    return cased


def isupper(s):
    return _all_cased(s, _uni.is_lower_or_title, _uni.is_upper)


def islower(s):
    return _all_cased(s, _uni.is_upper_or_title, _uni.is_lower)


def _every_char(s, test):
    for c in s:
        if not test(c):
            return False
    return True


def isspace(s):
    return bool(s) and _every_char(s, _uni.is_space)


def isprintable(s):
    return _every_char(s, _uni.is_printable)


def isdigit(s):
    return bool(s) and _every_char(s, _uni.is_digit)


def _strip(s, left, right):
    """Unicode whitespace off the ends: MicroPython's own strip knows ASCII whitespace only."""
    while True:
        t = s.lstrip() if left else s
        t = t.rstrip() if right else t
        if left and t and _uni.is_space(t[0]):
            t = t[1:]
        elif right and t and _uni.is_space(t[-1]):
            t = t[:-1]
        elif len(t) == len(s):
            return t
        s = t


def strip(s, chars=None):
    return s.strip(chars) if chars is not None else _strip(s, True, True)


def lstrip(s, chars=None):
    return s.lstrip(chars) if chars is not None else _strip(s, True, False)


def rstrip(s, chars=None):
    return s.rstrip(chars) if chars is not None else _strip(s, False, True)


def split(s, sep=None, maxsplit=-1):
    """``str.split``; with no separator, on runs of Unicode whitespace as CPython does."""
    if sep is not None:
        return s.split(sep, maxsplit)
    if maxsplit != -1:
        raise Unsupported("split(None, maxsplit)")
    out, word = [], []
    for c in s:  # iterated, not indexed: MicroPython indexes a str in O(i)
        if _uni.is_space(c):
            if word:
                out.append("".join(word))
                word = []
        else:
            word.append(c)
    if word:
        out.append("".join(word))
    return out


def _float_parts(x):
    """(m, e) with x == m * 2**e exactly (x > 0, finite); MicroPython's float formatting is not
    correctly rounded at 17 digits, so the digits are found with integers."""
    import struct
    bits = struct.unpack("<Q", struct.pack("<d", x))[0]
    exp, frac = (bits >> 52) & 0x7FF, bits & ((1 << 52) - 1)
    if exp == 0:
        return frac, -1074, False
    return frac | (1 << 52), exp - 1075, frac == 0 and exp > 1


def _scaled_cmp(d, k, num, s):
    """Compare d * 10**k with num * 2**s (all integers): -1, 0 or 1."""
    left, right = d, num
    if k >= 0:
        left *= 10 ** k
    else:
        right *= 10 ** -k
    if s >= 0:
        right <<= s
    else:
        left <<= -s
    return (left > right) - (left < right)


def _at_least(num, den, E):
    """num / den >= 10**E."""
    return num >= den * 10 ** E if E >= 0 else num * 10 ** -E >= den


def _round_digits(m, e, p):
    """(D, k): the p-digit D with D * 10**k nearest to m * 2**e (ties to even)."""
    num, den = (m << e, 1) if e >= 0 else (m, 1 << -e)
    E = len(str(num // den)) - 1 if num >= den else -len(str(den // num))
    while not _at_least(num, den, E):
        E -= 1
    while _at_least(num, den, E + 1):
        E += 1
    shift = p - 1 - E
    n, d = (num * 10 ** shift, den) if shift >= 0 else (num, den * 10 ** -shift)
    q, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and q % 2):
        q += 1
    return q, -shift


def _distance(c, k, num, s):
    """|c * 10**k - num * 2**s|, scaled by a factor that depends on k and s only."""
    left = c * 10 ** k if k >= 0 else c
    right = num if k >= 0 else num * 10 ** -k
    if s >= 0:
        right <<= s
    else:
        left <<= -s
    return abs(left - right)


def _inside(c, k, m, e, narrow):
    """Whether c * 10**k reads back as the double m * 2**e (round half to even)."""
    lo, hi, s = 4 * m - (1 if narrow else 2), 4 * m + 2, e - 2
    c_lo, c_hi = _scaled_cmp(c, k, lo, s), _scaled_cmp(c, k, hi, s)
    even = m % 2 == 0
    return (c_lo > 0 or (c_lo == 0 and even)) and (c_hi < 0 or (c_hi == 0 and even))


def _shortest(x):
    """(digits, decimal exponent of the first digit) of CPython's repr of x > 0: the fewest digits
    that read back as x, the nearest such (David Gay's mode 0, as CPython's float_repr)."""
    m, e, narrow = _float_parts(x)
    for p in range(1, 18):
        d, k = _round_digits(m, e, p)
        found = [c for c in (d, d - 1, d + 1) if c > 0 and _inside(c, k, m, e, narrow)]
        if found:
            best = min(found, key=lambda c: (_distance(c, k, 4 * m, e - 2), c % 2))
            break
    digits = str(best).rstrip("0") or "0"
    return digits, k + len(str(best)) - 1


def float_repr(x):
    """CPython's shortest round-tripping ``repr`` of a float."""
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    if x == 0:
        return "-0.0" if str(x).startswith("-") else "0.0"
    sign = "-" if x < 0 else ""
    digits, exp = _shortest(-x if x < 0 else x)
    if -4 <= exp < 16:
        if exp >= 0:
            if len(digits) <= exp + 1:
                return sign + digits + "0" * (exp + 1 - len(digits)) + ".0"
            return sign + digits[:exp + 1] + "." + digits[exp + 1:]
        return sign + "0." + "0" * (-exp - 1) + digits
    m = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return "%s%se%s%02d" % (sign, m, "-" if exp < 0 else "+", abs(exp))


def _char_repr(c, quote):
    if c == quote or c == "\\":
        return "\\" + c
    if c == "\n":
        return "\\n"
    if c == "\r":
        return "\\r"
    if c == "\t":
        return "\\t"
    if _uni.is_printable(c):
        return c
    o = ord(c)
    if o < 0x100:
        return "\\x%02x" % o
    if o < 0x10000:
        return "\\u%04x" % o
    return "\\U%08x" % o


def str_repr(s):
    quote = '"' if ("'" in s and '"' not in s) else "'"
    return quote + "".join([_char_repr(c, quote) for c in s]) + quote


def repr_(obj):
    """CPython's ``repr`` for str and float (MicroPython escapes non-ASCII, rounds floats differently)."""
    t = type(obj)
    if t is str:
        return str_repr(obj)
    if t is float:
        return float_repr(obj)
    if t is list:
        return "[" + ", ".join([repr_(x) for x in obj]) + "]"
    if t is tuple:
        inner = ", ".join([repr_(x) for x in obj])
        return "(" + inner + ("," if len(obj) == 1 else "") + ")"
    if isinstance(obj, dict):
        return "{" + ", ".join([repr_(k) + ": " + repr_(obj[k]) for k in obj]) + "}"
    return repr(obj)


def str_(obj=""):
    """``str``: a float as CPython writes it."""
    if type(obj) is float:
        return float_repr(obj)
    if type(obj) in (list, tuple) or isinstance(obj, dict):
        return repr_(obj)
    return str(obj)


def step_slice(seq, start, stop, step):
    """``seq[start:stop:step]`` (MicroPython slices tuples and strings only with step 1)."""
    t = type(seq)
    if t is list:
        return seq[start:stop:step]
    items = list(seq)[start:stop:step]
    if t is str:
        return "".join(items)
    if t is tuple:
        return tuple(items)
    raise Unsupported("a stepped slice of " + t.__name__)


def fromkeys(keys, value=None):
    """``dict.fromkeys``, insertion-ordered."""
    out = _OD()
    for k in keys:
        out[k] = value
    return out
