"""Russian words with correct plural forms, in one place."""


def plural(n: int, one: str, few: str, many: str) -> str:
    """Pick the Russian plural form for ``n`` (1 очко, 2 очка, 5 очков, 21 очко)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


POINTS = ("очко", "очка", "очков")


def number(n: int) -> str:
    """An integer as a Russian text prints it: a negative one with the minus sign «−», not a hyphen."""
    return f"−{-n}" if n < 0 else str(n)


def points(n: int) -> str:
    return f"{number(n)} {plural(n, *POINTS)}"


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


def agrees_singular(n: int) -> bool:
    """Whether a verb or participle agrees with ``n`` in the singular: «21 очко
    засчитано», «1 шар выставляется», but «2 очка засчитаны», «5 очков засчитаны»."""
    return plural(n, "one", "few", "many") == "one"


def agree(n: int, singular: str, plural: str) -> str:
    """The form of a verb (or short participle) that agrees with the number ``n``."""
    return singular if agrees_singular(n) else plural


def counted(n: int, forms: tuple[str, str, str], rest: str, verb_one: str, verb_many: str) -> str:
    """«21 очко серии засчитано»: number, noun, the words between, agreeing verb.
    ``forms``: the noun for 1 / 2 / 5; ``rest``: words after the noun (may be "");
    ``verb_one`` / ``verb_many``: the verb agreeing in the singular / plural."""
    noun = plural(n, *forms)
    middle = f" {rest}" if rest else ""
    return f"{n} {noun}{middle} {agree(n, verb_one, verb_many)}"


def after_colon(text: str, names=()) -> str:
    """Russian typography: after a colon the text goes on in lower case, unless
    it starts with a name (a player's name from ``names``), an abbreviation or a
    digit. «Фол: биток упал в лузу», «Победа: Аня»."""
    if not text:
        return text
    for name in names:
        if name and text.startswith(name):
            return text
    first = text.split(" ", 1)[0]
    if len(first) > 1 and first.isupper():  # an abbreviation
        return text
    return text[0].lower() + text[1:]


def sentence(text: str) -> str:
    """Capitalise the first letter of a sentence."""
    return text[:1].upper() + text[1:] if text else text
