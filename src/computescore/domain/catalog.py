"""Accelerator records and pure look-ups over a catalogue.

The figures themselves live in ``resources/catalogue/`` and are read by
``computescore.services.catalogue``; this module only defines the records and the
arithmetic on them.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache


class Precision(StrEnum):
    """Numeric formats a datasheet quotes peak throughput for."""

    FP64 = "fp64"
    FP32 = "fp32"
    TF32 = "tf32"
    BF16 = "bf16"
    FP16 = "fp16"
    FP8 = "fp8"
    INT8 = "int8"
    FP6 = "fp6"
    FP4 = "fp4"
    INT4 = "int4"


BIT_LENGTH: Mapping[Precision, int] = {
    Precision.FP64: 64,
    Precision.FP32: 32,
    Precision.TF32: 32,
    Precision.BF16: 16,
    Precision.FP16: 16,
    Precision.FP8: 8,
    Precision.INT8: 8,
    Precision.FP6: 6,
    Precision.FP4: 4,
    Precision.INT4: 4,
}
"""Bit length of the multiplier inputs, as the export-control TPP formula counts it."""

BYTES_PER_PARAM: Mapping[Precision, float] = {
    Precision.FP32: 4.0,
    Precision.TF32: 4.0,
    Precision.BF16: 2.0,
    Precision.FP16: 2.0,
    Precision.FP8: 1.0,
    Precision.INT8: 1.0,
    Precision.FP6: 0.75,
    Precision.FP4: 0.5,
    Precision.INT4: 0.5,
}
"""Bytes one model weight takes when stored at a precision."""


@dataclass(frozen=True, slots=True)
class FigureSource:
    """Where a catalogue figure comes from, and when it was read."""

    document: str
    date: str
    url: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Peak:
    """Dense peak throughput at one precision, in TFLOPS (floating point) or TOPS (integer).

    ``sparse_halved`` is true when the maker published only a sparse figure and the
    catalogue halved it to get the dense one.
    """

    precision: Precision
    dense_tflops: float
    sparse_halved: bool = False

    @property
    def bits(self) -> int:
        """Bit length of the operation's inputs."""
        return BIT_LENGTH[self.precision]


class Ecosystem(StrEnum):
    """Software stack an accelerator runs; non-CUDA stacks cost adaptation effort."""

    CUDA = "cuda"
    ROCM = "rocm"
    XLA = "xla"
    ONEAPI = "oneapi"
    CANN = "cann"
    OTHER = "other"


class FormFactor(StrEnum):
    """Physical form of the part."""

    SXM = "sxm"
    OAM = "oam"
    PCIE = "pcie"
    SUPERCHIP = "superchip"
    CLOUD = "cloud"
    CARD = "card"


@dataclass(frozen=True, slots=True)
class Accelerator:
    """One accelerator model as the catalogue describes it.

    Attributes:
        id: catalogue id, lower-case ``maker-model[-variant]``.
        memory_gb: on-package memory in decimal GB.
        memory_bandwidth_gbps: memory bandwidth in GB/s.
        peaks: dense peak throughput per precision.
        tdp_w: board power in watts.
        die_area_mm2: logic-die area on a non-planar node, None when not published.
        interconnect_gbps: aggregate bidirectional chip-to-chip bandwidth in GB/s.
        interconnect: name of the scale-up link (``NVLink 4``, ``PCIe 5.0`` …).
        datacenter: designed or marketed for use in data centres.
        sources: the source of each figure, keyed by field name (``peaks.bf16`` for a peak).
        user_defined: added by the user rather than shipped.
    """

    id: str
    maker: str
    model: str
    form_factor: FormFactor
    memory_gb: float
    memory_bandwidth_gbps: float
    peaks: tuple[Peak, ...]
    tdp_w: float
    die_area_mm2: float | None
    interconnect_gbps: float
    interconnect: str
    datacenter: bool
    release_year: int
    ecosystem: Ecosystem
    sources: Mapping[str, FigureSource] = field(default_factory=dict)
    user_defined: bool = False

    def peak(self, precision: Precision | str) -> Peak | None:
        """The dense peak at ``precision``, or None when the part has no such mode."""
        wanted = Precision(precision)
        for peak in self.peaks:
            if peak.precision == wanted:
                return peak
        return None

    def dense_tflops(self, precision: Precision | str) -> float | None:
        """Dense peak in TFLOPS (or TOPS) at ``precision``; None when not supported."""
        peak = self.peak(precision)
        return None if peak is None else peak.dense_tflops

    @property
    def display_name(self) -> str:
        """Maker and model, as shown to a user."""
        return f"{self.maker} {self.model}"


PRECISION_FALLBACK: Mapping[Precision, tuple[Precision, ...]] = {
    Precision.FP4: (Precision.FP6, Precision.FP8, Precision.BF16, Precision.FP16),
    Precision.FP6: (Precision.FP8, Precision.BF16, Precision.FP16),
    Precision.FP8: (Precision.BF16, Precision.FP16),
    Precision.INT4: (Precision.INT8, Precision.FP8, Precision.BF16, Precision.FP16),
    Precision.INT8: (Precision.FP8, Precision.BF16, Precision.FP16),
    Precision.BF16: (Precision.FP16,),
    Precision.FP16: (Precision.BF16,),
    Precision.TF32: (Precision.FP32,),
}
"""Where a chip has no units for a format, the next wider one it computes the model in.

An FP8 model on a chip without FP8 tensor units is computed in BF16 (weights widened
as they are read), so it runs at the BF16 peak, not at no speed at all; bf16 and fp16
have the same peak on the parts that have both."""


def peak_with_fallback(
    accelerator: Accelerator, precision: Precision
) -> tuple[float, Precision] | None:
    """(dense peak TFLOP/s, the precision it is at): the asked one, else its fallback."""
    for candidate in (precision, *PRECISION_FALLBACK.get(precision, ())):
        peak = accelerator.dense_tflops(candidate)
        if peak is not None and peak > 0:
            return peak, candidate
    return None


@dataclass(frozen=True, slots=True)
class Alias:
    """A vendor spelling that maps to a catalogue id.

    ``per_node`` is the number of accelerators the spelling implies per unit
    ("DGX H100" is a node of 8), or None when it names a single accelerator.
    """

    text: str
    accelerator_id: str
    per_node: int | None = None


@dataclass(frozen=True, slots=True)
class AliasMatch:
    """The result of resolving a vendor's accelerator name.

    ``per_node`` is the number of accelerators per node (instance, server or rack)
    the name implies, or None when it names a single accelerator and states no count.
    ``nodes`` is a node count the name itself states ("2x DGX H100" → 2), else None.
    """

    accelerator_id: str
    per_node: int | None
    matched: str
    nodes: int | None = None


_NOISE_WORDS = frozenset(
    {
        "nvidia",
        "amd",
        "intel",
        "google",
        "huawei",
        "gpu",
        "gpus",
        "tensor",
        "core",
        "accelerator",
        "instinct",
        "the",
    }
)
_TOKEN_SYNONYMS: Mapping[str, str] = {"sxm4": "sxm", "sxm5": "sxm", "sxm6": "sxm"}
_SIZE_UNITS = frozenset({"gb", "tb"})
_MARKS = str.maketrans("", "", "™®©℠")
"""Trademark signs, dropped before NFKC would turn ™ into the letters "TM"."""


@lru_cache(maxsize=4096)
def alias_key(text: str) -> str:
    """Normalise an accelerator spelling for look-up.

    Folds case and width, drops punctuation and the words vendors add without
    meaning ("NVIDIA", "GPU", "Tensor Core") and trademark signs, writes "SXM4/SXM5" as "sxm",
    "PCI-e"/"PCI Express" as "pcie" and "80 GB" as "80gb", and joins the words
    with single spaces. Letters of any script are kept ("昇腾910B").
    """
    text = text.translate(_MARKS)
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())
    words = [w for w in re.split(r"[\W_]+", folded) if w and w not in _NOISE_WORDS]
    merged: list[str] = []
    for word in words:
        word = _TOKEN_SYNONYMS.get(word, word)
        if merged and merged[-1] == "pci" and word in ("e", "express"):
            merged[-1] = "pcie"
        elif merged and merged[-1].isdigit() and word in _SIZE_UNITS:
            merged[-1] += word
        else:
            merged.append(word)
    return " ".join(merged)


_UNIT_WORDS = r"(?:gpus?|cards?|accelerators?|npus?|modules?)"
_EXPLICIT_COUNT = re.compile(rf"(?<![\w.])(\d{{1,4}})\s*-?\s*{_UNIT_WORDS}(?![\w])", re.IGNORECASE)
"""A count tied to a unit word: "8 GPUs", "(8 GPUs)", "8-GPU"."""
_LEADING_TIMES = re.compile(r"(?<![\w.])(\d{1,4})\s*[x×*](?!\s*\d)", re.IGNORECASE)
"""A multiplier before a name: "8x H100", "2 × DGX H100" (not "p5.48xlarge", not "2 x 400G")."""
_TRAILING_TIMES = re.compile(
    r"(?<![\w.])[x×*]\s*(?!86\b|64\b)(\d{1,4})(?![\w.])"
    r"(?!\s*(?:hours?|hrs?|h\b|days?|weeks?|months?|mos?\b|years?|yrs?))",
    re.IGNORECASE,
)
"""A multiplier after a name: "H100 x8", "H100 × 8" (not "x86", not a calculator's
"x 730 Hours": time, not accelerators)."""


@dataclass(frozen=True, slots=True)
class _Multiplier:
    count: int
    position: str  # "lead", "trail" or "inner" (inside brackets or mid-text)


def _inside_brackets(text: str, index: int) -> bool:
    before = text[:index]
    return before.count("(") + before.count("[") > before.count(")") + before.count("]")


def _multiplier(text: str) -> _Multiplier | None:
    """The first "N x" / "x N" multiplier in ``text`` and where it stands."""
    found: list[tuple[int, int, int, str]] = []
    for pattern, side in ((_LEADING_TIMES, "lead"), (_TRAILING_TIMES, "trail")):
        found.extend(
            (match.start(), match.end(), int(match.group(1)), side)
            for match in pattern.finditer(text)
        )
    if not found:
        return None
    start, end, count, side = min(found)
    if count <= 0:
        return None
    if _inside_brackets(text, start):
        position = "inner"
    elif side == "lead" and not text[:start].strip():
        position = "lead"
    elif side == "trail" and not text[end:].strip():
        position = "trail"
    else:
        position = "inner"
    return _Multiplier(count, position)


_CJK_COUNT = re.compile(r"(?<![0-9A-Za-z.])(\d{1,4})\s*(?:张|块)?(?:卡|枚)")
"""A count of cards in Chinese or Japanese: "H20 8卡服务器", "GPU 8枚"."""


def _explicit_count(text: str) -> int | None:
    match = _EXPLICIT_COUNT.search(text) or _CJK_COUNT.search(text)
    if match is None:
        return None
    count = int(match.group(1))
    return count if count > 0 else None


def count_in_name(text: str) -> int | None:
    """The accelerator count a name states, or None.

    ``"DGX H100 (8 GPUs)"`` → 8, ``"HGX H100 8-GPU"`` → 8, ``"8x H100"`` → 8,
    ``"H100 x8"`` → 8. Instance names such as ``"p5.48xlarge"`` state no count.
    """
    explicit = _explicit_count(text)
    if explicit is not None:
        return explicit
    multiplier = _multiplier(text)
    return None if multiplier is None else multiplier.count


def _alias_tokens(alias: Alias) -> tuple[str, ...]:
    return tuple(alias_key(alias.text).split())


def resolve_alias(
    text: str, aliases: Sequence[Alias], ids: Sequence[str] = ()
) -> AliasMatch | None:
    """Resolve a vendor's accelerator spelling to a catalogue id and per-node count.

    Tries, in order: an exact catalogue id; an alias whose key equals the spelling's
    key; the alias with the most words all of which appear in the spelling's key
    (ties go to a node alias, then to the longer key, then to the alias listed
    first); when that alias names a single accelerator but a node alias for the same
    id also matches ("HGX H100 SXM5 80GB"), the node alias's count applies.

    Counts: a count tied to a unit word ("(8 GPUs)", "8-GPU") is the per-node count;
    a bare multiplier ("8x", "x8") is the per-node count for a single-accelerator
    name ("8x H100 SXM" → 8) and for a node name inside brackets ("Atlas 800T A2
    (8× Ascend 910B)"), but a node count when it stands before or after a node name
    ("2x DGX H100" → 2 nodes of 8). Before a single accelerator's name with a node size
    stated, a multiplier that is a whole number of nodes counts accelerators ("64 × H100
    SXM (8 GPUs per node)" → 8 nodes of 8). Returns None when nothing matches.
    """
    stripped = text.strip()
    if not stripped:
        return None
    lowered = stripped.lower()
    if lowered in ids:
        return AliasMatch(lowered, count_in_name(stripped), stripped)
    key = alias_key(stripped)
    if not key:
        return None
    words = set(key.split())
    exact = [a for a in aliases if alias_key(a.text) == key]
    candidates = exact or [
        a for a in aliases if (tokens := _alias_tokens(a)) and set(tokens) <= words
    ]
    if not candidates:
        return None
    best = max(
        candidates,
        key=lambda a: (len(_alias_tokens(a)), a.per_node is not None, len(alias_key(a.text))),
    )
    default_per_node = best.per_node
    if default_per_node is None:
        # "HGX H100 SXM5 80GB" matches "H100 SXM 80GB" best, yet "HGX H100" says 8 per node.
        node_aliases = [
            a for a in candidates if a.accelerator_id == best.accelerator_id and a.per_node
        ]
        if node_aliases:
            default_per_node = max(node_aliases, key=lambda a: len(_alias_tokens(a))).per_node
    multiplier = _multiplier(stripped)
    if multiplier is not None and {f"{multiplier.count}x", f"x{multiplier.count}"} & set(
        _alias_tokens(best)
    ):
        multiplier = None  # the alias's own "8x" ("gpu_8x_h100_sxm5"): its node size
    per_node, nodes = _name_counts(default_per_node, _explicit_count(stripped), multiplier)
    return AliasMatch(best.accelerator_id, per_node, best.text, nodes)


def _name_counts(
    default_per_node: int | None, explicit: int | None, multiplier: _Multiplier | None
) -> tuple[int | None, int | None]:
    """(per node, nodes) from a name's counts (see :func:`resolve_alias`)."""
    outer = multiplier if multiplier is not None and multiplier.position != "inner" else None
    if default_per_node is not None:
        per_node = default_per_node
        if explicit is not None:
            per_node = explicit
        elif multiplier is not None and multiplier.position == "inner":
            per_node = multiplier.count
        return per_node, None if outer is None else outer.count
    if explicit is not None:
        if outer is not None and outer.count >= explicit and outer.count % explicit == 0:
            # Before a single accelerator's name the multiplier counts accelerators:
            # "64 × H100 SXM (8 nodes × 8 GPUs)" is 8 nodes of 8, not 64 nodes.
            return explicit, outer.count // explicit
        return explicit, None if outer is None else outer.count
    return (None if multiplier is None else multiplier.count), None


def closest_ids(text: str, aliases: Sequence[Alias], limit: int = 3) -> list[str]:
    """Catalogue ids whose aliases look most like ``text``, best first (for error messages)."""
    import difflib

    key = alias_key(text)
    scored: dict[str, float] = {}
    for alias in aliases:
        ratio = difflib.SequenceMatcher(None, key, alias_key(alias.text)).ratio()
        if ratio > scored.get(alias.accelerator_id, 0.0):
            scored[alias.accelerator_id] = ratio
    ranked = sorted(scored.items(), key=lambda item: (-item[1], item[0]))
    return [acc_id for acc_id, ratio in ranked[:limit] if ratio > 0.3]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The accelerators known to the app and the spellings that name them.

    ``version`` and ``as_of`` identify the catalogue file, so reports can cite it.
    """

    accelerators: Mapping[str, Accelerator]
    aliases: tuple[Alias, ...] = ()
    version: str = ""
    as_of: str = ""

    def get(self, accelerator_id: str) -> Accelerator | None:
        """The accelerator with this id, or None."""
        return self.accelerators.get(accelerator_id)

    def resolve(self, text: str) -> AliasMatch | None:
        """Resolve a vendor spelling to an id (see :func:`resolve_alias`)."""
        return resolve_alias(text, self.aliases, tuple(self.accelerators))

    def closest(self, text: str, limit: int = 3) -> list[str]:
        """Ids that look most like an unknown spelling, best first."""
        return closest_ids(text, self.aliases, limit)
