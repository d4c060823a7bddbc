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
    indent = None  # the block's indentation while inside one (a Google section's, say)
    for line in text.splitlines():
        if indent is None and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
        elif indent is not None and not line.strip():
            out.append(f"{indent}```")
            indent = None
        out.append(line)
    if indent is not None:
        out.append(f"{indent}```")
    return "\n".join(out)


class DoctestBlocks(griffe.Extension):
    """Fences the doctest examples of every docstring once the package is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: object) -> None:
        """Fence ``obj``'s docstring examples."""
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
