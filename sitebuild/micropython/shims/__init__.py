"""Shim modules for the MicroPython copy of rules_pkg (shipped as the package ``_rpshim``)."""
