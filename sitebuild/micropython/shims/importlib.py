"""importlib.import_module for absolute module names (MicroPython has no importlib)."""

import sys


def import_module(name):
    __import__(name)
    return sys.modules[name]
