"""``python -m holecard``: the command line."""

import sys

from holecard.cli import main

if __name__ == "__main__":
    sys.exit(main())
