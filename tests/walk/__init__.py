"""The random walk through the real screen (issue 26, § 4): random legal
matches of every game with a tool, played by taps and drags as a person
would, with the screen checked after every tap. scripts/walk_ui.py runs it
long; tests/browser/test_walk.py runs a few seeds in CI."""
