"""The cloud instance catalogue: instance names, the accelerator they carry and how many.

``resources/catalogue/instances.json`` lists the major clouds' GPU instance families
(``p5.48xlarge``, ``Standard_ND96isr_H100_v5``, ``a3-highgpu-8g``, ``BM.GPU.H100.8`` …),
each with its provider, the page it was taken from and the file's date. Every entry
becomes a spelling of its accelerator with a per-instance count, so a quote line that
names only an instance is read as that many accelerators per node.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from computescore.domain.catalog import Alias, alias_key
from computescore.errors import InputRefused

INSTANCES_FILE = "instances.json"


@dataclass(frozen=True, slots=True)
class Instance:
    """One cloud instance type.

    Attributes:
        provider: the cloud ("AWS", "Google Cloud").
        name: the provider's name for it, as it appears in price lists.
        accelerator: the catalogue id of the accelerator it carries.
        count: accelerators per instance.
        source: the provider page the entry was taken from.
    """

    provider: str
    name: str
    accelerator: str
    count: int
    source: str


AZURE_PREFIX = "Standard_"
"""How Azure's VM sizes begin in their full names ("Standard_ND96isr_H100_v5")."""


@dataclass(frozen=True, slots=True)
class InstanceCatalogue:
    """The instance file: its entries, version and date."""

    instances: tuple[Instance, ...]
    version: str
    as_of: str

    def aliases(self) -> tuple[Alias, ...]:
        """Each instance as a spelling of its accelerator, ``count`` per node.

        An Azure size is also spelled without its ``Standard_`` prefix, as price exports
        and calculators write it in the meter's name ("NC24ads A100 v4", "ND96asr v4").
        """
        out = []
        for i in self.instances:
            out.append(Alias(i.name, i.accelerator, i.count))
            short = i.name.removeprefix(AZURE_PREFIX)
            if short != i.name:
                out.append(Alias(short, i.accelerator, i.count))
        return tuple(out)


def _damaged(file_name: str, message: str) -> InputRefused:
    return InputRefused(f"The instance catalogue {file_name} is damaged: {message}.")


def _entry(file_name: str, index: int, item: Any, accelerators: Mapping[str, Any]) -> Instance:
    if not isinstance(item, Mapping):
        raise _damaged(file_name, f"entry {index} must be an object")
    name = item.get("name")
    if not isinstance(name, str) or not alias_key(name):
        raise _damaged(file_name, f"entry {index}: 'name' must be an instance name")
    where = f"entry {index} ({name})"
    for key in ("provider", "source"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise _damaged(file_name, f"{where}: '{key}' is missing")
    if not str(item["source"]).startswith("https://"):
        raise _damaged(file_name, f"{where}: 'source' must be an https address")
    accelerator = item.get("accelerator")
    if accelerator not in accelerators:
        raise _damaged(
            file_name, f"{where}: the accelerator {accelerator!r} is not in the catalogue"
        )
    count = item.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 72:
        raise _damaged(file_name, f"{where}: 'count' must be a whole number from 1 to 72")
    return Instance(item["provider"], name, str(accelerator), count, item["source"])


def parse_instances(
    text: str, accelerators: Mapping[str, Any], *, file_name: str = INSTANCES_FILE
) -> InstanceCatalogue:
    """Parse and validate the instance file's text.

    Args:
        text: the JSON text.
        accelerators: the accelerator catalogue, by id (every entry must name one).
        file_name: the file's name, for messages.

    Raises:
        InputRefused: naming the file, the entry and what is wrong.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _damaged(file_name, f"not valid JSON at line {exc.lineno}") from exc
    if not isinstance(data, Mapping) or not isinstance(data.get("instances"), list):
        raise _damaged(file_name, "'instances' must be a list")
    for key in ("version", "as_of"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise _damaged(file_name, f"'{key}' is missing")
    entries = [
        _entry(file_name, index, item, accelerators) for index, item in enumerate(data["instances"])
    ]
    seen: dict[str, str] = {}
    for entry in entries:
        key = alias_key(entry.name)
        if key in seen:
            raise _damaged(file_name, f"{entry.name} is listed twice (also as {seen[key]})")
        seen[key] = entry.name
    return InstanceCatalogue(tuple(entries), data["version"], data["as_of"])
