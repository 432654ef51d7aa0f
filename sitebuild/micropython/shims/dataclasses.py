"""dataclasses for the transformed rules_pkg: the transform passes each class's fields explicitly."""

try:
    from _rpshim import rt as _rt
except ImportError:
    from . import rt as _rt

MISSING = object()


class FrozenInstanceError(AttributeError):
    pass


class Field:
    def __init__(self, default=MISSING, default_factory=MISSING):
        self.default, self.default_factory = default, default_factory
        self.name = None


def field(default=MISSING, default_factory=MISSING, **_ignored):
    return Field(default, default_factory)


def _spec(cls, names):
    """[(name, Field)] of ``cls``: the bases' fields first, then its own ``names``."""
    spec = []
    for base in reversed(cls.__mro__[1:] if hasattr(cls, "__mro__") else cls.__bases__):
        for name, f in getattr(base, "__dc_fields__", ()):
            spec = [(n, g) for n, g in spec if n != name] + [(name, f)]
    for name in names:
        value = getattr(cls, name, MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        if isinstance(value, Field):
            try:
                delattr(cls, name)
            except (AttributeError, TypeError):
                pass
            if f.default is not MISSING:
                setattr(cls, name, f.default)
        f.name = name
        spec = [(n, g) for n, g in spec if n != name] + [(name, f)]
    return spec


def _init(self, *args, **kwargs):
    spec = type(self).__dc_fields__
    if len(args) > len(spec):
        raise TypeError("too many positional arguments")
    for i in range(len(spec)):
        name, f = spec[i]
        if i < len(args):
            value = args[i]
            if name in kwargs:
                raise TypeError("got multiple values for argument '%s'" % name)
        elif name in kwargs:
            value = kwargs.pop(name)
        elif f.default is not MISSING:
            value = f.default
        elif f.default_factory is not MISSING:
            value = f.default_factory()
        else:
            raise TypeError("missing required argument: '%s'" % name)
        object.__setattr__(self, name, value)
    for name in kwargs:
        if not any([n == name for n, _ in spec]):
            raise TypeError("unexpected keyword argument '%s'" % name)
    post = getattr(self, "__post_init__", None)
    if post is not None:
        post()


def _values(self):
    return tuple([getattr(self, n) for n, _ in type(self).__dc_fields__])


def _eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _rt.eq(_values(self), _values(other))


def _ne(self, other):
    r = _eq(self, other)
    return r if r is NotImplemented else not r


def _hash(self):
    return hash(_values(self))


def _repr(self):
    return "%s(%s)" % (type(self).__name__,
                       ", ".join(["%s=%s" % (n, _rt.repr_(getattr(self, n))) for n, _ in type(self).__dc_fields__]))


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError("cannot assign to field '%s'" % name)


def dataclass(cls=None, fields=(), frozen=False, eq=True, kw_only=False, **_ignored):
    """``@dataclass`` with the class's own field names given as ``fields`` (by the transform)."""
    def wrap(cls):
        cls.__dc_fields__ = _spec(cls, fields)
        cls.__dc_frozen__ = frozen
        cls.__init__ = _init
        cls.__repr__ = _repr
        if eq:
            cls.__eq__ = _eq
            cls.__ne__ = _ne
            cls.__hash__ = _hash if frozen else None
        if frozen:
            cls.__setattr__ = _frozen_setattr
        return cls
    return wrap if cls is None else wrap(cls)


def replace(obj, **changes):
    cls = type(obj)
    values = {}
    for name, _ in cls.__dc_fields__:
        values[name] = changes.pop(name) if name in changes else getattr(obj, name)
    if changes:
        raise TypeError("unexpected field(s): %s" % ", ".join(changes))
    return cls(**values)


def fields(obj):
    return tuple([f for _, f in type(obj).__dc_fields__])


def is_dataclass(obj):
    return hasattr(obj, "__dc_fields__")
