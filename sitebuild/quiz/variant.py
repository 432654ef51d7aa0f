"""Deterministic quiz variants: a seed and a count give the same questions, in
the same order, with the same choice order, in Python (build time, printable
sheets) and in the browser (JavaScript). Both follow this specification; the
shared test vectors are ``tests/quiz/variant_vectors.json``.

PRNG: mulberry32 (Tommy Ettinger), on unsigned 32-bit integers. State ``a`` =
the seed (an integer 0 … 4294967295). Each draw::

    a = (a + 0x6D2B79F5) mod 2^32
    t = a
    t = (t XOR (t >> 15)) * (t OR 1)            mod 2^32
    t = t XOR ((t + (t XOR (t >> 7)) * (t OR 61)) mod 2^32)
    return t XOR (t >> 14)                      (an integer 0 … 2^32 − 1)

``>>`` is the unsigned shift. In JavaScript (``>>> 0`` keeps it unsigned)::

    a = (a + 0x6D2B79F5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;

Shuffle (Fisher–Yates from the end): for i = n−1 down to 1:
``j = draw() mod (i + 1)``, swap items i and j. (``mod`` of the unsigned draw;
the bias for short lists is far below anything a quiz notices.)

Variant, from the questions in file order (each ``{"id", "type", "choices":
[choice ids in file order], "shuffle": bool, "answer"}``, as in the browser
payload), a seed and a count N (1 ≤ N ≤ number of questions; omitted = all):

1. one generator, seeded once;
2. shuffle the list of questions; keep the first N, in that order;
3. for each kept question, in that order: if it has choices and ``shuffle`` is
   true, shuffle its choice ids (a question with ``shuffle = false``, or
   without choices, draws nothing); then, for an ``ordering`` question whose
   choice order equals its answer, rotate it left by one (so the items are
   never shown already in the correct order).

The result: ``[{"id": question id, "choices": [choice ids in display order]}]``.
"""

from __future__ import annotations

from typing import Any, Iterable

MASK = 0xFFFFFFFF
GOLDEN = 0x6D2B79F5
MAX_SEED = MASK


class Mulberry32:
    """The 32-bit generator above; :meth:`next` returns an unsigned int."""

    def __init__(self, seed: int):
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"seed must be an integer 0..{MAX_SEED}, got {seed!r}")
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        t = self.state
        t = ((t ^ (t >> 15)) * (t | 1)) & MASK
        t ^= (t + ((t ^ (t >> 7)) * (t | 61) & MASK)) & MASK
        return (t ^ (t >> 14)) & MASK

    def below(self, n: int) -> int:
        """An index 0 … n−1 (``draw mod n``)."""
        return self.next() % n


def shuffle(items: Iterable[Any], rng: Mulberry32) -> list:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def make_variant(questions: list[dict], seed: int, count: int | None = None) -> list[dict]:
    """The variant of the specification above (plain dicts in, plain dicts out)."""
    n = len(questions)
    if count is None:
        count = n
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= n:
        raise ValueError(f"count must be 1..{n}, got {count!r}")
    rng = Mulberry32(seed)
    chosen = shuffle(questions, rng)[:count]
    out = []
    for q in chosen:
        ids = list(q.get("choices", []))
        if ids and q.get("shuffle", True):
            ids = shuffle(ids, rng)
        if q.get("type") == "ordering" and len(ids) > 1 and ids == list(q.get("answer", [])):
            ids = ids[1:] + ids[:1]
        out.append({"id": q["id"], "choices": ids})
    return out


def variant_spec(quiz) -> list[dict]:
    """The variant's input for a :class:`~sitebuild.quiz.model.Quiz`."""
    return [{"id": q.id, "type": q.type, "choices": [c.id for c in q.choices], "shuffle": q.shuffle,
             "answer": list(q.answer) if q.type == "ordering" else None}
            for q in quiz.questions]


def quiz_variant(quiz, seed: int, count: int | None = None) -> list[dict]:
    return make_variant(variant_spec(quiz), seed, count)
