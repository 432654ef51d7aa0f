"""«Кайза» (seed 001).

Implemented (clause ids = anchors on the game's page):
  kaiza-goal, kaiza-58, kaiza-59, kaiza-call, kaiza-first-shot, kaiza-from-dom,
  kaiza-respot and kaiza-respot-red (as guidance: the engine cannot see the
  table, the user says which spots are taken), kaiza-own-ball,
  kaiza-off-table, kaiza-intermediate, kaiza-ball-strike,
  kaiza-yellow-middle-twice, kaiza-positional, kaiza-doublet, kaiza-points,
  kaiza-points-red.
Not computable: kaiza-lag, kaiza-lag-winner (the lag for the first shot
happens before the match; the first player listed is the one who won it).
Lost: kaiza-points-rest (the points list stops after the red). The missing
values come from the Finnish rules of kaisa as transcribed in English
(outside facts kaiza-o-white, kaiza-o-red-caroms, kaiza-o-yellow) or, where
those are missing too, from толкования (kaiza-t-yellow-middle,
kaiza-t-yellow-caroms); POINT_GROUPS records the source of every value.

A shot is described by: whether the cue ball touched any ball (a miss) and
whether it was a positional shot; the call made before every shot (ball and
pocket) and what became of the called ball (fell into the called pocket, fell
elsewhere, did not fall) or, without a call, the ball that fell and its pocket;
the balls the cue ball caromed on; the intermediate balls, «удар шаром», a
doublet; other object balls that fell or left the table; the player's own cue
ball; on the first shot, whether the red from spot 1 fell; the spots taken (for
the respotting guidance). The first-shot rule judges what was aimed at (the
call), so a first shot aimed at the yellow or a middle pocket is judged even if
nothing fell (толкование kaiza-t-aimed).

A possible position (:meth:`Kaiza.check_position`, толкование kaiza-t-positions):
the first shot is played at 0:0; no player has 1 point (the cheapest counted
ball is worth 2); 60 or more without a win only when the points of a white
without a carom at 58/59 are credited; a player whose last shot put the yellow
into a middle pocket has at least 12 and fewer than 60 (that yellow would have
won). A possible shot (:meth:`Kaiza.check_action`): nothing falls or caroms
after a miss; the played ball is not caromed on; no colour falls or flies off
more often than the table has it; a ball that fell without a call is the played
ball; intermediate balls are other object balls on the table; no more spots are
taken than balls are left on the table to take them; the opponent's white is
not played while it waits in the «дом»; on the first shot a fallen red is said
to be the one from spot 1 or not.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import Game, impossible, score_reasons
from ..fields import ActionSpec, Bool, Choice, Int, Set
from ..why import Why
from .. import ru
from ..table import MIDDLE_POCKETS, POCKET_IDS, POCKET_NAMES, POCKETS
from . import five_balls
from .five_balls import place_of
from .kaiza_text import CLAUSES, OUTSIDE, TOLKOVANIYA

TARGET = 60
BALLS = ("red", "white", "yellow")  # "white" is the opponent's white: an object ball for the shooter
BALL_NAMES = {"red": "красный шар", "white": "белый шар соперника", "yellow": "жёлтый шар"}
BALL_OPTIONS = (("red", "красный"), ("white", "белый соперника"), ("yellow", "жёлтый"))
# Other balls that fell or left the table: two reds, so two ids for them.
EXTRA = ("red", "red2", "white", "yellow")
EXTRA_OPTIONS = (("red", "красный"), ("red2", "второй красный"), ("white", "белый соперника"), ("yellow", "жёлтый"))
COUNT = {"red": 2, "white": 1, "yellow": 1}
CALLS = {"yes": "шар заказан и упал в заказанную лузу", "missed": "шар заказан, но не упал",
         "wrong": "шар заказан, но упал не в заказанную лузу", "none": "заказа не было, шар упал в эту лузу"}
FELL = ["yes", "wrong", "none"]  # the calls after which the played ball is in a pocket
CUE_FATES = {"table": "остался на столе", "pocket": "упал в лузу", "off": "вылетел за борт"}
CREDIT = {"credited": "засчитываются, но партию не заканчивают", "not-credited": "не засчитываются"}
SPOTS = (1, 2, 3)
NO_CAROM = (0, 0, 0)
RED_ORDER = (1, 3)
YELLOW_ORDER = (2, 1, 3)  # own spot, then spot 1 (text), then the red's order (толкование)
CUSHION = "cushion"


# The points of a counted ball, by groups: (ball, pocket kind, the id that is the values' source — a clause
# of the text, an outside fact or a толкование, {caroms as (reds, opponent's white, yellow): points}).
POINT_GROUPS = (
    ("red", "any", "kaiza-points-red", {NO_CAROM: 3}),
    ("red", "any", "kaiza-o-red-caroms",
     {(0, 1, 0): 5, (1, 0, 0): 6, (1, 1, 0): 8, (0, 0, 1): 9, (0, 1, 1): 11, (1, 0, 1): 12, (1, 1, 1): 14}),
    ("white", "any", "kaiza-o-white",
     {NO_CAROM: 2, (1, 0, 0): 4, (2, 0, 0): 7, (0, 0, 1): 7, (1, 0, 1): 10, (2, 0, 1): 13}),
    ("yellow", "corner", "kaiza-o-yellow", {NO_CAROM: 6}),
    ("yellow", "corner", "kaiza-t-yellow-caroms",
     {(0, 1, 0): 11, (1, 0, 0): 12, (1, 1, 0): 14, (2, 0, 0): 15, (2, 1, 0): 17}),
    ("yellow", "middle", "kaiza-t-yellow-middle", {NO_CAROM: 12}),
    ("yellow", "middle", "kaiza-t-yellow-caroms",
     {(0, 1, 0): 17, (1, 0, 0): 18, (1, 1, 0): 20, (2, 0, 0): 21, (2, 1, 0): 23}),
)
POINTS = {(ball, place, caroms): (pts, source)
          for ball, place, source, values in POINT_GROUPS for caroms, pts in values.items()}


def carom_words(caroms) -> str:
    return five_balls.carom_words(caroms, "белому соперника")


def show_ball(b: str) -> str:
    return "«" + dict(EXTRA_OPTIONS)[b] + "»"


def busy_note(busy: list, placed: dict) -> str:
    """«(2-я и 1-я заняты)»; a spot taken by a ball placed in the same ruling says by which one:
    «(2-я занята, на 1-й — красный шар, его ставят первым)»."""
    if not busy:
        return ""
    other = [s for s in busy if s not in placed]
    parts = [f"{ru.join_and(f'{s}-я' for s in other)} занят{'а' if len(other) == 1 else 'ы'}"] if other else []
    parts += [f"на {s}-ю ставят {placed[s]}" for s in busy if s in placed]
    return f" ({', '.join(parts)})"


def spot_name(spot) -> str:
    return "у ближайшего к игроку короткого борта, посередине" if spot == CUSHION else f"на {spot}-ю точку"


@dataclass(frozen=True)
class State:
    scores: tuple[int, int] = (0, 0)
    current: int = 0
    first_shot: bool = True
    yellow_middle: tuple[bool, bool] = (False, False)  # the player's last shot: counted yellow into a middle pocket
    # The player places his cue ball in the «дом» for his next shot (the first shot, own cue ball pocketed);
    # until then it is not on the table.
    in_dom: tuple[bool, bool] = (True, False)
    credit_white: bool = True  # option: points of a white without a carom at 58/59 are credited
    finished: bool = False
    winner: int | None = None


@dataclass(frozen=True)
class Shot:
    contact: bool
    positional: bool
    ball: str | None  # the played ball: the called one (fallen or not) or, without a call, the one that fell
    pocket: str | None  # the called pocket, or without a call the pocket the ball fell into
    call: str
    caroms: tuple[int, int, int]
    intermediate: int
    ball_strike: bool
    doublet: bool
    also_pocketed: tuple[str, ...]
    off_table: tuple[str, ...]
    cue_ball: str
    red_from_spot_1: bool | None  # None: not given (required on the first shot when a red fell)
    spots_taken: frozenset

    @property
    def fell(self) -> bool:
        """Whether the played ball is in a pocket."""
        return self.ball is not None and self.call in FELL

    def fallen(self) -> list[str]:
        """Every object ball that left play: pocketed or off the table."""
        return ([self.ball] if self.fell else []) + list(self.also_pocketed) + list(self.off_table)


# ---- fields, declared once ---------------------------------------------------

WITH_BALL = {"ball": list(BALLS)}
BALL_FELL = {"ball": list(BALLS), "call": FELL}

SHOT_FIELDS = (
    Bool(name="contact", label="Биток коснулся хотя бы одного шара", default=True, alone=True, help="Нет — промах."),
    Bool(name="positional", label="Позиционный удар (биток ставится в выгодную позицию)", default=False,
         help="При позиционном ударе промах не штрафуется."),
    Choice(name="ball", label="Какой прицельный шар сыгран (заказан)", options=BALL_OPTIONS, default=None,
           optional=True, help="Заказанный шар — упал он или нет; без заказа — шар, упавший в лузу. "
                               "Не указано — шар не заказан и не упал.",
           none_label="никакой, шар не заказан и не упал"),
    Choice(name="pocket", label="Заказанная луза (без заказа — та, в которую упал шар)", options=POCKETS,
           when=WITH_BALL),
    Choice(name="call", label="Заказ", options=tuple(CALLS.items()), default="yes", when=WITH_BALL),
    Int(name="carom_reds", label="По скольким красным шарам был карамболь", min=0, max=2, default=0,
        help="Кроме сыгранного шара."),
    Bool(name="carom_white", label="Карамболь по белому шару соперника", default=False),
    Bool(name="carom_yellow", label="Карамболь по жёлтому шару", default=False),
    Int(name="intermediate", label="Сколько промежуточных шаров было между битком и сыгранным шаром",
        min=0, max=3, default=0, when=BALL_FELL),
    Bool(name="ball_strike", label="Шар сыгран «ударом шаром»", default=False, when=BALL_FELL,
         help="Термин текст не объясняет; карамболь тогда не засчитывается."),
    Bool(name="doublet", label="Шар забит дуплетом", default=False, when=BALL_FELL),
    Set(name="also_pocketed", label="Другие прицельные шары, упавшие в лузы", options=EXTRA_OPTIONS,
        default=(), what="шар"),
    Set(name="off_table", label="Прицельные шары, вылетевшие за борт", options=EXTRA_OPTIONS, default=(), what="шар"),
    Choice(name="cue_ball", label="Свой биток после удара", options=tuple(CUE_FATES.items()), default="table"),
    Bool(name="red_from_spot_1", label="На первом ударе партии упал красный шар с 1-й точки", default=None,
         optional=True, help="Нужно только при первом ударе партии, если в лузу упал красный шар."),
    Set(name="spots_taken", label="Какие точки заняты другими шарами", default=(), what="точка",
        options=tuple((s, f"{s}-я точка") for s in SPOTS),
        help="Нужно, только если после удара шары выставляются на точки."),
)

OPTION_FIELDS = (
    Choice(name="white_58_59", label="Очки за белый без карамболя при 58 и 59 очках", default="credited",
           options=tuple(CREDIT.items()),
           help="Текст этого не решает: см. толкование «Белый без карамболя при 58 и 59 очках»."),
)

SITUATION_FIELDS = (
    Int(name="score", label="Очки игрока перед ударом", min=0, max=99, default=0, lead=True,
        help="60 и больше без победы — только если очки белого без карамболя при 58–59 засчитываются."),
    Int(name="opponent_score", label="Очки соперника", min=0, max=99, default=0),
    Bool(name="first_shot", label="Это первый удар партии", default=False),
    Bool(name="yellow_middle_before", label="Предыдущим ударом игрок сыграл жёлтый в среднюю лузу", default=False),
)

YELLOW_MIDDLE_MIN = min(pts for (ball, place, _), (pts, _) in POINTS.items() if ball == "yellow" and place == "middle")
CHEAPEST = min(pts for pts, _ in POINTS.values())


@dataclass
class Tally:
    """What the shot decided, gathered step by step."""

    points: int = 0
    counted: bool = False
    carom_counted: bool = False
    white_plain: bool = False
    white_no_win: bool = False  # a white without a carom took the score to 60 or more, and did not win
    same_player_58: bool = False  # kaiza-58: after a white without a carom at 58 the same player shoots
    finished: bool = False
    lose_next: list = None
    reason: str = ""

    def __post_init__(self):
        self.lose_next = [] if self.lose_next is None else self.lose_next


class Kaiza(Game):
    id = "kaiza"
    title = "Кайза"
    seed = "001"
    min_players = 2
    max_players = 2
    tools = ("calculator", "scorekeeper")
    clauses = CLAUSES
    tolkovaniya = TOLKOVANIYA
    outside = OUTSIDE

    # ---- declaration ----------------------------------------------------
    def action_specs(self):
        return (ActionSpec("shot", "Удар", SHOT_FIELDS),)

    def option_fields(self):
        return OPTION_FIELDS

    def situation_fields(self):
        return SITUATION_FIELDS

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State(credit_white=options.get("white_58_59", "credited") == "credited")

    def build_situation(self, values: dict, options: dict) -> State:
        first = values["first_shot"]
        return State(scores=(values["score"], values["opponent_score"]), first_shot=first,
                     yellow_middle=(values["yellow_middle_before"], False), in_dom=(first, False),
                     credit_white=options.get("white_58_59", "credited") == "credited")

    def check_position(self, state: State) -> None:
        fields = ("situation.score", "situation.opponent_score")
        if state.first_shot and (any(state.scores) or any(state.yellow_middle)):
            impossible("Первый удар партии делается при счёте 0:0, без предыдущих ударов.", "situation.first_shot")
        for i, score in enumerate(state.scores):
            if 0 < score < CHEAPEST:
                impossible(f"{ru.points(score)} в «Кайзе» не бывает: счёт только растёт, а самый дешёвый "
                           f"засчитанный шар — белый соперника — даёт {ru.points(CHEAPEST)}.", fields[i])
            if score >= TARGET and state.winner != i and not state.credit_white:
                impossible(f"{ru.points(score)} без победы не бывает, когда очки за белый без карамболя при 58 "
                           "и 59 не засчитываются: первый же шар, доводящий счёт до 60, заканчивает партию.",
                           fields[i])
            if state.yellow_middle[i] and score >= TARGET and state.winner != i:
                impossible(f"Предыдущим ударом засчитан жёлтый в среднюю лузу, а у игрока {ru.points(score)}: "
                           "засчитанный жёлтый, доводящий счёт до 60 и больше, заканчивает партию победой, "
                           "так что после него удара нет.", "situation.yellow_middle_before")
            if state.yellow_middle[i] and score < YELLOW_MIDDLE_MIN:
                impossible(f"Предыдущим ударом засчитан жёлтый в среднюю лузу, а у игрока {ru.points(score)}; "
                           f"по толкованию «Жёлтый в среднюю лузу — 12 очков» такой шар даёт не меньше "
                           f"{ru.points(YELLOW_MIDDLE_MIN)} (текст стоимости не называет).",
                           "situation.yellow_middle_before")

    def build_action(self, kind: str, values: dict, state: State) -> Shot:
        return Shot(contact=values["contact"], positional=values["positional"], ball=values["ball"],
                    pocket=values["pocket"], call=values["call"] if values["ball"] else "none",
                    caroms=(values["carom_reds"], int(values["carom_white"]), int(values["carom_yellow"])),
                    intermediate=values["intermediate"], ball_strike=values["ball_strike"],
                    doublet=values["doublet"], also_pocketed=values["also_pocketed"],
                    off_table=values["off_table"], cue_ball=values["cue_ball"],
                    red_from_spot_1=values["red_from_spot_1"], spots_taken=frozenset(values["spots_taken"]))

    def check_action(self, state: State, shot: Shot) -> None:
        white = shot.caroms[1]
        if not shot.contact and (shot.fell or any(shot.caroms) or shot.also_pocketed or shot.off_table):
            impossible("Биток не коснулся ни одного шара, значит прицельные шары не могли ни упасть, ни вылететь, "
                       "ни дать карамболь: проверьте поле «Биток коснулся хотя бы одного шара».", "action.contact")
        five_balls.check_played_ball_not_caromed(
            shot.ball, shot.caroms, "сыгранный", "Белый шар соперника один, и он сыгран, так что карамболь по нему невозможен. "
            "Проверьте поле «Карамболь по белому шару соперника»")
        for i, b in enumerate(shot.off_table):
            if b in shot.also_pocketed:
                impossible(f"Шар {show_ball(b)} не может и упасть в лузу, и вылететь за борт: проверьте поле «Прицельные шары, вылетевшие за борт».", f"action.off_table[{i}]")
        self._check_ball_count(shot)
        if state.in_dom[1 - state.current]:
            for name, bad in (("ball", shot.ball == "white"), ("carom_white", white),
                              ("also_pocketed", "white" in shot.also_pocketed),
                              ("off_table", "white" in shot.off_table)):
                if bad:
                    impossible("Белого шара соперника сейчас нет на столе: он упал в лузу или вылетел за борт "
                               "при ударе своего владельца, и тот поставит его в «доме» перед своим ударом.", f"action.{name}")
        if shot.ball is None and shot.also_pocketed:
            impossible(f"В лузу упал {show_ball(shot.also_pocketed[0])}, а сыгранный шар не указан: без заказа "
                       "сыгранным считается упавший шар — укажите его в поле «Какой прицельный шар сыгран (заказан)» (заказ «заказа не было»), "
                       "остальные упавшие — среди других упавших шаров.", "action.also_pocketed")
        self._check_intermediate(state, shot)
        fell_reds = (shot.fell and shot.ball == "red") + sum(b in ("red", "red2") for b in shot.also_pocketed)
        if shot.red_from_spot_1 and not (state.first_shot and fell_reds):
            impossible("Поле «На первом ударе партии упал красный шар с 1-й точки» относится только к первому удару партии, когда в лузу "
                       "упал красный шар.", "action.red_from_spot_1")
        other_breach = shot.ball == "yellow" or (shot.ball is not None and shot.pocket in MIDDLE_POCKETS)
        if state.first_shot and fell_reds and shot.red_from_spot_1 is None and not other_breach:
            impossible("Первый удар партии, и в лузу упал красный шар: укажите, был ли это красный с 1-й точки. "
                       "Первым ударом его класть нельзя, а по описанию удара этого не определить.",
                       "action.red_from_spot_1")
        self._check_spots_taken(state, shot)

    def _balls_left_on_table(self, state: State, shot: Shot) -> int:
        """Balls on the table after the shot that could stand on a spot: the five balls less the object
        balls that fell or flew off (the opponent's white goes straight back to the «дом», толкование
        respot-other, so it may still count), the own cue ball if it left the table and the opponent's
        white if it waits off the table for its owner."""
        fallen_colours = [b for b in shot.fallen() if b != "white"]
        own = 1 if shot.cue_ball == "table" else 0
        other_white = 0 if state.in_dom[1 - state.current] else 1
        return 3 - len(fallen_colours) + own + other_white

    def _check_spots_taken(self, state: State, shot: Shot) -> None:
        to_spot = [b for b in shot.fallen() if b != "white"]
        if shot.spots_taken and not to_spot:
            impossible("После этого удара на точки выставлять нечего, поэтому занятые точки указывать не нужно: проверьте поле «Какие точки заняты другими шарами».", "action.spots_taken")
        left = self._balls_left_on_table(state, shot)
        if len(shot.spots_taken) > left:
            impossible(f"Указано занятых точек: {len(shot.spots_taken)}, а шаров, которые могли бы их занимать, "
                       f"на столе после удара {'остался' if left == 1 else 'осталось'} {ru.balls(left)} "
                       "(упавшие и вылетевшие шары выставляются сами, а каждый шар занимает не больше одной "
                       "точки).", "action.spots_taken")

    def _check_intermediate(self, state: State, shot: Shot) -> None:
        """Intermediate balls are other object balls on the table: four object balls less the played one,
        less the opponent's white while it waits off the table."""
        if not shot.intermediate:
            return
        others = 3 - (1 if state.in_dom[1 - state.current] and shot.ball != "white" else 0)
        if shot.intermediate > others:
            impossible(f"Промежуточных шаров указано {shot.intermediate}, а кроме сыгранного шара на столе только "
                       f"{ru.balls(others)}: белый шар соперника ждёт вне стола.",
                       "action.intermediate")

    def _check_ball_count(self, shot: Shot) -> None:
        """No more balls of a colour fall, fly off or are played than the table has."""
        used = {"red": shot.ball == "red", "white": shot.ball == "white", "yellow": shot.ball == "yellow"}
        for name, label, balls in (("also_pocketed", "Другие прицельные шары, упавшие в лузы", shot.also_pocketed),
                                   ("off_table", "Прицельные шары, вылетевшие за борт", shot.off_table)):
            for i, b in enumerate(balls):
                kind = "red" if b == "red2" else b
                used[kind] += 1
                if used[kind] > COUNT[kind]:
                    impossible(f"Поле «{label}»: {BALL_NAMES[kind]} указан больше раз, чем таких шаров "
                               "на столе (вместе с сыгранным шаром).", f"action.{name}[{i}]")

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, shot: Shot, names):
        """One shot, in the order of precedence:
        1. the shot itself: a miss or a positional shot, the first-shot rule (fouls);
        2. the played ball: counted or not (call, intermediate balls, doublet, first shot) and its points;
        3. the 58/59 rule: a white without a carom never ends the game;
        4. the outcome: 60 points by a counted ball that may end the game;
        5. fouls and lost next shots: yellow into a middle pocket twice, own cue ball, a ball off the table;
        6. the turn: a win ends; a lost next shot passes it; a counted ball continues the series; else it passes;
        7. respotting guidance and the cue ball in the «дом»."""
        p = state.current
        why = Why(self)
        tally = Tally()
        self._miss_or_positional(why, shot, tally)
        self._first_shot(why, state, shot)
        self._played_ball(why, shot, tally)
        self._white_58_59(why, state, shot, tally)
        scores = list(state.scores)
        scores[p] += tally.points
        tally.finished = tally.counted and not tally.white_plain and scores[p] >= TARGET
        if tally.finished:
            self._win(why, state, scores, names)
        self._lost_next_shot(why, state, shot, tally)
        nxt, turn_continues = self._turn(why, state, tally, names)
        respot = [] if tally.finished else self._respot(why, shot)
        new = self._next_state(state, shot, tally, scores, nxt)
        if new.in_dom[nxt] and not tally.finished:
            why.add("turn", f"{names[nxt]}: биток ставится в «доме».", "kaiza-from-dom")
        if not why.fouls and tally.points:
            why.decide("points", self._points_basis(shot, tally))
        elif not why.fouls:
            why.decide("no_points", None)
        return why.ruling(
            kind="shot", player=p, summary=self._summary(why, state, tally, new, turn_continues, names),
            points=tally.points, scores=new.scores, next_player=None if tally.finished else nxt,
            turn_continues=turn_continues, finished=tally.finished, winner=new.winner,
            extra={"scores_before": list(state.scores), "score_before": state.scores[p], "counted": tally.counted, "carom_counted": tally.carom_counted,
                   "lost_next_shot": bool(tally.lose_next) and not tally.finished, "respot": respot,
                   "in_dom": [i for i in range(2) if new.in_dom[i]],
                   "white_58_59": "credited" if state.credit_white else "not-credited",
                   # a ball off the table: the prize is written, no penalty (kaiza-off-table, kaiza-t-off-table)
                   "score_reasons": score_reasons(2, {p: "призовые, штрафа нет"} if shot.off_table and tally.points else {})}), new

    # -- 1. the shot itself --------------------------------------------------
    def _miss_or_positional(self, why: Why, shot: Shot, tally: Tally) -> None:
        if shot.positional and not shot.contact:
            # one sentence in the line and behind «почему» (the summary's «Очков нет: …» is the badge's label)
            tally.reason = "биток поставлен в выгодную позицию (позиционный удар), штрафа за промах нет"
            why.add("score", ru.sentence(tally.reason) + ".", "kaiza-positional")
            why.decide("no_points", "kaiza-positional")
        elif not shot.contact:
            why.foul("miss", "kaiza-t-miss", "Промах — биток не коснулся ни одного шара.")
            why.add("penalty", "Размер штрафа текст не называет: счёт не меняется.",
                    "kaiza-t-miss")

    def _first_shot(self, why: Why, state: State, shot: Shot) -> None:
        """The first shot of the game: the rule applies to what was aimed at (the call)."""
        if not state.first_shot:
            return
        why.add("setup", "Первый удар партии: биток ставится в «доме».", "kaiza-from-dom")
        bad = []
        if shot.red_from_spot_1:
            bad.append("класть в лузу красный шар с 1-й точки")
        aimed = "заказан" if shot.call != "none" else "сыгран"
        if shot.ball == "yellow":
            bad.append(f"играть жёлтый шар (он {aimed})")
        if shot.ball and shot.pocket in MIDDLE_POCKETS:
            bad.append(f"играть в среднюю лузу ({POCKET_NAMES[shot.pocket]} {aimed}а)")
        if bad:
            why.foul("first-shot", "kaiza-first-shot", f"Первым ударом партии нельзя {ru.join_and(bad)}.",
                     "kaiza-t-first-shot", *(("kaiza-t-aimed",) if shot.ball else ()))
        else:
            why.add("setup", "Запреты первого удара (красный с 1-й точки, средняя луза, жёлтый шар) не нарушены.",
                    "kaiza-first-shot", *(("kaiza-t-aimed",) if shot.ball else ()))

    # -- 2. the played ball ----------------------------------------------------
    def _played_ball(self, why: Why, shot: Shot, tally: Tally) -> None:
        has_carom = shot.caroms != NO_CAROM
        if not shot.contact:
            return
        if not shot.fell:
            if shot.ball:
                self._no_points(why, tally, f"заказанный {BALL_NAMES[shot.ball]} не упал", "kaiza-call",
                                "kaiza-t-aimed")
            if has_carom:
                why.add("score", f"Карамболь {carom_words(shot.caroms)} без засчитанного шара очков не даёт.",
                        "kaiza-points", "kaiza-t-carom-alone")
                if not shot.ball:
                    tally.reason = "карамболь без засчитанного шара очков не даёт"
                    why.decide("no_points", "kaiza-t-carom-alone")
            elif not shot.ball:
                self._no_points(why, tally, ("позиционный удар, " if shot.positional else "")
                                + "ни один шар не сыгран в лузу и не заказан", "kaiza-points")
            return
        refusals = self._why_not_counted(why, shot)
        if refusals:
            reasons = "; ".join(text for text, _ in refusals)
            name = BALL_NAMES[shot.ball]
            why.add("score", f"{ru.sentence(name)} (луза — {POCKET_NAMES[shot.pocket]}) не засчитывается: {reasons}.",
                    *[i for _, ids in refusals for i in ids])
            tally.reason = f"{name} не засчитывается ({reasons})"
            why.decide("no_points", refusals[0][1][0])
            return
        self._count_ball(why, shot, tally, has_carom)

    def _no_points(self, why: Why, tally: Tally, reason: str, *ids: str) -> None:
        why.add("score", f"{ru.sentence(reason)}: очков нет.", *ids)
        tally.reason = reason
        why.decide("no_points", ids[0])

    def _why_not_counted(self, why: Why, shot: Shot) -> list[tuple[str, tuple[str, ...]]]:
        """The reasons the played ball is not counted, each with what it rests on."""
        has_carom = shot.caroms != NO_CAROM
        out = []
        if shot.intermediate >= 2:
            out.append((f"забит после соударения битка и {shot.intermediate} промежуточных шаров",
                        ("kaiza-intermediate",)))
        if shot.doublet and shot.pocket not in MIDDLE_POCKETS:
            out.append(("дуплет засчитывается только в среднюю лузу", ("kaiza-doublet",)))
        if shot.call == "wrong":
            out.append(("упал не в заказанную лузу", ("kaiza-call", "kaiza-t-call")))
        elif shot.call == "none" and not (has_carom and not shot.ball_strike):
            out.append(("заказа не было, а засчитанного карамболя нет", ("kaiza-call", "kaiza-points", "kaiza-t-call")))
        if any(f.code == "first-shot" for f in why.fouls):
            # the text forbids the shot but does not say what follows: the толкование voids the ball
            out.append(("нарушено правило первого удара", ("kaiza-t-first-shot",)))
        return out

    def _count_ball(self, why: Why, shot: Shot, tally: Tally, has_carom: bool) -> None:
        tally.counted = True
        if shot.call == "none":
            why.add("score", "Заказа не было, но перед карамболем его обычно не делают: шар засчитывается.",
                    "kaiza-points", "kaiza-t-call")
        if shot.doublet:
            why.add("score", "Дуплет в среднюю лузу засчитывается.", "kaiza-doublet")
        tally.carom_counted = has_carom and not shot.ball_strike
        if has_carom and shot.ball_strike:
            why.add("score", "Шар сыгран «ударом шаром»: карамболь не засчитывается, очки только за шар.",
                    "kaiza-ball-strike", "kaiza-t-ball-strike")
        place = place_of(shot.ball, shot.pocket)
        points, source = POINTS[(shot.ball, place, shot.caroms if tally.carom_counted else NO_CAROM)]
        tally.points = points
        where = {"any": "", "corner": " в угловую лузу", "middle": " в среднюю лузу"}[place]
        how = f" с карамболем {carom_words(shot.caroms)}" if tally.carom_counted else ""
        origin = ("по тексту" if source == "kaiza-points-red" else
                  "по финским правилам — внешний источник" if "-o-" in source else
                  "по толкованию: 6 очков жёлтого по финским правилам и ещё 6 за среднюю лузу, в тексте этого "
                  "значения нет" if source == "kaiza-t-yellow-middle" else
                  "по толкованию: в тексте этого значения нет")
        call = ("kaiza-call",) if shot.call == "yes" else ()
        extra = ("kaiza-points",) if tally.carom_counted else ()
        text_clause = "kaiza-points-red" if shot.ball == "red" else "kaiza-points-rest"
        cites = tuple(dict.fromkeys((*call, text_clause, source, *extra)))
        # 12 = 6 + 6: the yellow's 6 in a corner pocket is the outside fact the толкование adds 6 to
        base = ("kaiza-o-yellow",) if source == "kaiza-t-yellow-middle" else ()
        why.add("score", f"{ru.sentence(BALL_NAMES[shot.ball])}{where}{how} — {ru.points(points)} ({origin}).",
                *cites, restates=base)
        if "white" not in shot.also_pocketed and shot.also_pocketed:
            one = len(shot.also_pocketed) == 1
            why.add("score", "Другой упавший шар очков не даёт." if one else "Другие упавшие шары очков не дают.",
                    "kaiza-t-one-ball")

    def _points_basis(self, shot: Shot, tally: Tally) -> str:
        place = place_of(shot.ball, shot.pocket)
        return POINTS[(shot.ball, place, shot.caroms if tally.carom_counted else NO_CAROM)][1]

    # -- 3. the 58/59 rule ---------------------------------------------------
    def _white_58_59(self, why: Why, state: State, shot: Shot, tally: Tally) -> None:
        """A white without a carom can never end the game (kaiza-58, kaiza-59, толкование 58-59)."""
        before = state.scores[state.current]
        tally.white_plain = tally.counted and shot.ball == "white" and not tally.carom_counted
        if not tally.white_plain or before + tally.points < TARGET:
            return
        rule = "kaiza-58" if before == 58 else "kaiza-59" if before == 59 else None
        tally.white_no_win = state.credit_white
        if before == 59:
            tally.lose_next.append(("59 очков и белый без карамболя", "kaiza-59"))
        if not state.credit_white:
            lost = ru.counted(tally.points, ru.POINTS, "за белый без карамболя", "не засчитывается",
                              "не засчитываются")
            why.add("score", f"У игрока {ru.points(before)}: {lost} (настройка партии), партия не заканчивается.",
                    "kaiza-t-58-59")
            tally.points = 0
            tally.reason = f"при {before} очках {lost} (настройка партии)"
            why.decide("no_points", "kaiza-t-58-59")
        else:
            why.add("score", f"У игрока {ru.points(before)}: очки за белый без карамболя засчитываются (настройка "
                    f"партии; текст этого не решает), счёт — {ru.points(before + tally.points)}, но белый без "
                    "карамболя партию не заканчивает.", "kaiza-t-58-59")
        tally.same_player_58 = rule == "kaiza-58"  # the turn step says it, unless the next shot is lost

    # -- 4. the outcome --------------------------------------------------------
    def _win(self, why: Why, state: State, scores, names) -> None:
        """60 by a ball that may end the game wins (kaiza-goal); an opponent at 60 or more has not won
        only because a white without a carom never ends the game (толкование 58-59)."""
        p, o = state.current, 1 - state.current
        why.add("outcome", f"{names[p]}: {ru.points(scores[p])} — партия выиграна.", "kaiza-goal")
        if scores[o] >= TARGET:
            why.add("outcome", f"У игрока {names[o]} {ru.points(scores[o])}, но они набраны белым без карамболя "
                    "при 58 или 59 очках, а такой шар партию не заканчивает; выигрывает тот, чей шар первым "
                    "закончит партию.", "kaiza-t-58-59")
        why.decide("win", "kaiza-goal")

    # -- 5. fouls and lost next shots -------------------------------------------
    def _lost_next_shot(self, why: Why, state: State, shot: Shot, tally: Tally) -> None:
        p = state.current
        ym = tally.counted and shot.ball == "yellow" and shot.pocket in MIDDLE_POCKETS
        if ym and state.yellow_middle[p]:
            why.foul("yellow-middle-twice", "kaiza-yellow-middle-twice",
                     "Жёлтый шар второй раз подряд сыгран в среднюю лузу.", "kaiza-t-yellow-twice")
            tally.lose_next.append(("жёлтый в среднюю лузу дважды подряд", "kaiza-yellow-middle-twice"))
        if shot.cue_ball != "table":
            why.foul("own-ball", "kaiza-own-ball", f"Свой биток {CUE_FATES[shot.cue_ball]}.", "kaiza-t-own-ball")
            if not tally.finished:  # after a win there is no next shot to lose
                why.add("turn", "После серии соперника провинившийся ставит свой биток в «доме».",
                        "kaiza-own-ball", "kaiza-from-dom")
            tally.lose_next.append(("свой биток " + CUE_FATES[shot.cue_ball], "kaiza-own-ball"))
        if shot.off_table:
            has_carom = shot.caroms != NO_CAROM
            kept = (f"{ru.counted(tally.points, ru.POINTS, 'за удар', 'засчитывается', 'засчитываются')}, "
                    if tally.points else "")
            # the clause speaks of a carom shot; without a carom the толкование carries it over
            basis = ("kaiza-off-table",) if has_carom else ()
            why.add("score", "Прицельный шар вылетел за борт" + (" после карамбольного удара" if has_carom else "")
                    + f": {kept}штраф не назначается.", *basis, "kaiza-t-off-table")
            tally.lose_next.append(("прицельный шар за бортом", basis[0] if basis else "kaiza-t-off-table"))
        if why.fouls:
            why.decide("foul", why.fouls[0].basis)

    # -- 6. the turn -------------------------------------------------------------
    def _turn(self, why: Why, state: State, tally: Tally, names) -> tuple[int, bool]:
        """A win ends; a lost next shot passes the turn; a counted ball continues the series."""
        p, o = state.current, 1 - state.current
        if tally.finished:
            return p, False
        if tally.lose_next:
            reasons = "; ".join(text for text, _ in tally.lose_next)
            why.add("turn", f"{names[p]} лишается следующего удара ({reasons}). Следующий удар: {names[o]}.",
                    *[i for _, i in tally.lose_next], "kaiza-t-series")
            return o, False
        if tally.same_player_58:
            why.add("turn", "При 58 очках после белого без карамболя следующий удар выполняет тот же игрок.",
                    "kaiza-58")
            return p, True
        if tally.counted:
            why.add("turn", "Шар засчитан: серия продолжается.", "kaiza-t-series")
            return p, True
        why.add("turn", f"Засчитанного шара нет: ход переходит. Следующий удар: {names[o]}.", "kaiza-t-series")
        return o, False

    # -- 7. respotting -----------------------------------------------------------
    def _respot(self, why: Why, shot: Shot) -> list[dict]:
        """Respotting guidance (kaiza-respot, kaiza-respot-red): the user says which spots are taken."""
        respot = []
        taken = set(shot.spots_taken)
        placed: dict = {}  # spot -> the ball this ruling puts on it
        for b in sorted(shot.fallen(), key=lambda b: ("red", "red2", "yellow", "white").index(b)):
            kind = "red" if b == "red2" else b
            if kind == "white":
                why.add("respot", "Белый шар соперника возвращают в «дом»; его владелец сыграет им из «дома».",
                        "kaiza-t-respot-other")
                respot.append({"ball": "white", "to": "dom"})
                continue
            order = RED_ORDER if kind == "red" else YELLOW_ORDER
            spot = next((s for s in order if s not in taken), CUSHION)
            busy = [s for s in order if s in taken and (spot == CUSHION or order.index(s) < order.index(spot))]
            note = busy_note(busy, placed)
            second_red = kind == "red" and any(x["ball"] == "red" for x in respot)
            name = "второй красный шар" if second_red else BALL_NAMES[kind]
            line = f"{ru.sentence(name)} ставят {spot_name(spot)}{note}."
            if kind == "yellow" and spot != 2:
                line += " Когда после серии 2-я точка окажется свободной, его переставляют на неё."
            ids = ["kaiza-respot"] + (["kaiza-respot-red"] if kind == "red" else [])
            if kind == "yellow" and spot not in (1, 2):
                ids.append("kaiza-t-respot-other")
            if b in shot.off_table:
                ids.append("kaiza-t-off-table")
            elif b in shot.also_pocketed:
                ids.append("kaiza-t-one-ball")
            why.add("respot", line, *ids)
            if spot != CUSHION:
                taken.add(spot)
                placed[spot] = name
            respot.append({"ball": kind, "to": spot})
        return respot

    def _next_state(self, state: State, shot: Shot, tally: Tally, scores, nxt: int) -> State:
        p = state.current
        in_dom = list(state.in_dom)
        in_dom[p] = shot.cue_ball != "table"
        yellow_middle = list(state.yellow_middle)
        yellow_middle[p] = tally.counted and shot.ball == "yellow" and shot.pocket in MIDDLE_POCKETS
        return replace(state, scores=tuple(scores), current=nxt, first_shot=False,
                       yellow_middle=tuple(yellow_middle), in_dom=tuple(in_dom), finished=tally.finished,
                       winner=p if tally.finished else None)

    # -- the summary -------------------------------------------------------------
    def _summary(self, why: Why, state: State, tally: Tally, new: State, turn_continues: bool, names) -> str:
        p, o = state.current, 1 - state.current
        gained = f"+{ru.points(tally.points)}" if tally.points else ""
        if tally.finished and why.fouls:
            fouls = "; ".join(ru.after_colon(f.text.rstrip(".")) for f in why.fouls)
            return (f"Победа: {names[p]} — {ru.points(new.scores[p])}. Нарушение ({fouls}) победе не мешает: "
                    "шар засчитан, а следующего удара, которого можно лишиться, уже нет.")
        if tally.finished:
            return f"Победа: {names[p]} — {ru.points(new.scores[p])}."
        if why.fouls:
            fouls = "; ".join(ru.after_colon(f.text.rstrip(".")) for f in why.fouls)
            points = (" " + ru.sentence(ru.counted(tally.points, ru.POINTS, "", "засчитано", "засчитаны")) + "."
                      if tally.points else "")
            # a penalty the text names no size of is said on the line, not only behind «почему» (a bare
            # «Нарушение» with the score unchanged read as a forgotten penalty)
            penalty = "".join(" " + line.text for line in why.lines if line.aspect == "penalty")
            return f"Нарушение: {fouls}.{points}{penalty} Следующий удар: {names[o]}."
        no_win = (f"{gained}: {ru.points(new.scores[p])}, но белый без карамболя партию не заканчивает"
                  if tally.white_no_win else "")
        if tally.lose_next:
            reasons = "; ".join(text for text, _ in tally.lose_next)
            head = (f"{no_win};" if no_win else f"{gained}, но" if tally.points else
                    f"Очков нет: {tally.reason};" if tally.reason else "Очков нет;")
            return f"{head} {names[p]} лишается следующего удара ({reasons}). Следующий удар: {names[o]}."
        if no_win:
            return f"{no_win}; серия продолжается, снова бьёт {names[p]}."
        if tally.points:
            return f"{gained}, серия продолжается. {names[p]}: {ru.points(new.scores[p])}."
        reason = tally.reason or "засчитанного шара нет"
        if turn_continues:
            return f"Очков нет: {reason}; снова бьёт {names[p]}."
        return f"Очков нет: {reason}. Следующий удар: {names[o]}."

    # ---- view -----------------------------------------------------------
    def idle_fields(self, state: State) -> tuple[str, ...]:
        """«На первом ударе партии упал красный шар с 1-й точки» is asked of the match's
        first shot only (check_action refuses «да» later)."""
        return () if state.finished or state.first_shot else ("red_from_spot_1",)

    def view(self, state: State, names) -> dict:
        players = [{"name": names[i], "score": state.scores[i], "current": i == state.current and not state.finished,
                    "in_dom": state.in_dom[i], "yellow_middle_last": state.yellow_middle[i]} for i in range(2)]
        if state.finished:
            status = f"Партия окончена. Победитель: {names[state.winner]}."
        else:
            status = f"Ход: {names[state.current]}"
            notes = []
            if state.in_dom[state.current]:
                notes.append("биток ставится в «доме»")
            if state.first_shot:
                notes.append("первым ударом нельзя класть красный с 1-й точки, играть в среднюю лузу и жёлтый шар")
            if state.yellow_middle[state.current]:
                # a warning: the foul happens only if this shot is a yellow into a middle pocket too
                notes.append("если снова сыграет жёлтый в среднюю лузу, лишится следующего удара")
            status += (f" ({'; '.join(notes)})" if notes else "") + "."
        return {"players": players, "current": None if state.finished else state.current,
                "finished": state.finished, "winner": state.winner, "decision": None, "status": status,
                # the opponent's white waiting in the «дом» for its owner is not on the table (not drawn)
                "absent": ["white"] if not state.finished and state.in_dom[1 - state.current] else [],
                "extra": {"target": TARGET, "first_shot": state.first_shot,
                          "white_58_59": "credited" if state.credit_white else "not-credited"}}

    # ---- random play: only possible positions and shots ------------------------
    def random_action(self, state: State, rng) -> dict:
        action: dict = {"type": "shot", "cue_ball": rng.choices(tuple(CUE_FATES), weights=(12, 2, 1))[0]}
        white_on_table = not state.in_dom[1 - state.current]
        ball = rng.choice((None, "red", "red", "yellow", "yellow") + (("white",) if white_on_table else ()))
        if rng.random() < 0.1:
            action.update(contact=False, positional=rng.random() < 0.5)
            if ball and rng.random() < 0.5:
                action.update(ball=ball, pocket=rng.choice(POCKET_IDS), call="missed")
            return action
        action["positional"] = rng.random() < 0.05
        free = {"red": 2, "white": 1 if white_on_table else 0, "yellow": 1}
        if ball:
            free[ball] -= 1
            call = rng.choices(tuple(CALLS), weights=(8, 3, 1, 2))[0]
            action.update(ball=ball, pocket=rng.choice(POCKET_IDS), call=call)
            if call in FELL:
                others = 3 - (not white_on_table and ball != "white")
                action.update(intermediate=min(others, rng.choices((0, 1, 2, 3), weights=(12, 3, 1, 1))[0]),
                              ball_strike=rng.random() < 0.08, doublet=rng.random() < 0.1)
        action["carom_reds"] = rng.randint(0, free["red"])
        action["carom_white"] = bool(free["white"]) and rng.random() < 0.4
        action["carom_yellow"] = bool(free["yellow"]) and rng.random() < 0.4
        extra = [b for b in EXTRA if (free["red"] if b == "red" else free["red"] > 1 if b == "red2" else free[b])]
        # without a played ball nothing fell: a ball that falls without a call is the played ball
        action["also_pocketed"] = [b for b in extra if ball and rng.random() < 0.08]
        action["off_table"] = [b for b in extra if b not in action["also_pocketed"] and rng.random() < 0.04]
        fell = bool(ball) and action.get("call") in FELL
        reds = (ball == "red" and fell) + sum(b in ("red", "red2") for b in action["also_pocketed"])
        if state.first_shot and reds:
            action["red_from_spot_1"] = rng.random() < 0.5
        to_spot = [b for b in ([ball] if fell else []) + action["also_pocketed"] + action["off_table"] if b != "white"]
        if to_spot:
            left = 3 - len(to_spot) + (action["cue_ball"] == "table") + white_on_table
            action["spots_taken"] = [s for s in SPOTS if rng.random() < 0.3][:left]
        return action

    def random_situation(self, rng) -> dict:
        score = rng.choice((rng.randint(0, 59), rng.randint(45, 59), 58, 59))
        other = rng.randint(0, 59)
        score, other = (0 if s == 1 else s for s in (score, other))
        ym = score >= YELLOW_MIDDLE_MIN and rng.random() < 0.15
        return {"score": score, "opponent_score": other, "first_shot": False, "yellow_middle_before": ym}
