"""``python -m gridsat`` and the ``gridsat`` command: the command line, entered through ``run``
so that Ctrl-C or a stop signal while its modules load (or its arguments are read) ends it as
one later does, with one line and exit 130 (128 + the signal), never a traceback."""

import signal
import sys


def run() -> int:
    """The command line, its start-up covered: stop signals are answered before it loads."""
    received: list[int] = []

    def stop(number: int, frame: object) -> None:
        received.append(number)
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):  # (``main`` answers them itself once it runs)
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
    try:
        from .cli import main

        return main()
    except KeyboardInterrupt:
        if received:
            name = signal.Signals(received[0]).name
            print(f"gridsat: error: stopped by {name}", file=sys.stderr)
            return 128 + received[0]
        print("gridsat: error: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run())
