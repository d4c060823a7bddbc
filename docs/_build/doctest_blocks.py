"""A griffe extension for the documentation site (mkdocs.yml): docstring examples as code.

The package's docstrings hold doctest examples (``>>>`` lines and their output) in their
text, not under an ``Examples:`` section; Markdown would read them as nested quotes and
their ``[0][1]`` as links. This fences each such block as ``pycon`` code.
"""

from __future__ import annotations

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with every run of doctest lines (prompt, continuation, output) fenced."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fences the doctest examples of every docstring once the package is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: object) -> None:
        """Fence ``obj``'s docstring examples."""
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
