"""collections.abc.Mapping as a mixin (get, keys, items, values, in) and Iterator as a name only."""


class Mapping:
    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        try:
            self[key]
        except KeyError:
            return False
        return True

    def keys(self):
        return list(iter(self))

    def items(self):
        return [(k, self[k]) for k in iter(self)]

    def values(self):
        return [self[k] for k in iter(self)]


class Iterator:
    pass


class Iterable:
    pass
