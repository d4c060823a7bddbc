"""Fresh seeds for runs the caller does not seed."""

from __future__ import annotations

import os


def fresh_seed() -> int:
    """A random 64-bit seed from the operating system.

    ``os.urandom`` rather than :mod:`secrets`, which would add its imports (``hmac``,
    ``hashlib``, ``random``) to ``import holecard``.

    >>> 0 <= fresh_seed() < 2**64
    True
    """
    return int.from_bytes(os.urandom(8), "little")
