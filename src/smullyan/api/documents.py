"""The header every JSON document smullyan writes starts with: what it is, which schema version,
which smullyan wrote it, and the semantics options the answer holds under."""

from __future__ import annotations

from typing import Any

from .._version import __version__

SCHEMA_VERSION = 1


def header(schema: str, semantics: dict[str, Any]) -> dict[str, Any]:
    """Return the opening keys of a JSON document of kind `schema`."""
    return {"schema": f"smullyan/{schema}", "schema_version": SCHEMA_VERSION, "smullyan_version": __version__,
            "semantics": semantics}
