"""The one error a quiz file can cause: it names the file, the question, the
field and what to do, in Russian (trainers write the files)."""

from __future__ import annotations

try:  # MkDocs shows a PluginError as a clean one-line build failure.
    from mkdocs.exceptions import PluginError as _ErrorBase
except ImportError:  # pragma: no cover - used outside MkDocs
    _ErrorBase = Exception


class QuizError(_ErrorBase):
    """A quiz file is wrong; the build stops."""

    def __init__(self, file: str, question_id: str | None, field: str | None, message: str, hint: str = ""):
        # ClickException (MkDocs' base) sets self.message: set ours after it.
        self.file = str(file)
        self.question_id = question_id
        self.field = field
        self.hint = hint
        self.message = message
        super().__init__(self.text())
        self.message = message

    def text(self) -> str:
        where = [self.file]
        if self.question_id is not None:
            where.append(f"вопрос «{self.question_id}»")
        if self.field:
            where.append(f"поле {self.field}")
        out = ", ".join(where) + ": " + self.message
        if self.hint:
            out += " Что сделать: " + self.hint
        return out

    def __str__(self) -> str:
        return self.text()


class QuizErrors(_ErrorBase):
    """Several files are wrong: every error, one per line."""

    def __init__(self, errors: list[QuizError]):
        self.errors = list(errors)
        super().__init__(str(self))

    def __str__(self) -> str:
        head = f"Ошибки в файлах тестов ({len(self.errors)}):"
        return "\n".join([head] + [f"- {e.text()}" for e in self.errors])
