"""``python -m holecard``: the command line."""

import signal
import sys

if __name__ == "__main__":
    try:
        from holecard.cli import console
    except KeyboardInterrupt:  # while the command line's package loads: quietly, as later
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print(file=sys.stderr)
        sys.exit(130)
    console()
