# SPDX-License-Identifier: Apache-2.0
"""Option dictionaries as the native engine takes them: strings, as hoodie.properties
and ``--hoodie-conf`` carry them."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional


def option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(option_text(item) for item in value)
    return str(value)


def option_map(options: Optional[Mapping[str, Any]], what: str = "options") -> Dict[str, str]:
    """``options`` with every value as its text; TypeError for a key that is not a
    string."""
    if options is None:
        return {}
    out: Dict[str, str] = {}
    for key, value in options.items():
        if not isinstance(key, str):
            raise TypeError(f"{what} keys must be strings, got {key!r}")
        out[key] = option_text(value)
    return out
