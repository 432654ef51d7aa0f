"""random.Random as CPython's: the Mersenne Twister, its integer seeding and its derived methods."""

try:
    from _rpshim import rt as _rt
except ImportError:
    from . import rt as _rt

_N, _M = 624, 397
_MASK = 0xFFFFFFFF


def _mul32(a, b):
    return (a * b) & _MASK


class Random:
    """Seeded only with an int (or None → 0), as rules_pkg does."""

    def __init__(self, x=None):
        self.seed(x)

    def _init_genrand(self, s):
        mt = [0] * _N
        mt[0] = s & _MASK
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (_mul32(1812433253, prev ^ (prev >> 30)) + i) & _MASK
        self._mt, self._i = mt, _N

    def seed(self, a=None):
        if a is None:
            a = 0
        if type(a) is bool:
            a = int(a)
        if type(a) is not int:
            raise TypeError("this Random only takes int seeds")
        a = -a if a < 0 else a
        key = []
        while a:
            key.append(a & _MASK)
            a >>= 32
        if not key:
            key = [0]
        self._init_by_array(key)

    def _init_by_array(self, key):
        self._init_genrand(19650218)
        mt = self._mt
        i, j = 1, 0
        n = len(key)
        for _ in range(max(_N, n)):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ _mul32(prev ^ (prev >> 30), 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= n:
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ _mul32(prev ^ (prev >> 30), 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self._i = _N

    def _twist(self):
        mt = self._mt
        for k in range(_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
            v = mt[(k + _M) % _N] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[k] = v
        self._i = 0

    def _u32(self):
        if self._i >= _N:
            self._twist()
        y = self._mt[self._i]
        self._i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & _MASK

    def random(self):
        a = self._u32() >> 5
        b = self._u32() >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k):
        if k <= 32:
            return self._u32() >> (32 - k) if k else 0
        out, shift = 0, 0
        while k > 0:
            r = self._u32()
            if k < 32:
                r >>= 32 - k
            out |= r << shift
            shift += 32
            k -= 32
        return out

    def _randbelow(self, n):
        k = _rt.bit_length(n)
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def randrange(self, start, stop=None, step=1):
        if stop is None:
            if start > 0:
                return self._randbelow(start)
            raise ValueError("empty range for randrange()")
        width = stop - start
        if step == 1:
            if width > 0:
                return start + self._randbelow(width)
            raise ValueError("empty range for randrange() (%d, %d, %d)" % (start, stop, width))
        if step > 0:
            n = (width + step - 1) // step
        elif step < 0:
            n = (width + step + 1) // step
        else:
            raise ValueError("zero step for randrange()")
        if n <= 0:
            raise ValueError("empty range for randrange()")
        return start + step * self._randbelow(n)

    def randint(self, a, b):
        return self.randrange(a, b + 1)

    def choice(self, seq):
        if not len(seq):
            raise IndexError("Cannot choose from an empty sequence")
        return seq[self._randbelow(len(seq))]

    def shuffle(self, x):
        for i in range(len(x) - 1, 0, -1):
            j = self._randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population, k):
        if isinstance(population, (set, frozenset)) or isinstance(population, dict):
            raise TypeError("Population must be a sequence.  For dicts or sets, use sorted(d).")
        n = len(population)
        if not 0 <= k <= n:
            raise ValueError("Sample larger than population or is negative")
        result = [None] * k
        setsize = 21
        if k > 5:
            setsize += 4 ** _ceil_log4(k * 3)
        if n <= setsize:
            pool = list(population)
            for i in range(k):
                j = self._randbelow(n - i)
                result[i] = pool[j]
                pool[j] = pool[n - i - 1]
        else:
            selected = set()
            for i in range(k):
                j = self._randbelow(n)
                while j in selected:
                    j = self._randbelow(n)
                selected.add(j)
                result[i] = population[j]
        return result

    def choices(self, population, weights=None, cum_weights=None, k=1):
        n = len(population)
        if cum_weights is None:
            if weights is None:
                n += 0.0
                return [population[int(self.random() * n)] for _ in range(k)]
            cum_weights, total = [], 0
            for w in weights:
                total += w
                cum_weights.append(total)
        elif weights is not None:
            raise TypeError("Cannot specify both weights and cumulative weights")
        if len(cum_weights) != n:
            raise ValueError("The number of weights does not match the population")
        total = cum_weights[-1] + 0.0
        if total <= 0.0:
            raise ValueError("Total of weights must be greater than zero")
        hi = n - 1
        return [population[_bisect_right(cum_weights, self.random() * total, 0, hi)] for _ in range(k)]


def _ceil_log4(x):
    """``ceil(log(x, 4))`` as CPython computes it (through floats: exact powers of 4 are inexact there)."""
    import math
    return int(math.ceil(math.log(x) / math.log(4)))


def _bisect_right(a, x, lo, hi):
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo
