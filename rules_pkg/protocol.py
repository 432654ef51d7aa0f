"""A match protocol in plain Russian text: who did what, what the engine
ruled and which clauses it cited. Copied by the scorekeeper so a player can
paste it into a message."""

from __future__ import annotations

from . import ru
from .match import Match
from .describe import describe_action


def score_text(game, value) -> str:
    if value is None or game.score_forms is None:
        return "—"
    one, few, many = game.score_forms
    return f"{value} {ru.plural(value, one, few, many)}"


def protocol(match: Match) -> str:
    game = match.game
    _, rulings = match.replay()
    view = match.view()
    titles = {c.id: c.title for c in game.clauses} | {t.id: f"толкование: {t.title}" for t in game.tolkovaniya}
    declaration = game.declaration()
    out = [f"Партия «{game.title}»", "Игроки: " + ", ".join(match.players)]
    for key, value in match.options.items():
        for field in declaration["options"]:
            if field["name"] == key:
                label = next((o["label"] for o in field.get("options", []) if o["id"] == value), value)
                out.append(f"{field['label']}: {label}")
    out.append("")
    for i, (action, ruling) in enumerate(zip(match.actions, rulings), start=1):
        who = match.players[ruling.player] if ruling.player is not None else "—"
        details = "; ".join(describe_action(declaration, action))
        out.append(f"{i}. {who}: {details}")
        out.append(f"   Решение: {ruling.summary}")
        cited = [titles[c] for c in ruling.clauses if c in titles]
        cited += [titles[t] for t in ruling.tolkovaniya if t in titles]
        if cited:
            out.append("   Пункты: " + "; ".join(cited))
    if not match.actions:
        out.append("Ударов ещё не было.")
    out.append("")
    if game.score_forms is not None:
        out.append("Счёт: " + ", ".join(f"{p['name']} — {score_text(game, p.get('score'))}" for p in view["players"]))
    out.append(view["status"])
    return "\n".join(out)
