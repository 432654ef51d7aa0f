"""marshal.dumps/loads for JSON values, as rules_pkg keys its replay cache: equal bytes iff equal values,
bool/int/float and key order told apart. The bytes are not CPython's; a list's header is 5 bytes, as there."""

import struct

try:
    from _rpshim import rt as _rt
except ImportError:
    from . import rt as _rt


def _enc(v, out):
    t = type(v)
    if v is None:
        out.append(b"N")
    elif v is True:
        out.append(b"T")
    elif v is False:
        out.append(b"F")
    elif t is int:
        s = str(v).encode()
        out.append(b"i" + struct.pack("<I", len(s)) + s)
    elif t is float:
        s = _rt.float_repr(v).encode()
        out.append(b"g" + struct.pack("<I", len(s)) + s)
    elif t is str:
        s = v.encode()
        out.append(b"u" + struct.pack("<I", len(s)) + s)
    elif t is list or t is tuple:
        out.append((b"[" if t is list else b"(") + struct.pack("<I", len(v)))
        for x in v:
            _enc(x, out)
    elif isinstance(v, dict):
        out.append(b"{" + struct.pack("<I", len(v)))
        for k in v:
            _enc(k, out)
            _enc(v[k], out)
    else:
        raise ValueError("unmarshallable object")


def dumps(value, version=None):
    out = []
    _enc(value, out)
    return b"".join(out)


def _dec(b, i):
    tag = b[i:i + 1]
    i += 1
    if tag == b"N":
        return None, i
    if tag == b"T":
        return True, i
    if tag == b"F":
        return False, i
    n = struct.unpack("<I", b[i:i + 4])[0]
    i += 4
    if tag in (b"i", b"g", b"u"):
        s = b[i:i + n].decode()
        return (int(s) if tag == b"i" else float(s) if tag == b"g" else s), i + n
    if tag in (b"[", b"("):
        items = []
        for _ in range(n):
            x, i = _dec(b, i)
            items.append(x)
        return (items if tag == b"[" else tuple(items)), i
    if tag == b"{":
        d = _rt.od()
        for _ in range(n):
            k, i = _dec(b, i)
            d[k], i = _dec(b, i)
        return d, i
    raise ValueError("bad marshal data")


def loads(data):
    value, _ = _dec(bytes(data), 0)
    return value
