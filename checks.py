"""What a caller names, checked: a genre, a backend, an encoding, an output format, a backend's
parameters. Shared by the library (``gridsat.api``) and the command line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .registry import Genre
    from .solvers.base import Backend


class PuzzleError(ValueError):
    """Bad input (a puzzle that cannot be read; a genre, backend, encoding or option that does
    not exist): the command line's one-line message, which it prints with exit 2."""


class OutputError(OSError):
    """An output that cannot be written (a full disk, a closed device): its one-line message
    names the output, and the command line exits 74 (sysexits.h's EX_IOERR)."""


def checked_genre(name: str) -> Genre[Any, Any]:
    """The genre by name or alias, or PuzzleError naming the choices."""
    from .registry import get_genre  # looked up at each call: tests put their own in its place

    text("genre", name, "a genre's name")
    try:
        return get_genre(name)
    except ValueError as e:
        raise PuzzleError(str(e)) from e


def checked_backend(name: str) -> Backend:
    """The backend by name, able to run here, or PuzzleError saying why not."""
    from .solvers import get_backend

    try:
        chosen = get_backend(text("backend", name, "such as 'cpsat' or 'sat:cadical195'").strip())
    except ValueError as e:
        raise PuzzleError(str(e)) from e
    reason = chosen.unavailable()
    if reason:
        raise PuzzleError(f"backend {chosen.name} is not available here: {reason}")
    return chosen


def checked_encoding(genre: Genre[Any, Any], name: str | None, backend: str = "") -> str:
    """One of the genre's encodings (for None, its default on ``backend``), or PuzzleError
    naming the choices."""
    if name is None:
        return genre.encoding_on(backend)
    if text("encoding", name, "an encoding's name") not in genre.encodings:
        raise PuzzleError(
            f"{genre.name} has no encoding {name!r} (choose from {', '.join(genre.encodings)})"
        )
    return name


def checked_format(genre: Genre[Any, Any], name: str | None) -> str:
    """One of the genre's output formats (its first for None), or PuzzleError naming them."""
    chosen = name or genre.output_formats[0]
    if chosen not in genre.output_formats:
        raise PuzzleError(
            f"{genre.name} has no output format {chosen!r} "
            f"(choose from {', '.join(genre.output_formats)})"
        )
    return chosen


def text(name: str, value: object, what: str = "text") -> str:
    """``value`` when it is a str; a TypeError naming the argument otherwise, rather than one
    from deep inside when it is first used as text."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str ({what}), not {type(value).__name__}")
    return value


def checked_params(
    params: Mapping[str, str] | None, backends: Sequence[Backend]
) -> dict[str, dict[str, str]]:
    """The parameters each backend takes, by backend name (``--param KEY=VALUE``): a parameter
    goes to the backends that have it; one that none has, or a bad value, is bad input."""
    from .solvers.base import UnknownParameter

    if params is not None and not isinstance(params, Mapping):
        raise TypeError(f"params must be a mapping of str to str, not {type(params).__name__}")
    taken: dict[str, dict[str, str]] = {b.name: {} for b in backends}
    usable = [b for b in backends if b.unavailable() is None]
    for key, value in (params or {}).items():
        if not isinstance(key, str) or not isinstance(value, str):
            raise PuzzleError(f"parameter {key!r}={value!r}: keys and values are text")
        unknown: list[str] = []
        for backend in usable:
            try:
                backend.parameters({key: value})
            except UnknownParameter as e:
                unknown.append(str(e))
                continue
            except ValueError as e:
                raise PuzzleError(f"--param {key}={value}: {e}") from e
            taken[backend.name][key] = value
        if unknown and len(unknown) == len(usable):
            raise PuzzleError(f"--param {key}={value}: {unknown[0]}")
    return taken
