"""A browser session that never starts (WebKitWebDriver waiting for a MiniBrowser that
never connects) is ended and tried again, so neither the cross-engine suite nor the
benchmark hangs on it (tests/xengine/engines.py: start_within)."""

import threading

import pytest

from tests.xengine.engines import EngineError, start_within


class HangsOnce:
    """A session start whose first try waits until it is aborted, then fails like a
    request to a killed driver; its later tries answer."""

    def __init__(self):
        self.tries = 0
        self.aborts = 0
        self._aborted = threading.Event()

    def start(self):
        self.tries += 1
        if self.tries == 1:
            assert self._aborted.wait(10), "the hung try was never aborted"
            raise ConnectionResetError("the driver is gone")
        return f"session {self.tries}"

    def abort(self):
        self.aborts += 1
        self._aborted.set()


def test_a_session_start_that_hangs_is_aborted_and_tried_again():
    session = HangsOnce()
    assert start_within(session.start, session.abort, timeout=0.2, attempts=3, what="Fake") == "session 2"
    assert (session.tries, session.aborts) == (2, 1)


def test_a_session_start_that_answers_is_not_aborted():
    aborts = []
    assert start_within(lambda: "session", lambda: aborts.append(1), timeout=5, attempts=3, what="Fake") == "session"
    assert aborts == []


def test_every_try_failing_says_each_outcome():
    tries = []

    def start():
        tries.append(1)
        raise OSError(f"refused {len(tries)}")

    with pytest.raises(EngineError) as caught:
        start_within(start, lambda: None, timeout=5, attempts=2, what="Fake")
    assert len(tries) == 2
    assert str(caught.value) == "Fake did not start (2 tries): OSError: refused 1; OSError: refused 2"


def test_tries_that_all_hang_end_in_an_error_not_a_hang():
    waits = []

    def start():  # every try waits until aborted, then fails like a killed driver's request
        waits.append(threading.Event())
        assert waits[-1].wait(10), "the hung try was never aborted"
        raise ConnectionResetError("the driver is gone")

    with pytest.raises(EngineError, match=r"^Fake did not start \(2 tries\): no answer in 0 s; no answer in 0 s$"):
        start_within(start, lambda: waits[-1].set(), timeout=0.1, attempts=2, what="Fake")
    assert len(waits) == 2
