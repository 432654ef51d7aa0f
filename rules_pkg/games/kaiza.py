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
whether it was a positional shot; the played object ball that fell, its
pocket and how it was called; the balls the cue ball caromed on; the
intermediate balls, «удар шаром», a doublet; other object balls that fell
or left the table; the player's own cue ball; on the first shot, whether the
red from spot 1 fell; the spots taken (for the respotting guidance).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core import Foul, Game, LOST, NOT_COMPUTABLE, OutsideFact, Ruling, citation_makers
from ..errors import InputError
from ..reader import Reader
from .. import ru
from ..table import MIDDLE_POCKETS, POCKET_IDS, POCKET_NAMES, pocket_options

TARGET = 60
BALLS = ("red", "white", "yellow")  # "white" is the opponent's white: an object ball for the shooter
BALL_NAMES = {"red": "красный шар", "white": "белый шар соперника", "yellow": "жёлтый шар"}
BALL_OPTIONS = [{"id": "red", "label": "красный"}, {"id": "white", "label": "белый соперника"},
                {"id": "yellow", "label": "жёлтый"}]
# Other balls that fell or left the table: two reds, so two ids for them.
EXTRA = ("red", "red2", "white", "yellow")
EXTRA_OPTIONS = [{"id": "red", "label": "красный"}, {"id": "red2", "label": "второй красный"},
                 {"id": "white", "label": "белый соперника"}, {"id": "yellow", "label": "жёлтый"}]
COUNT = {"red": 2, "white": 1, "yellow": 1}
CALLS = {"yes": "шар упал в заказанную лузу", "none": "заказа не было", "wrong": "шар упал не по заказу"}
CUE_FATES = {"table": "остался на столе", "pocket": "упал в лузу", "off": "вылетел за борт"}
CREDIT = {"credited": "засчитываются, но партию не заканчивают", "not-credited": "не засчитываются"}
SPOTS = (1, 2, 3)
NO_CAROM = (0, 0, 0)
RED_ORDER = (1, 3)
YELLOW_ORDER = (2, 1, 3)  # own spot, then spot 1 (text), then the red's order (толкование)
CUSHION = "cushion"


C, T = citation_makers("kaiza")


CLAUSES = (
    C("goal", "Пять шаров; побеждает первым набравший 60 очков"),
    C("58", "58 очков: белый без карамболя не заканчивает партию, бьёт тот же игрок"),
    C("59", "59 очков: белый без карамболя — потеря следующего удара"),
    C("lag", "Розыгрыш права первого удара", NOT_COMPUTABLE,
      "Розыгрыш проходит до партии; в счёте партии первым указывается игрок, выигравший розыгрыш."),
    C("lag-winner", "Биток возвращается в «дом»; первым бьёт тот, чей шар ближе к борту", NOT_COMPUTABLE,
      "Розыгрыш проходит до партии; в счёте партии первым указывается игрок, выигравший розыгрыш."),
    C("call", "Свой шар помечается; перед ударом — заказ лузы и шара"),
    C("first-shot", "Первый удар: нельзя класть красный с 1-й точки, играть в среднюю лузу и жёлтый"),
    C("from-dom", "Первый удар и удар после своего шара в лузе — из «дома»"),
    C("respot", "Шары выставляются на исходные точки, иначе на 1-ю; жёлтый — на свободную 2-ю"),
    C("respot-red", "Красный — на 1-ю точку, иначе на 3-ю, иначе к короткому борту"),
    C("own-ball", "Свой биток в лузе: потеря следующего удара, возврат из «дома»"),
    C("off-table", "Прицельный шар за бортом после карамбольного удара: очки засчитываются, следующий удар теряется"),
    C("intermediate", "Шар после двух и более промежуточных шаров не засчитывается"),
    C("ball-strike", "Карамболь при «ударе шаром» не засчитывается"),
    C("yellow-middle-twice", "Жёлтый в среднюю лузу дважды подряд — потеря следующего удара"),
    C("positional", "Позиционный удар: штрафа за промах нет"),
    C("doublet", "Дуплет засчитывается только в среднюю лузу"),
    C("points", "Перед карамболем заказ обычно не делают; к основным очкам — дополнительные"),
    C("points-red", "1) Красный шар в любую лузу — 3 очка"),
    C("points-rest", "Остальные пункты списка очков", LOST,
      "Текст обрывается после пункта о красном шаре. Не из текста: белый шар соперника — 2 очка, жёлтый — 6, "
      "красный и белый с карамболями — по финским правилам кайсы (внешний источник); жёлтый в среднюю лузу — "
      "12 и жёлтый с карамболями — по таблице «Пяти шаров с карамболями» (толкования)."),
)




TOLKOVANIYA = (
    T("58-59", "Белый без карамболя при 58 и 59 очках",
      "Текст противоречив: при 58 очках белый без карамболя (2 очка) дал бы ровно 60, но партия «не "
      "заканчивается», а при 59 — дал бы 61, но игрок лишь теряет следующий удар; красный и жёлтый при этом "
      "могут перебрать 60 и выиграть. Вывод, общий для обоих абзацев: белый без карамболя никогда не "
      "заканчивает партию, её заканчивает только засчитанный красный, жёлтый или белый с карамболем, после "
      "которого у игрока 60 очков или больше. Засчитываются ли 2 очка, текст не говорит; это настройка партии. "
      "По умолчанию очки засчитываются: слова «игра не заканчивается» имеют смысл, только если очки дошли бы до "
      "60. Тогда у игрока может быть 60 или больше очков без победы, и партию выигрывает тот, чей засчитанный "
      "красный, жёлтый или белый с карамболем первым закончит её. Иначе (очки не засчитываются) счёт остаётся "
      "58 или 59. Кто бьёт следующим — как в тексте: при 58 тот же игрок, при 59 — соперник; при 60 и больше "
      "(так бывает, только когда очки засчитываются) — по общему правилу серии, тот же игрок.",
      ("goal", "58", "59")),
    T("series", "Серия и потеря следующего удара",
      "Текст говорит о «серии ударов» и «серии, выполненной соперником»: засчитанный шар даёт право на "
      "следующий удар, удар без засчитанного шара передаёт ход сопернику. «Лишается права на проведение "
      "следующего удара» значит: ход переходит к сопернику, даже если шар засчитан; при двух игроках соперник "
      "играет свою серию, после чего провинившийся возвращается.", ("58", "59", "own-ball", "off-table")),
    T("call", "Заказ и карамболь",
      "Заказ лузы и шара обязателен, но «перед выполнением карамболя заказ лузы и шара, как правило, не "
      "делают». Поэтому шар, упавший не по заказу, не засчитывается; шар без заказа засчитывается, только если "
      "засчитан и карамболь.", ("call", "points")),
    T("carom-alone", "Карамболь без забитого шара очков не даёт",
      "Дополнительные очки назначают «за правильно сыгранные шары, помимо основного»; и в финских правилах очки "
      "начисляются только за забитый шар с карамболем или без. Карамболь без засчитанного шара очков не даёт, "
      "ход переходит.", ("points",)),
    T("one-ball", "Очки — только за сыгранный шар",
      "Очки начисляются за шар, который играли; другие прицельные шары, упавшие при том же ударе, очков не "
      "дают и выставляются на точки, как любой сыгранный шар.", ("call", "respot")),
    T("first-shot", "Нарушение правила первого удара",
      "Текст запрещает с первого удара класть красный с 1-й точки, играть в среднюю лузу и жёлтый шар, но не "
      "говорит, что будет при нарушении. Очки такого удара не засчитываются, ход переходит к сопернику; "
      "штрафных очков текст не называет, и калькулятор их не начисляет.", ("first-shot",)),
    T("own-ball", "Свой биток в лузе или за бортом",
      "Текст называет одно следствие — потерю следующего удара и возврат битка из «дома»; штрафных очков нет. "
      "Засчитанный при том же ударе прицельный шар засчитывается (как и в случае с прицельным шаром за "
      "бортом, где это сказано прямо). Биток, вылетевший за борт, — то же, что биток в лузе.", ("own-ball",)),
    T("off-table", "Прицельный шар за бортом",
      "Шар, вылетевший за борт, выставляется как сыгранный в лузу. Если удар был без карамболя, последствия "
      "те же, что после карамболя: очки засчитываются, штрафа нет, следующий удар теряется — более строгого "
      "наказания текст не даёт.", ("off-table", "respot")),
    T("ball-strike", "«Удар шаром»",
      "Что такое «удар шаром», текст не объясняет; это отмечает пользователь. Не засчитывается только "
      "карамболь: шар засчитывается по основной стоимости.", ("ball-strike",)),
    T("yellow-twice", "Жёлтый в среднюю лузу «два раза подряд»",
      "«Подряд» — в двух ударах одного игрока, идущих один за другим (удары соперника между ними не считаются). "
      "Текст называет одно наказание — потерю следующего удара; очки за второй жёлтый засчитываются.",
      ("yellow-middle-twice",)),
    T("miss", "Штраф за промах",
      "Текст упоминает «штраф за промах» (его нет при позиционном ударе), но размера не называет. Калькулятор "
      "отмечает нарушение, счёт не меняет, ход переходит к сопернику.", ("positional",)),
    T("respot-other", "Куда ставить жёлтый и белый шар соперника",
      "Для жёлтого: 2-я точка, если занята — 1-я (так в тексте), а если занята и она — как красный: 3-я точка, "
      "затем середина короткого борта. Точки у белого шара нет: его исходное место — «дом», откуда делают "
      "первый удар. Забитый или вылетевший белый шар соперника сразу возвращают в «дом» (как свой биток после "
      "его сыгрывания); он остаётся на столе прицельным шаром, а его владелец играет им из «дома».", ("respot", "respot-red", "from-dom")),
    T("yellow-middle", "Жёлтый в среднюю лузу — 12 очков",
      "Ни текст, ни финские правила не дают стоимости жёлтого в среднюю лузу. В таблице «Пяти шаров с "
      "карамболями» (тот же текст) жёлтый в среднюю лузу всегда на 6 очков дороже, чем в угловую; отсюда 6 + 6 = 12. "
      "Значение не подтверждено источником.", ("points-rest",)),
    T("yellow-caroms", "Жёлтый с карамболем — по таблице «Пяти шаров»",
      "Финские правила в имеющейся записи обрываются на жёлтом с карамболем. Все их значения для красного и "
      "белого с карамболями совпадают с таблицей «Пяти шаров с карамболями»; поэтому и для жёлтого с карамболем "
      "взяты значения этой таблицы: в угловую лузу 11, 12, 14, 15, 17, в среднюю 17, 18, 20, 21, 23.",
      ("points-rest",)),
)

SOURCE = "Правила кайсы (Финляндия) в английской записи «Rules of Kaisa», раздел 2 «Scoring»; не текст книги."
OUTSIDE = (
    OutsideFact("kaiza-o-white", "Белый шар соперника: 2 очка; с карамболем 4–13",
                "Белый шар соперника в лузу — 2 очка; с карамболем по красному — 4, по двум красным — 7, по жёлтому "
                "— 7, по жёлтому и красному — 10, по жёлтому и двум красным — 13.", SOURCE),
    OutsideFact("kaiza-o-red-caroms", "Красный с карамболем: 5–14",
                "Красный шар в лузу с карамболем по белому — 5, по красному — 6, по белому и красному — 8, по "
                "жёлтому — 9, по жёлтому и белому — 11, по жёлтому и красному — 12, по жёлтому, красному и белому "
                "— 14. (Сам красный — 3 очка — есть в тексте.)", SOURCE),
    OutsideFact("kaiza-o-yellow", "Жёлтый шар: 6 очков",
                "Жёлтый шар («кайса») в лузу без карамболя — 6 очков. Деления на угловые и средние лузы запись не "
                "делает; 6 очков здесь — для угловой лузы (о средней см. толкование).", SOURCE),
)

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


def place_of(ball: str, pocket: str) -> str:
    if ball != "yellow":
        return "any"
    return "middle" if pocket in MIDDLE_POCKETS else "corner"


def carom_words(caroms) -> str:
    reds, white, yellow = caroms
    parts = (["жёлтому"] if yellow else []) + (["красному"] if reds == 1 else ["двум красным"] if reds == 2 else []) \
        + (["белому соперника"] if white else [])
    return "по " + ru.join_and(parts)


def show_ball(b: str) -> str:
    return "«" + next(o["label"] for o in EXTRA_OPTIONS if o["id"] == b) + "»"


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
    ball: str | None
    pocket: str | None
    call: str
    caroms: tuple[int, int, int]
    intermediate: int
    ball_strike: bool
    doublet: bool
    also_pocketed: tuple[str, ...]
    off_table: tuple[str, ...]
    cue_ball: str
    red_from_spot_1: bool
    spots_taken: frozenset


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
    def action_fields(self) -> list[dict]:
        with_ball = {"ball": list(BALLS)}
        return [{"type": "shot", "label": "Удар", "fields": [
            {"name": "contact", "kind": "bool", "default": True, "label": "Биток коснулся хотя бы одного шара",
             "help": "Нет — промах."},
            {"name": "positional", "kind": "bool", "default": False,
             "label": "Позиционный удар (биток ставится в выгодную позицию)",
             "help": "При позиционном ударе промах не штрафуется."},
            {"name": "ball", "kind": "choice", "label": "Какой прицельный шар сыгран в лузу", "options": BALL_OPTIONS,
             "default": None, "optional": True, "help": "Не указано — ни один шар не сыгран."},
            {"name": "pocket", "kind": "choice", "label": "В какую лузу он упал", "options": pocket_options(),
             "default": None, "when": with_ball},
            {"name": "call", "kind": "choice", "label": "Заказ", "default": "yes", "when": with_ball,
             "options": [{"id": k, "label": v} for k, v in CALLS.items()]},
            {"name": "carom_reds", "kind": "int", "min": 0, "max": 2, "default": 0,
             "label": "Карамболь по красным: по скольким красным шарам", "help": "Кроме сыгранного шара."},
            {"name": "carom_white", "kind": "bool", "default": False, "label": "Карамболь по белому шару соперника"},
            {"name": "carom_yellow", "kind": "bool", "default": False, "label": "Карамболь по жёлтому шару"},
            {"name": "intermediate", "kind": "int", "min": 0, "max": 3, "default": 0, "when": with_ball,
             "label": "Сколько промежуточных шаров было между битком и сыгранным шаром"},
            {"name": "ball_strike", "kind": "bool", "default": False, "when": with_ball,
             "label": "Шар сыгран «ударом шаром»", "help": "Термин текст не объясняет; карамболь тогда не засчитывается."},
            {"name": "doublet", "kind": "bool", "default": False, "when": with_ball, "label": "Шар забит дуплетом"},
            {"name": "also_pocketed", "kind": "set", "options": EXTRA_OPTIONS, "default": [],
             "label": "Другие прицельные шары, упавшие в лузы"},
            {"name": "off_table", "kind": "set", "options": EXTRA_OPTIONS, "default": [],
             "label": "Прицельные шары, вылетевшие за борт"},
            {"name": "cue_ball", "kind": "choice", "label": "Свой биток после удара", "default": "table",
             "options": [{"id": k, "label": v} for k, v in CUE_FATES.items()]},
            {"name": "red_from_spot_1", "kind": "bool", "default": False,
             "label": "Первый удар партии: упал красный шар с 1-й точки"},
            {"name": "spots_taken", "kind": "set", "default": [], "label": "Какие точки заняты другими шарами",
             "options": [{"id": s, "label": f"{s}-я точка"} for s in SPOTS],
             "help": "Нужно, только если после удара шары выставляются на точки."},
        ]}]

    def option_fields(self) -> list[dict]:
        return [{"name": "white_58_59", "kind": "choice", "default": "credited",
                 "label": "Очки за белый без карамболя при 58 и 59 очках",
                 "options": [{"id": k, "label": v} for k, v in CREDIT.items()],
                 "help": "Текст этого не решает: см. толкование «Белый без карамболя при 58 и 59 очках»."}]

    def situation_fields(self) -> list[dict]:
        return [
            {"name": "score", "kind": "int", "min": 0, "max": 99, "default": 0, "label": "Очки игрока перед ударом",
             "help": "60 и больше без победы — только если очки белого без карамболя при 58–59 засчитываются."},
            {"name": "opponent_score", "kind": "int", "min": 0, "max": 99, "default": 0, "label": "Очки соперника"},
            {"name": "first_shot", "kind": "bool", "default": False, "label": "Это первый удар партии"},
            {"name": "yellow_middle_before", "kind": "bool", "default": False,
             "label": "Предыдущим ударом игрок сыграл жёлтый в среднюю лузу"},
        ]

    def read_options(self, options: Reader) -> dict:
        mode = options.choice("white_58_59", tuple(CREDIT), default="credited")
        options.done()
        return {"white_58_59": mode}

    # ---- states ---------------------------------------------------------
    def initial_state(self, n_players: int, options: dict) -> State:
        return State(credit_white=options.get("white_58_59", "credited") == "credited")

    def state_from_situation(self, situation: Reader, options: dict) -> State:
        credit = options.get("white_58_59", "credited") == "credited"
        top = 99 if credit else TARGET - 1
        score = situation.int("score", min=0, max=top, default=0, what="Очки игрока (поле situation.score)")
        other = situation.int("opponent_score", min=0, max=top, default=0, what="Очки соперника (поле situation.opponent_score)")
        first = situation.bool("first_shot", default=False)
        ym = situation.bool("yellow_middle_before", default=False)
        situation.done()
        if first and (score or other or ym):
            raise InputError("Первый удар партии делается при счёте 0:0, без предыдущих ударов "
                             "(поле situation.first_shot).", "situation.first_shot")
        return State(scores=(score, other), first_shot=first, yellow_middle=(ym, False), in_dom=(first, False),
                     credit_white=credit)

    def read_action(self, action: Reader, state: State) -> Shot:
        action.choice("type", ("shot",), default="shot")
        contact = action.bool("contact", default=True)
        positional = action.bool("positional", default=False)
        ball = action.optional_choice("ball", BALLS)
        pocket = action.optional_choice("pocket", POCKET_IDS)
        call = action.optional_choice("call", tuple(CALLS))
        reds = action.int("carom_reds", min=0, max=2, default=0, what="Карамболь по красным (поле action.carom_reds)")
        white = action.bool("carom_white", default=False)
        yellow = action.bool("carom_yellow", default=False)
        intermediate = action.int("intermediate", min=0, max=3, default=0, what="Промежуточные шары (поле action.intermediate)")
        strike = action.bool("ball_strike", default=False)
        doublet = action.bool("doublet", default=False)
        also = action.items("also_pocketed", EXTRA, default=[], what="шар")
        off = action.items("off_table", EXTRA, default=[], what="шар")
        cue = action.choice("cue_ball", tuple(CUE_FATES), default="table")
        red1 = action.bool("red_from_spot_1", default=False)
        taken = action.items("spots_taken", SPOTS, default=[], what="точка")
        action.done()
        caroms = (reds, int(white), int(yellow))
        if ball is None:
            for name, bad in (("pocket", pocket is not None), ("call", call is not None), ("intermediate", intermediate),
                              ("ball_strike", strike), ("doublet", doublet)):
                if bad:
                    raise InputError(f"Поле action.{name} относится к сыгранному шару, а шар (action.ball) не указан.",
                                     f"action.{name}")
        elif pocket is None:
            raise InputError("Укажите, в какую лузу упал сыгранный шар (поле action.pocket).", "action.pocket")
        if not contact and (ball or any(caroms) or also or off):
            raise InputError("Биток не коснулся ни одного шара, значит прицельные шары не могли ни упасть, ни вылететь, "
                             "ни дать карамболь (поле action.contact).", "action.contact")
        # The ball set: two reds, the opponent's white, the yellow; the played ball is not caromed on.
        if ball == "red" and reds == 2:
            raise InputError("Красных шаров два, и один из них — сыгранный: карамболь возможен только по одному "
                             "красному (поле action.carom_reds).", "action.carom_reds")
        if ball == "white" and white:
            raise InputError("Белый шар соперника один, и он сыгран: карамболь по нему невозможен "
                             "(поле action.carom_white).", "action.carom_white")
        if ball == "yellow" and yellow:
            raise InputError("Жёлтый шар один, и он сыгран: карамболь по жёлтому невозможен (поле action.carom_yellow).",
                             "action.carom_yellow")
        for i, b in enumerate(off):
            if b in also:
                raise InputError(f"Шар {show_ball(b)} не может и упасть в лузу, и вылететь за борт "
                                 f"(поле action.off_table[{i}]).", f"action.off_table[{i}]")
        used = {"red": ball == "red", "white": ball == "white", "yellow": ball == "yellow"}
        for name, balls in (("also_pocketed", also), ("off_table", off)):
            for i, b in enumerate(balls):
                kind = "red" if b == "red2" else b
                used[kind] += 1
                if used[kind] > COUNT[kind]:
                    raise InputError(f"Поле action.{name}[{i}]: {BALL_NAMES[kind]} указан больше раз, чем таких шаров "
                                     "на столе (вместе с сыгранным шаром).", f"action.{name}[{i}]")
        if state.in_dom[1 - state.current]:
            for name, bad in (("ball", ball == "white"), ("carom_white", white), ("also_pocketed", "white" in also),
                              ("off_table", "white" in off)):
                if bad:
                    raise InputError("Белого шара соперника сейчас нет на столе: он упал в лузу или вылетел за борт "
                                     "при ударе своего владельца, и тот поставит его в «доме» перед своим ударом "
                                     f"(поле action.{name}).", f"action.{name}")
        fell_reds = (ball == "red") + sum(1 for b in also if b in ("red", "red2"))
        if red1 and not (state.first_shot and fell_reds):
            raise InputError("Поле action.red_from_spot_1 относится только к первому удару партии, когда в лузу "
                             "упал красный шар.", "action.red_from_spot_1")
        to_spot = [b for b in ([ball] if ball else []) + list(also) + list(off) if b != "white"]
        if taken and not to_spot:
            raise InputError("После этого удара на точки выставлять нечего, поэтому занятые точки указывать не нужно "
                             "(поле action.spots_taken).", "action.spots_taken")
        return Shot(contact, positional, ball, pocket, call or "yes", caroms, intermediate, strike, doublet,
                    tuple(also), tuple(off), cue, red1, frozenset(taken))

    # ---- rulings --------------------------------------------------------
    def apply(self, state: State, shot: Shot, names):
        p, o = state.current, 1 - state.current
        before = state.scores[p]
        refs: list[str] = []  # clause, толкование and outside-fact ids, sorted out by cite()
        lines: list[str] = []
        fouls: list[Foul] = []
        lose_next: list[str] = []
        has_carom = shot.caroms != NO_CAROM
        counted = False
        carom_counted = False
        points = 0

        if not shot.contact:
            refs.append("kaiza-positional")
            if shot.positional:
                lines.append("Позиционный удар: биток поставлен в выгодную позицию, штрафа за промах нет.")
            else:
                fouls.append(Foul("miss", "kaiza-positional", "Промах: биток не коснулся ни одного шара."))
                refs.append("kaiza-t-miss")
                lines.append("Штраф за промах текст упоминает, но его размер не называет: счёт не меняется.")
        elif shot.positional:
            refs.append("kaiza-positional")
            lines.append("Позиционный удар.")

        # First shot (kaiza-first-shot): collect the violations before scoring.
        if state.first_shot:
            refs += ["kaiza-first-shot", "kaiza-from-dom"]
            bad = []
            if shot.red_from_spot_1:
                bad.append("красный шар с 1-й точки упал в лузу")
            if shot.ball == "yellow":
                bad.append("сыгран жёлтый шар")
            if shot.ball and shot.pocket in MIDDLE_POCKETS:
                bad.append("шар сыгран в среднюю лузу")
            if bad:
                fouls.append(Foul("first-shot", "kaiza-first-shot",
                                  f"первым ударом партии нельзя: {ru.join_and(bad)}."))
                refs.append("kaiza-t-first-shot")

        if shot.contact and shot.ball is None:
            if has_carom:
                refs += ["kaiza-points", "kaiza-t-carom-alone"]
                lines.append(f"Карамболь {carom_words(shot.caroms)} без сыгранного шара очков не даёт.")
            else:
                refs.append("kaiza-points")
                lines.append("Ни один шар не сыгран в лузу: очков нет.")
        elif shot.ball is not None:
            name = BALL_NAMES[shot.ball].capitalize()
            place = place_of(shot.ball, shot.pocket)
            why_not = []
            if shot.intermediate >= 2:
                refs.append("kaiza-intermediate")
                why_not.append(f"забит после соударения битка и {shot.intermediate} промежуточных шаров")
            if shot.doublet:
                refs.append("kaiza-doublet")
                if shot.pocket not in MIDDLE_POCKETS:
                    why_not.append("дуплет засчитывается только в среднюю лузу")
            if shot.call == "wrong":
                refs += ["kaiza-call", "kaiza-t-call"]
                why_not.append("упал не по заказу")
            elif shot.call == "none" and not (has_carom and not shot.ball_strike):
                refs += ["kaiza-call", "kaiza-points", "kaiza-t-call"]
                why_not.append("заказа не было, а засчитанного карамболя нет")
            if any(f.code == "first-shot" for f in fouls):
                why_not.append("нарушено правило первого удара")
            if why_not:
                lines.append(f"{name} (луза: {POCKET_NAMES[shot.pocket]}) не засчитывается: {'; '.join(why_not)}.")
            else:
                counted = True
                refs.append("kaiza-call")
                if shot.call == "none":
                    refs += ["kaiza-points", "kaiza-t-call"]
                    lines.append("Заказа не было, но перед карамболем его обычно не делают: шар засчитывается.")
                carom_counted = has_carom and not shot.ball_strike
                if has_carom and shot.ball_strike:
                    refs += ["kaiza-ball-strike", "kaiza-t-ball-strike"]
                    lines.append("Шар сыгран «ударом шаром»: карамболь не засчитывается, очки только за шар.")
                points, source = POINTS[(shot.ball, place, shot.caroms if carom_counted else NO_CAROM)]
                refs += ["kaiza-points-red" if shot.ball == "red" else "kaiza-points-rest", source]
                if carom_counted:
                    refs.append("kaiza-points")
                where = {"any": "", "corner": " в угловую лузу", "middle": " в среднюю лузу"}[place]
                how = f" с карамболем {carom_words(shot.caroms)}" if carom_counted else ""
                origin = ("по тексту" if source == "kaiza-points-red" else
                          "по финским правилам — внешний источник" if "-o-" in source else
                          "по толкованию: в тексте этого значения нет")
                lines.append(f"{name}{where}{how}: {ru.points(points)} ({origin}).")

        # A white without a carom can never end the game (kaiza-58, kaiza-59, толкование 58-59).
        white_plain = counted and shot.ball == "white" and not carom_counted
        if white_plain and before + points >= TARGET:
            refs.append("kaiza-t-58-59")
            if before == 58:
                refs.append("kaiza-58")
            elif before == 59:
                refs.append("kaiza-59")
                lose_next.append("59 очков и белый без карамболя")
            if not state.credit_white:
                lines.append(f"У игрока {ru.points(before)}: {ru.points(points)} за белый без карамболя не засчитываются "
                             "(настройка партии), партия не заканчивается.")
                points = 0
            else:
                lines.append(f"{ru.points(before + points)}, но белый без карамболя партию не заканчивает.")

        scores = list(state.scores)
        scores[p] += points
        finished = counted and not white_plain and scores[p] >= TARGET
        if finished:
            refs.append("kaiza-goal")
            lines.append(f"{names[p]}: {ru.points(scores[p])} — партия выиграна.")

        # Yellow into a middle pocket twice running (kaiza-yellow-middle-twice).
        ym = counted and shot.ball == "yellow" and shot.pocket in MIDDLE_POCKETS
        if ym and state.yellow_middle[p]:
            fouls.append(Foul("yellow-middle-twice", "kaiza-yellow-middle-twice",
                              "Жёлтый шар второй раз подряд сыгран в среднюю лузу."))
            refs.append("kaiza-t-yellow-twice")
            lose_next.append("жёлтый в среднюю лузу дважды подряд")
        # Own cue ball pocketed or off the table (kaiza-own-ball).
        if shot.cue_ball != "table":
            fouls.append(Foul("own-ball", "kaiza-own-ball", f"Свой биток {CUE_FATES[shot.cue_ball]}."))
            refs += ["kaiza-own-ball", "kaiza-from-dom", "kaiza-t-own-ball"]
            lose_next.append("свой биток " + CUE_FATES[shot.cue_ball])
        # Object balls off the table (kaiza-off-table): points stand, no penalty, the next shot is lost.
        if shot.off_table:
            refs += ["kaiza-off-table", "kaiza-t-off-table"]
            lose_next.append("прицельный шар за бортом")
            lines.append("Прицельный шар вылетел за борт" + (" после карамбольного удара" if has_carom else "") + ": " +
                         (f"{ru.points(points)} за удар {ru.plural(points, 'засчитывается', 'засчитываются', 'засчитываются')}, "
                          if points else "") + "штраф не назначается.")

        # Precedence: a win ends everything; any reason to lose the next shot beats continuing the series.
        refs.append("kaiza-t-series")
        if finished:
            nxt, turn_continues = p, False
        elif lose_next:
            nxt, turn_continues = o, False
            lines.append(f"{names[p]} лишается следующего удара ({'; '.join(lose_next)}). Следующий удар: {names[o]}.")
        elif counted:
            nxt, turn_continues = p, True
        else:
            nxt, turn_continues = o, False
        for f in fouls:
            refs.append(f.clause)

        # Respotting guidance (kaiza-respot, kaiza-respot-red): the user says which spots are taken.
        respot = []
        if not finished:
            fell = ([shot.ball] if shot.ball else []) + list(shot.also_pocketed) + list(shot.off_table)
            taken = set(shot.spots_taken)
            for b in sorted(fell, key=lambda b: ("red", "red2", "yellow", "white").index(b)):
                kind = "red" if b == "red2" else b
                if kind == "white":
                    refs += ["kaiza-t-respot-other", "kaiza-from-dom"]
                    lines.append("Белый шар соперника возвращают в «дом»; его владелец сыграет им из «дома».")
                    respot.append({"ball": "white", "to": "dom"})
                    continue
                order = RED_ORDER if kind == "red" else YELLOW_ORDER
                spot = next((s for s in order if s not in taken), CUSHION)
                refs += ["kaiza-respot"] + (["kaiza-respot-red"] if kind == "red" else [])
                if kind == "yellow" and spot not in (1, 2):
                    refs.append("kaiza-t-respot-other")
                busy = [s for s in order if s in taken and (spot == CUSHION or order.index(s) < order.index(spot))]
                note = f" ({ru.join_and(f'{s}-я' for s in busy)} занят{'а' if len(busy) == 1 else 'ы'})" if busy else ""
                line = f"{BALL_NAMES[kind].capitalize()} ставят {spot_name(spot)}{note}."
                if kind == "yellow" and spot != 2:
                    line += " Когда после серии 2-я точка окажется свободной, его переставляют на неё."
                lines.append(line)
                if spot != CUSHION:
                    taken.add(spot)
                respot.append({"ball": kind, "to": spot})
            if shot.off_table:
                refs.append("kaiza-t-off-table")
            if shot.also_pocketed:
                refs.append("kaiza-t-one-ball")

        in_dom = list(state.in_dom)
        in_dom[p] = shot.cue_ball != "table"
        yellow_middle = list(state.yellow_middle)
        yellow_middle[p] = ym
        new = replace(state, scores=tuple(scores), current=nxt, first_shot=False, yellow_middle=tuple(yellow_middle),
                      in_dom=tuple(in_dom), finished=finished, winner=p if finished else None)
        if in_dom[nxt] and not finished:
            lines.append(f"{names[nxt]}: биток ставится в «доме».")
            refs.append("kaiza-from-dom")

        if finished:
            summary = f"Победа: {names[p]} — {ru.points(scores[p])}."
        elif lose_next:
            gained = f"+{ru.points(points)}, но " if points else ""
            summary = f"{gained}{names[p]} лишается следующего удара. Следующий удар: {names[o]}."
        elif fouls:
            summary = f"Нарушение: {fouls[0].text} Следующий удар: {names[o]}."
        elif turn_continues:
            summary = (f"+{ru.points(points)}, серия продолжается. {names[p]}: {ru.points(scores[p])}." if points else
                       f"Очки не засчитаны, но следующий удар снова: {names[p]}.")
        else:
            summary = f"Очков нет. Следующий удар: {names[o]}."
        ids = self.cite(refs)
        ruling = Ruling(
            kind="shot", player=p, summary=summary, lines=tuple(lines), points=points, fouls=tuple(fouls),
            scores=new.scores, next_player=None if finished else nxt, turn_continues=turn_continues,
            finished=finished, winner=new.winner,
            clauses=tuple(i for i in ids if i.startswith("kaiza-") and not i.startswith(("kaiza-t-", "kaiza-o-"))),
            tolkovaniya=tuple(i for i in ids if i.startswith("kaiza-t-")),
            outside=tuple(i for i in ids if i.startswith("kaiza-o-")),
            extra={"score_before": before, "counted": counted, "carom_counted": carom_counted,
                   "lost_next_shot": bool(lose_next) and not finished, "respot": respot,
                   "in_dom": [i for i in range(2) if new.in_dom[i]], "white_58_59":
                       "credited" if state.credit_white else "not-credited"})
        return ruling, new

    # ---- view -----------------------------------------------------------
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
                notes.append("первый удар: нельзя класть красный с 1-й точки, играть в среднюю лузу и жёлтый шар")
            if state.yellow_middle[state.current]:
                notes.append("жёлтый в среднюю лузу второй раз подряд — потеря следующего удара")
            status += (f" ({'; '.join(notes)})" if notes else "") + "."
        return {"players": players, "current": None if state.finished else state.current,
                "finished": state.finished, "winner": state.winner, "decision": None, "status": status,
                "extra": {"target": TARGET, "first_shot": state.first_shot,
                          "white_58_59": "credited" if state.credit_white else "not-credited"}}

    # ---- random play ------------------------------------------------------
    def random_action(self, state: State, rng) -> dict:
        action: dict = {"type": "shot", "cue_ball": rng.choices(tuple(CUE_FATES), weights=(12, 2, 1))[0]}
        if rng.random() < 0.1:
            action.update(contact=False, positional=rng.random() < 0.5)
            return action
        ball = rng.choice((None, "red", "red", "yellow", "yellow") + (() if state.in_dom[1 - state.current] else ("white",)))
        action["positional"] = rng.random() < 0.05
        free = {"red": 2, "white": 0 if state.in_dom[1 - state.current] else 1, "yellow": 1}
        if ball:
            free[ball] -= 1
            action.update(ball=ball, pocket=rng.choice(POCKET_IDS),
                          call=rng.choices(tuple(CALLS), weights=(8, 2, 1))[0],
                          intermediate=rng.choices((0, 1, 2, 3), weights=(12, 3, 1, 1))[0],
                          ball_strike=rng.random() < 0.08, doublet=rng.random() < 0.1)
        action["carom_reds"] = rng.randint(0, free["red"])
        action["carom_white"] = bool(free["white"]) and rng.random() < 0.4
        action["carom_yellow"] = bool(free["yellow"]) and rng.random() < 0.4
        extra = [b for b in EXTRA if (free["red"] if b == "red" else free["red"] > 1 if b == "red2" else free[b])]
        action["also_pocketed"] = [b for b in extra if rng.random() < 0.08]
        action["off_table"] = [b for b in extra if b not in action["also_pocketed"] and rng.random() < 0.04]
        reds = (ball == "red") + sum(b in ("red", "red2") for b in action["also_pocketed"])
        if state.first_shot and reds:
            action["red_from_spot_1"] = rng.random() < 0.5
        to_spot = [b for b in ([ball] if ball else []) + action["also_pocketed"] + action["off_table"] if b != "white"]
        if to_spot:
            action["spots_taken"] = [s for s in SPOTS if rng.random() < 0.3]
        return action

    def random_situation(self, rng) -> dict:
        score = rng.choice((rng.randint(0, 59), rng.randint(45, 59), 58, 59))
        return {"score": score, "opponent_score": rng.randint(0, 59), "first_shot": False,
                "yellow_middle_before": rng.random() < 0.15}
