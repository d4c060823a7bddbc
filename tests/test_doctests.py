"""The examples in the compiled core's docstrings run as tests (pytest's doctest collector
does not see inside extension modules)."""

from __future__ import annotations

import doctest

from holecard import _core


def test_core_docstrings() -> None:
    result = doctest.testmod(_core, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3
    assert result.failed == 0
