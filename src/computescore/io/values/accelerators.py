"""Accelerator names and counts in a line's text."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from computescore.domain.catalog import AliasMatch, Catalogue
from computescore.domain.problems import Problem
from computescore.io.values.text import _problem, is_blank, normalise_text

_LOOKS_LIKE_ACCELERATOR = re.compile(
    r"\b(gpu|[ahlbv]\d{2,3}[a-z]?|h[12]00|gb\d{3}|mi\d{3}x?|gaudi|tpu|ascend|rtx|tesla|"
    r"instinct|dgx|hgx)\b",
    re.IGNORECASE,
)


def looks_like_accelerator(text: object) -> bool:
    """True when text mentions something that sounds like an accelerator (for error reports)."""
    return bool(not is_blank(text) and _LOOKS_LIKE_ACCELERATOR.search(normalise_text(text)))


_MAKERS = re.compile(
    r"\b(nvidia|amd|intel|habana|google|huawei|cambricon|biren|moore|graphcore|cerebras|"
    r"groq|sambanova|tenstorrent|aws|trainium|inferentia|accelerators?|cards?|npus?|xpus?)\b",
    re.IGNORECASE,
)


_CPU_INSTANCE = re.compile(
    # AWS: m7i.48xlarge, c6in.metal
    r"(?<![\w.])[a-z]{1,3}\d[a-z0-9-]*\.(nano|micro|small|medium|large|\d*xlarge|metal[\w-]*)"
    r"(?![\w.])"
    # Azure: Standard_D4s_v5, and the meter's "D4s v5"
    r"|\bstandard_[a-z]+\d+[a-z]*(_[a-z0-9]+)*_v\d+\b|^[a-z]{1,2}\d{1,3}[a-z]* v\d+$"
    # Google Cloud: n2-standard-8, "N2 Instance Core running in Americas"
    r"|\b(n1|n2|n2d|n4|c2|c2d|c3|c3d|c4|e2|m1|m2|m3|t2d|t2a|h3)-(standard|highmem|highcpu|"
    r"custom|ultramem|megamem)(-\d+)?\b|\b[a-z]\d[a-z]? (instance )?(core|ram)\b"
    # Oracle: VM.Standard.E5.Flex, "E5 OCPU"
    r"|\b(vm|bm)\.standard\d?\.[\w.]+|\bocpus?\b"
    # Oracle's price list: "Compute - Standard - E5 - Memory" (a CPU shape's memory)
    r"|\bstandard\s*-\s*[a-z]\d+[a-z]?\s*-\s*(memory|ocpu)\b"
    # a CPU named where a GPU stands: "AMD Genoa (9274F)", "Intel Xeon (8480+)"
    r"|\b(xeon|epyc|genoa|milan|turin|bergamo|sapphire rapids|emerald rapids|granite rapids|"
    r"graviton\d*|ampere altra|cobalt \d+)\b",
    re.IGNORECASE,
)


def names_cpu_instance(text: object) -> str | None:
    """The instance a text names when it is a cloud instance without accelerators (a CPU
    VM, its cores or memory): ``m7i.48xlarge``, ``D4s v5``, ``N2 Instance Core``,
    ``VM.Standard.E5.Flex``; None otherwise. Only asked of lines that name no accelerator."""
    if is_blank(text) or not isinstance(text, str):
        return None
    found = _CPU_INSTANCE.search(normalise_text(text))
    return found.group(0) if found else None


_COST_WORDS = re.compile(
    r"\b(disks?|storage|volumes?|blob|snapshots?|bandwidth|egress|data transfer|ip address(es)?|"
    r"load balancer|backup|licen[cs]es?)\b",
    re.IGNORECASE,
)


def names_a_cost(text: object) -> bool:
    """True for words in an accelerator's column that name a storage, network or licence
    product ("P30 LRS Disk", "Block Volume", "Data Transfer Out"): a cost, not an
    accelerator, whatever figures they hold."""
    if is_blank(text) or not isinstance(text, str):
        return False
    plain = normalise_text(text)
    return bool(_COST_WORDS.search(plain)) and not looks_like_accelerator(plain)


def names_a_service(text: object) -> bool:
    """True for words in an accelerator's column that name a service, not an accelerator:
    no figure, no maker and nothing that sounds like one ("Managed Kubernetes control
    plane", "Support"). "NVIDIA X900" or "Acme Nova 1" are accelerators the catalogue
    lacks."""
    if is_blank(text) or not isinstance(text, str):
        return False
    plain = normalise_text(text)
    return (
        not any(ch.isdigit() for ch in plain)
        and not looks_like_accelerator(plain)
        and _MAKERS.search(plain) is None
    )


def resolve_accelerator(
    value: object, catalogue: Catalogue, source: str = ""
) -> tuple[AliasMatch | None, Problem | None]:
    """Resolve an accelerator name through the catalogue's aliases.

    An unknown name gives an error listing the closest catalogue ids.
    """
    if is_blank(value):
        return None, None
    text = normalise_text(value)
    match = catalogue.resolve(text)
    if match is not None:
        return match, None
    closest = catalogue.closest(text)
    hint = (
        ("closest catalogue matches: " + ", ".join(closest))
        if closest
        else ("no catalogue entry looks similar")
    )
    return None, _problem(
        source,
        f"Unknown accelerator '{text}'; {hint}. Add it to the catalogue or correct the name",
        value,
        "an accelerator in the catalogue",
    )


def money_problem_is_ambiguity(problem: Problem | None) -> bool:
    """True when a money problem is the ``1,234`` ambiguity (so a decimal mark would fix it)."""
    return problem is not None and "ambiguous" in problem.message


def decimal_or_none(text: str) -> Decimal | None:
    """``Decimal(text)`` or None when the text is not a plain decimal literal."""
    try:
        return Decimal(text)
    except InvalidOperation:
        return None
