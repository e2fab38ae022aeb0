"""The ``gridsat`` command's first code: the console script and ``python -m gridsat`` start
here, so that Ctrl-C is answered (one line, exit 130) from the first moment, even while the
modules load, before ``cli.main`` can answer it itself."""

import sys

EXIT_INTERRUPTED = 130  # (arguments.EXIT_INTERRUPTED: not imported, it may be what is loading)


def main() -> int:
    """Run the command line; Ctrl-C at any point is exit 130, never a traceback."""
    try:
        from .cli import main as command

        return command()
    except KeyboardInterrupt:
        print("gridsat: error: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
