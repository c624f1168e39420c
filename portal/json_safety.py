"""JSON bodies the portal accepts: not too deep, no lone surrogates.

- Python's parser recurses once per nesting level, so ``[[[[…]]]]`` 2,000 deep raised
  RecursionError (a 500) on the assistant, the wizards and complaints.  The portal's
  bodies are at most four levels deep; anything deeper than MAX_DEPTH is refused.
- ``"\\ud800"`` is valid JSON syntax but not text (I-JSON, RFC 7493 §2.1, forbids lone
  surrogates); it could not be encoded for the database or a page and gave a 500.

Either is reported as invalid JSON, which every endpoint already answers with a 400
naming what it expected.
"""

from __future__ import annotations

import re
from typing import Any

from flask.json.provider import DefaultJSONProvider

MAX_DEPTH = 32
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class UnsafeJSON(ValueError):
    pass


def check(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Raise UnsafeJSON if ``value`` nests deeper than ``max_depth`` or holds a lone surrogate."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if LONE_SURROGATE.search(item):
                raise UnsafeJSON("lone surrogate in a JSON string")
        elif isinstance(item, (dict, list)):
            if depth > max_depth:
                raise UnsafeJSON(f"JSON nested deeper than {max_depth} levels")
            if isinstance(item, dict):
                stack.extend((k, depth) for k in item)
                stack.extend((v, depth + 1) for v in item.values())
            else:
                stack.extend((v, depth + 1) for v in item)


class SafeJSONProvider(DefaultJSONProvider):
    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            value = super().loads(s, **kwargs)
        except RecursionError:
            raise UnsafeJSON(f"JSON nested deeper than {MAX_DEPTH} levels") from None
        check(value)
        return value
