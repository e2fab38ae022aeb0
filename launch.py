"""The ``gridsat`` command's first code: the console script and ``python -m gridsat`` start
here, so that Ctrl-C or a stop signal is answered (one line, exit 130, or 128 + the signal) from
the first moment, even while the modules load, before ``cli.main`` can answer it itself. It
imports nothing at its top: even ``signal`` loads inside the guard."""

import sys

EXIT_INTERRUPTED = 130  # (arguments.EXIT_INTERRUPTED: not imported, it may be what is loading)


def main() -> int:
    """Run the command line; a stop at any point is one line and its exit code, no traceback."""
    received: list[int] = []

    def stop(number: int, frame: object) -> None:
        received.append(number)
        raise KeyboardInterrupt

    try:
        import gc
        import signal

        for name in ("SIGTERM", "SIGHUP"):  # (``cli.main`` answers them itself once it runs)
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), stop)
        # Loading the modules makes objects by the hundred thousand and frees none: the cyclic
        # collector, which would go through them all again and again, rests until they are
        # loaded, and then leaves them out of its collections for good (gc.freeze).
        gc.disable()
        try:
            from .cli import main as command
        finally:
            gc.freeze()
            gc.enable()
        code = command()
        gc.freeze()  # nor does the exit's own collection go through what the command made
        return code
    except KeyboardInterrupt:
        if received:
            import signal

            name = signal.Signals(received[0]).name
            print(f"gridsat: error: stopped by {name}", file=sys.stderr)
            return 128 + received[0]
        print("gridsat: error: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
