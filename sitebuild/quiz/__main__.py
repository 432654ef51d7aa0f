"""python -m sitebuild.quiz check|build|print — see the package docstring."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import build_all, load_dir, load_file, render
from .errors import QuizError, QuizErrors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitebuild.quiz",
                                     description="Тесты по правилам: проверка и выгрузка.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="проверить файлы тестов")
    p.add_argument("quiz_dir", nargs="?", default="quizzes")
    p = sub.add_parser("build", help="проверить и записать JSON, GIFT, Moodle XML и листы для печати")
    p.add_argument("quiz_dir", nargs="?", default="quizzes")
    p.add_argument("out_dir")
    p.add_argument("--site-url", default=None, help="адрес сайта для ссылок в GIFT и Moodle XML")
    p = sub.add_parser("print", help="лист вопросов и ключ ответов для варианта")
    p.add_argument("file")
    p.add_argument("--seed", type=int, required=True, help="номер варианта, 0 … 4294967295")
    p.add_argument("--count", type=int, default=None, help="сколько вопросов (по умолчанию все)")
    p.add_argument("--part", choices=("sheet", "key", "both"), default="both")
    p.add_argument("--base", default="..", help="начало ссылок на пункты правил (адрес сайта)")
    p.add_argument("-o", "--output", default="-")
    args = parser.parse_args(argv)
    try:
        if args.command == "check":
            quizzes = load_dir(args.quiz_dir)
            for q in quizzes:
                scen = sum(1 for x in q.questions if x.scenario)
                print(f"{q.source}: «{q.title}» ({q.id}) — вопросов {len(q.questions)}, со сценарием {scen}: ок")
        elif args.command == "build":
            built = build_all(args.quiz_dir, args.out_dir, args.site_url)
            for path in built.files:
                print(path)
        else:
            quiz = load_file(args.file)
            parts = ("sheet", "key") if args.part == "both" else (args.part,)
            try:
                text = render.render_print(quiz, args.seed, args.count, args.base, parts)
            except ValueError as exc:
                print(f"ошибка: {exc}", file=sys.stderr)
                return 2
            if args.output == "-":
                sys.stdout.write(text)
            else:
                Path(args.output).write_text(text, encoding="utf-8")
    except (QuizError, QuizErrors) as exc:
        print(str(exc), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
