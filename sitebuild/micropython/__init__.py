"""MicroPython copy of the engine: the build-time transform (transform.py) and its shims (shims/)."""
