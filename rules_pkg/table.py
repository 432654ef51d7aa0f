"""The six pockets of a Russian billiards table.

Looking from the «дом» (the near short cushion), the clockwise order is
far-left corner → far-right corner → right middle → right corner at the «дом» →
left corner at the «дом» → left middle (consistent with both worked examples of
«Кладка шаров по часовой стрелке»).
"""

# Clockwise order; ids are stable ASCII, names are what the user sees.
POCKETS: tuple[tuple[str, str], ...] = (
    ("far-left", "дальняя левая угловая"),
    ("far-right", "дальняя правая угловая"),
    ("right-middle", "правая средняя"),
    ("near-right", "правая угловая со стороны «дома»"),
    ("near-left", "левая угловая со стороны «дома»"),
    ("left-middle", "левая средняя"),
)
POCKET_IDS: tuple[str, ...] = tuple(p for p, _ in POCKETS)
POCKET_NAMES: dict[str, str] = dict(POCKETS)
MIDDLE_POCKETS = frozenset({"right-middle", "left-middle"})
CORNER_POCKETS = frozenset(POCKET_IDS) - MIDDLE_POCKETS


def clockwise_next(pocket: str, steps: int = 1) -> str:
    i = POCKET_IDS.index(pocket)
    return POCKET_IDS[(i + steps) % len(POCKET_IDS)]


def pocket_options() -> list[dict]:
    return [{"id": p, "label": name} for p, name in POCKETS]
