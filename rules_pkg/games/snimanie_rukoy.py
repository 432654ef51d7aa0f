"""«Снимание шаров рукой» (seed 002). The source stops mid-sentence.

Implemented (clause ids = anchors on the game's page):
  snimanie-rukoy-setup, snimanie-rukoy-break, snimanie-rukoy-banked-break,
  snimanie-rukoy-break-ball (a ball in a pocket after the stroke at the
  pyramid: the same player keeps the turn, the ball is replayed).
Lost: snimanie-rukoy-no-ball (the sentence «Если же после разбивки пирамиды ни
  один из шаров не был…» breaks off before its rule), snimanie-rukoy-lost
  (everything after it: how the other participant plays by hand, the score,
  the winner).

No tools: ``tools = ()``. What survives is one opening stroke with one
computable outcome (a ball in a pocket: the breaker plays on, the ball is
replayed); the other outcome of the same stroke is lost, and there is no score
and no winner to keep. A calculator would only repeat the one sentence the page
shows, and half of its answers would be «текст утрачен»; the тренажёр built on
every calculator would have nothing true to ask about the lost half. The
protocol is still implemented, so the JSON API (``ruling``, ``match.*``) rules on
the break: the ruling with no ball in a pocket says the rule is lost and names
no next player. After the break nothing more can be computed: any further action
is refused with a StateError saying the rules are lost (the game is not declared
finished, because the text does not end it). Players have no score: the view's
``score`` and the ruling's ``scores`` are null.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Game, LOST, Tolkovanie, citation_makers, default_names
from ..errors import StateError
from ..fields import ActionSpec, Bool, Choice
from ..why import Why

GID = "snimanie-rukoy"
LOST_TEXT = "Дальнейшие правила игры в тексте утрачены: рассчитывать после разбивки нечего."


C, T = citation_makers(GID)


CLAUSES = (
    C("setup", "Перед игрой все шары ставятся в пирамиду", decides=("setup",)),
    C("break", "Играющий кием открывает партию и разбивает пирамиду", decides=("setup", "turn")),
    C("banked-break", "Можно сначала отражённым ударом поставить биток за пирамиду", decides=("setup",)),
    C("break-ball", "Шар в лузе после удара по пирамиде: ход у того же игрока, шар переигрывается",
      decides=("turn", "respot")),
    C("no-ball", "Если после разбивки ни один шар не… (фраза оборвана)", LOST,
      "Источник обрывается на полуслове: условие сохранилось, а что в этом случае происходит — нет."),
    C("lost", "Продолжение правил утрачено", LOST,
      "Всё, что следовало дальше (как играет участник, снимающий шары рукой, счёт, кто побеждает), "
      "в источнике отсутствует."),
)

TOLKOVANIYA = (
    Tolkovanie(
        id=f"{GID}-t-participants", title="Двое участников: играющий кием и соперник",
        text="Сохранившийся текст не говорит, сколько участников в игре; из него видно только, что один из "
             "них играет кием («Тот из участников, кто будет играть кием»), а что делают остальные, утрачено. "
             "Движок считает двух участников — играющего кием и его соперника; кто из них играет кием, "
             "указывается в условиях партии.",
        clauses=(f"{GID}-break", f"{GID}-lost")),
)


@dataclass(frozen=True)
class State:
    cue_player: int = 0
    broken: bool = False
    ball_in_pocket: bool | None = None
    finished: bool = False  # never True: the surviving text does not end the game


@dataclass(frozen=True)
class Break:
    banked: bool
    ball_in_pocket: bool


class SnimanieRukoy(Game):
    id = GID
    title = "Снимание шаров рукой"
    seed = "002"
    score_forms = None  # the scoring is in the lost part of the text
    min_players = 2
    max_players = 2
    tools = ()
    trainer_aspects = ()
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA

    # ---- declaration ----------------------------------------------------
    def action_specs(self) -> tuple[ActionSpec, ...]:
        return (ActionSpec("shot", "Разбивка", (
            Bool(name="banked", label="Сначала отражённый удар, биток остановился за пирамидой", default=False),
            Bool(name="ball_in_pocket", label="После удара по пирамиде какой-либо шар оказался в лузе",
                 default=False),
        )),)

    def option_fields(self):
        return (Choice(name="cue_player", label="Кто играет кием", default=0,
                       options=((0, "первый в списке игроков"), (1, "второй в списке игроков"))),)

    def calculator_names(self, state: State) -> tuple[str, ...]:
        return tuple(default_names(2))  # the option names the cue player by place in this list

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State(cue_player=options.get("cue_player", 0))

    def build_situation(self, values: dict, options: dict) -> State:
        return self.initial_state(2, options)

    def check_turn(self, state: State, kind: str) -> None:
        if state.broken:
            raise StateError(f"Разбивка уже сделана. {LOST_TEXT}")

    def build_action(self, kind: str, values: dict, state: State) -> Break:
        return Break(values["banked"], values["ball_in_pocket"])

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, action: Break, names):
        p = state.cue_player
        why = Why(self)
        why.add("setup", f"Партию открывает и разбивает пирамиду тот, кто играет кием: {names[p]}.",
                f"{GID}-setup", f"{GID}-break", f"{GID}-t-participants")
        if action.banked:
            why.add("setup", "Перед разбивкой — отражённый удар, после которого биток остановился за пирамидой: "
                             "так делать разрешено.", f"{GID}-banked-break")
        if action.ball_in_pocket:
            why.add("turn", "После удара по пирамиде шар оказался в лузе: право на ход сохраняется, а шар "
                            "переигрывается.", f"{GID}-break-ball")
            why.note("Как именно переигрывается шар, текст не уточняет.")
            why.note(LOST_TEXT)
            why.decide("info", f"{GID}-break-ball")
            summary = f"Шар в лузе: право на ход сохраняется, шар переигрывается. Следующий удар: {names[p]}."
            nxt = p
        else:
            # the rule for this case is lost: the ruling says so and cites the lost clauses as the reason
            why.add("info", "Правило на случай, когда после разбивки ни один шар не упал, в источнике оборвано на "
                            "полуслове: «Если же после разбивки пирамиды ни один из шаров не был…».",
                    f"{GID}-no-ball")
            why.add("info", LOST_TEXT, f"{GID}-lost")
            summary = ("Ни один шар не упал: что в этом случае происходит, в тексте не сохранилось — "
                       "фраза обрывается на полуслове.")
            nxt = None
        new = State(cue_player=p, broken=True, ball_in_pocket=action.ball_in_pocket)
        ruling = why.ruling(
            kind="shot", player=p, summary=summary, scores=(None, None), next_player=nxt, turn_continues=nxt == p,
            extra={"banked": action.banked, "ball_in_pocket": action.ball_in_pocket, "rules_lost": True})
        return ruling, new

    # ---- view -----------------------------------------------------------
    def view(self, state: State, names) -> dict:
        current = state.cue_player if (not state.broken or state.ball_in_pocket) else None
        players = [{"name": names[i], "score": None, "cue": i == state.cue_player, "current": i == current}
                   for i in range(2)]
        if not state.broken:
            status = (f"Партию открывает {names[state.cue_player]} (играет кием): разбивка пирамиды, можно после "
                      "отражённого удара, оставившего биток за пирамидой.")
        elif state.ball_in_pocket:
            status = f"Следующий удар: {names[state.cue_player]}, шар переигрывается. {LOST_TEXT}"
        else:
            status = f"Что следует, если после разбивки ни один шар не упал, в тексте не сохранилось. {LOST_TEXT}"
        return {"players": players, "current": current, "finished": False, "winner": None, "decision": None,
                "status": status,
                "extra": {"broken": state.broken, "ball_in_pocket": state.ball_in_pocket, "rules_lost": state.broken}}

    # ---- random play ------------------------------------------------------
    def random_action(self, state: State, rng) -> dict:
        if state.broken:
            raise StateError(f"Разбивка уже сделана. {LOST_TEXT}")
        return {"type": "shot", "banked": rng.random() < 0.3, "ball_in_pocket": rng.random() < 0.5}

    def random_situation(self, rng) -> dict:
        return {}
