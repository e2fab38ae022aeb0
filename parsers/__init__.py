"""Readers and printers of puzzle text: one genre a module, each a pair that round-trips."""


class ParseError(ValueError):
    """Bad puzzle text: the message names what is wrong and where, in one line."""
