"""The backends, by name: ``cpsat``, ``cpsat:N`` (N workers) and ``sat:NAME`` for python-sat."""

from __future__ import annotations

from .base import FINISHED, FOUND, Backend, BackendError, Result, Session, Status

__all__ = [
    "FINISHED",
    "FOUND",
    "Backend",
    "BackendError",
    "Result",
    "Session",
    "Status",
    "all_backends",
    "get_backend",
]


def get_backend(name: str) -> Backend:
    """The backend called ``name``; ValueError naming the choices when there is none."""
    from .sat import SOLVERS, SatBackend

    family, colon, arg = name.partition(":")
    if colon and not arg and family in ("cpsat", "sat"):  # (``sat:`` is no solver's name)
        raise ValueError(
            f"bad backend {name!r}: name what follows the colon (cpsat:N with N workers, "
            f"sat:NAME with python-sat's {', '.join(SOLVERS)}); `gridsat backends` lists them"
        )
    if family == "cpsat":
        from .cpsat import CpSatBackend  # (only here: a run loads the backend it runs)

        if not arg:
            return CpSatBackend()
        if arg.isascii() and arg.isdigit() and len(arg) < 6 and int(arg) >= 1:
            return CpSatBackend(int(arg))
        raise ValueError(f"bad backend {name!r}: cpsat:N wants a number of workers, N >= 1")
    if family == "sat":
        solver = arg or SOLVERS[0]
        if solver not in SOLVERS:
            raise ValueError(
                f"unknown SAT solver {arg!r} (python-sat offers: {', '.join(SOLVERS)})"
            )
        return SatBackend(solver)
    if family in SOLVERS and not arg:
        return SatBackend(family)
    raise ValueError(
        f"unknown backend {name!r} (choose cpsat, cpsat:N or sat:NAME; "
        "`gridsat backends` lists them)"
    )


def all_backends() -> list[Backend]:
    """Every backend this program knows, available here or not."""
    from .cpsat import CpSatBackend
    from .sat import SOLVERS, SatBackend

    return [CpSatBackend(), CpSatBackend(1), *(SatBackend(s) for s in SOLVERS)]
