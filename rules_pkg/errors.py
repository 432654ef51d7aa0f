"""The three kinds of "no" (a foul is never an exception: it is part of a ruling).

- :class:`InputError`: the request is malformed or describes an impossible shot.
- :class:`StateError`: the action is well formed but impossible now
  (the match is over, a decision is pending, nothing to undo...).
- :class:`SavedStateError`: a stored match state is corrupt or outdated.

Every message is Russian and names the offending field.
"""


class RulesError(ValueError):
    code = "error"

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field

    def to_json(self) -> dict:
        return {"code": self.code, "message": self.message, "field": self.field}


class InputError(RulesError):
    code = "input"


class StateError(RulesError):
    code = "state"


class SavedStateError(RulesError):
    code = "saved_state"
