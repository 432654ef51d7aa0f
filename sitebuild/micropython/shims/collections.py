"""collections.OrderedDict with move_to_end and popitem(last=...), which MicroPython's lacks."""

from collections import OrderedDict as _OD


class OrderedDict:
    """The LRU map rules_pkg.match keeps: get, set, move_to_end, popitem, len, clear."""

    def __init__(self):
        self._d = _OD()

    def __len__(self):
        return len(self._d)

    def __contains__(self, key):
        return key in self._d

    def __getitem__(self, key):
        return self._d[key]

    def __setitem__(self, key, value):
        self._d[key] = value

    def get(self, key, default=None):
        return self._d.get(key, default)

    def move_to_end(self, key, last=True):
        if not last:
            raise NotImplementedError("move_to_end(last=False)")
        value = self._d.pop(key)
        self._d[key] = value

    def popitem(self, last=True):
        if not self._d:
            raise KeyError("dictionary is empty")
        key = next(iter(self._d)) if not last else list(self._d)[-1]
        return key, self._d.pop(key)

    def clear(self):
        self._d.clear()

    def keys(self):
        return self._d.keys()

    def items(self):
        return self._d.items()
