"""Russian words with correct plural forms, in one place."""


def plural(n: int, one: str, few: str, many: str) -> str:
    """Pick the Russian plural form for ``n`` (1 очко, 2 очка, 5 очков, 21 очко)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def points(n: int) -> str:
    return f"{n} {plural(n, 'очко', 'очка', 'очков')}"


def strokes(n: int) -> str:
    return f"{n} {plural(n, 'удар', 'удара', 'ударов')}"


def balls(n: int) -> str:
    return f"{n} {plural(n, 'шар', 'шара', 'шаров')}"


def fouls(n: int) -> str:
    return f"{n} {plural(n, 'нарушение', 'нарушения', 'нарушений')}"


def players(n: int) -> str:
    return f"{n} {plural(n, 'игрок', 'игрока', 'игроков')}"


def signed_points(n: int) -> str:
    sign = "+" if n > 0 else ("−" if n < 0 else "")
    return f"{sign}{points(abs(n))}"


def join_and(items) -> str:
    """«1, 3 и 5»."""
    items = [str(i) for i in items]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " и " + items[-1]
