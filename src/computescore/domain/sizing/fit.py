"""Fit findings: whether a quote's nodes and fabric suit the workload."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from enum import StrEnum

from computescore.domain.catalog import Accelerator
from computescore.domain.findings import Finding, FindingCategory, FindingSeverity
from computescore.domain.sizing.compute import KILO_GPU, NODE_SIZE_DEFAULT, RULE_STATUS, SEED_000
from computescore.domain.workload import Purpose, Workload


class Fabric(StrEnum):
    """The network between nodes, as far as the quote's text tells."""

    INFINIBAND = "infiniband"
    ROCE = "roce"
    NVLINK_SWITCH = "nvlink_switch"
    OTHER_RDMA = "other_rdma"
    ETHERNET = "ethernet"
    UNKNOWN = "unknown"

    @property
    def rdma(self) -> bool:
        """True for fabrics fit for multi-node training (InfiniBand, RoCE, NVLink Switch …)."""
        return self in (Fabric.INFINIBAND, Fabric.ROCE, Fabric.NVLINK_SWITCH, Fabric.OTHER_RDMA)


_FABRIC_PATTERNS: tuple[tuple[Fabric, re.Pattern[str]], ...] = (
    (Fabric.NVLINK_SWITCH, re.compile(r"nvlink\s*switch|nvl\s*72|nvl72|nvl36", re.IGNORECASE)),
    (
        Fabric.INFINIBAND,
        re.compile(r"infiniband|\bib\b|\b(?:ndr|hdr|xdr)\b|quantum-?2|connectx", re.IGNORECASE),
    ),
    (Fabric.ROCE, re.compile(r"\broce(?:v2)?\b|rdma over converged|spectrum-?x", re.IGNORECASE)),
    (
        Fabric.OTHER_RDMA,
        re.compile(r"\befa\b|elastic fabric|\brdma\b|\bici\b|tpu pod", re.IGNORECASE),
    ),
    (Fabric.ETHERNET, re.compile(r"ethernet|\bgbe\b", re.IGNORECASE)),
)

_SPEED = re.compile(
    r"(\d+(?:[.,]\d+)?)\s*(tbps|tb/s|tbit/s|gbps|gb/s|gbit/s|gbe|g)\b", re.IGNORECASE
)
"""A network speed ("400G", "3200 Gbps", "100GbE", "1.6 Tb/s"); "80GB" of memory is none."""

_NOT_FABRIC = re.compile(r"internet|public ip|egress|\bwan\b|\btransit\b", re.IGNORECASE)
"""Text about the way out to the internet, which says nothing of the east–west fabric."""

RDMA_CLASS_GBPS = 1600.0
"""Per-node network bandwidth that only an RDMA fabric provides (EFA's 3,200 Gbps …)."""


def _speeds_gbps(text: str) -> list[float]:
    out = []
    for number, unit in _SPEED.findall(text):
        value = float(number.replace(",", "."))
        out.append(value * 1000.0 if unit.lower().startswith("tb") else value)
    return out


def detect_fabric(texts: Iterable[str]) -> Fabric:
    """The best inter-node fabric named in a quote's descriptions, or ``UNKNOWN``.

    A network speed counts as Ethernet unless it is RDMA-class (≥ 1,600 Gbps per node);
    memory sizes ("80GB") are not speeds, and text about the internet uplink or egress
    says nothing of the fabric between nodes.

    The vendor's text is only matched against fixed patterns; it is never evaluated.
    """
    found: set[Fabric] = set()
    for text in texts:
        if _NOT_FABRIC.search(text):
            continue
        for fabric, pattern in _FABRIC_PATTERNS:
            if pattern.search(text):
                found.add(fabric)
        speeds = _speeds_gbps(text)
        if any(speed >= RDMA_CLASS_GBPS for speed in speeds):
            found.add(Fabric.OTHER_RDMA)
        elif speeds:
            found.add(Fabric.ETHERNET)
    for fabric, _ in _FABRIC_PATTERNS:
        if fabric in found:
            return fabric
    return Fabric.UNKNOWN


def has_fast_scale_up(accelerator: Accelerator) -> bool:
    """True when the accelerator's chip-to-chip link is NVLink-class (not plain PCIe).

    NVLink-class means a dedicated link of at least 200 GB/s (NVLink, Infinity
    Fabric, ICI, HCCS); PCIe 5.0 x16 gives 128 GB/s both ways.
    """
    return "pcie" not in accelerator.interconnect.lower() and accelerator.interconnect_gbps >= 200


def _fit(
    quote_key: str,
    severity: FindingSeverity,
    rule: str,
    title: str,
    reason: str,
    source: str,
    workloads: tuple[str, ...] = (),
) -> Finding:
    """One fit finding (rule ``fit.<rule>``)."""
    return Finding(
        quote_key,
        severity,
        FindingCategory.FIT,
        title,
        reason,
        f"fit.{rule}",
        "",
        RULE_STATUS,
        source,
        workloads=workloads,
    )


def fit_findings(
    *,
    quote_key: str,
    purpose: Purpose,
    memory_gb: float,
    accelerator: Accelerator,
    accelerators_quoted: int,
    accelerators_per_node: int | None,
    fabric: Fabric,
) -> tuple[Finding, ...]:
    """Check that a quote's accelerators and network suit the workload.

    Rules (ids in parentheses):

    * the model does not fit one card: parallelism needed (``fit.parallelism``, info);
    * the quoted accelerators cannot hold the model at all (``fit.capacity``, knockout);
    * multi-node training without an RDMA fabric (``fit.multinode_fabric``): a knockout
      when the model does not even fit one node, a warning when it does (data
      parallelism over plain Ethernet is slow), a warning when the fabric is not stated;
    * kilo-GPU training: all-reduce can take ~30 % of wall time (``fit.kilo_gpu``, info);
    * pool fit from seed 000's quadrant (``fit.pool``): multi-accelerator training on
      PCIe-only or consumer cards is a warning; training-grade parts for inference or
      experiments are an info note (cost, not function).

    Args:
        quote_key: the quote's key (``Quote.key``), or "" for a stand-alone estimate.
        purpose: training, inference or experimentation.
        memory_gb: memory the workload needs (GB).
        accelerator: the quoted accelerator model.
        accelerators_quoted: accelerators the quote provides.
        accelerators_per_node: accelerators per node as quoted, None when not stated.
        fabric: the inter-node fabric named in the quote.
    """
    findings: list[Finding] = []
    per_card = accelerator.memory_gb
    needed = max(1, math.ceil(memory_gb / per_card - 1e-9))
    per_node = accelerators_per_node or NODE_SIZE_DEFAULT
    name = accelerator.display_name

    def add(severity: FindingSeverity, rule: str, title: str, reason: str) -> None:
        findings.append(_fit(quote_key, severity, rule, title, reason, SEED_000))

    if needed > 1:
        add(
            FindingSeverity.INFO,
            "parallelism",
            "Model does not fit one card",
            f"{memory_gb:,.0f} GB needed / {per_card:,.0f} GB per {name} = at least {needed} "
            "cards; model or pipeline parallelism is required and the interconnect matters",
        )
    if accelerators_quoted < needed:
        add(
            FindingSeverity.KNOCKOUT,
            "capacity",
            "Quoted accelerators cannot hold the model",
            f"{accelerators_quoted} × {per_card:,.0f} GB = "
            f"{accelerators_quoted * per_card:,.0f} GB < {memory_gb:,.0f} GB needed",
        )
    training = purpose is Purpose.TRAINING
    multi_node = accelerators_quoted > per_node
    if training and multi_node and not fabric.rdma:
        model_spans_nodes = needed > per_node
        if fabric is Fabric.UNKNOWN:
            severity = FindingSeverity.WARNING
            title = "Inter-node fabric not stated"
            reason = (
                f"{accelerators_quoted} accelerators at {per_node} per node span "
                f"{math.ceil(accelerators_quoted / per_node)} nodes; the quote names no "
                "InfiniBand, RoCE or NVLink Switch fabric — ask the vendor"
            )
        elif model_spans_nodes:
            severity = FindingSeverity.KNOCKOUT
            title = "Model does not fit one node and no multi-node interconnect"
            reason = (
                f"the model needs {needed} cards, more than the {per_node} in a node, and the "
                "quote offers only plain Ethernet between nodes; model parallelism across "
                "nodes needs InfiniBand, RoCE or NVLink Switch"
            )
        else:
            severity = FindingSeverity.WARNING
            title = "Multi-node training over plain Ethernet"
            reason = (
                f"{accelerators_quoted} accelerators span several nodes joined by Ethernet "
                "only; gradient all-reduce will slow training (training pool: NVLink + IB)"
            )
        add(severity, "multinode_fabric", title, reason)
    if training and accelerators_quoted >= KILO_GPU:
        add(
            FindingSeverity.INFO,
            "kilo_gpu",
            "Kilo-GPU training",
            f"{accelerators_quoted} accelerators: in kilo-GPU training all-reduce often takes "
            "~30 % of wall time; topology and RDMA flavour decide MFU",
        )
    if training and accelerators_quoted > 1:
        if not accelerator.datacenter:
            add(
                FindingSeverity.WARNING,
                "pool",
                "Consumer cards for multi-GPU training",
                f"{name} is not a data-centre part; the training pool wants NVLink + InfiniBand "
                "(consumer cards suit the experiment pool)",
            )
        elif not has_fast_scale_up(accelerator):
            add(
                FindingSeverity.WARNING,
                "pool",
                "PCIe-only accelerators for training",
                f"{name} links over {accelerator.interconnect or 'PCIe'} "
                f"({accelerator.interconnect_gbps:,.0f} GB/s); the training pool wants "
                "NVLink-class links within a node",
            )
    if (
        purpose is not Purpose.TRAINING
        and accelerator.datacenter
        and has_fast_scale_up(accelerator)
        and needed <= 1
    ):
        pool = "inference" if purpose is Purpose.INFERENCE else "experiment"
        add(
            FindingSeverity.INFO,
            "pool",
            f"Training-grade parts for the {pool} pool",
            f"the model fits one {name}; the {pool} pool runs well on PCIe cards"
            f"{' and RoCE' if pool == 'inference' else ' or consumer cards'} — "
            "provisioning everything at training-grade specs is the commonest waste",
        )
    return tuple(findings)


def max_per_node(values: Sequence[int | None]) -> int | None:
    """The largest stated accelerators-per-node among compute lines, or None."""
    stated = [value for value in values if value]
    return max(stated) if stated else None


def load_findings(
    *,
    quote_key: str,
    workload: Workload,
    accelerator: Accelerator,
    accelerators_priced: int,
    stated_maximum: int | None,
    accelerators_for_load: float | None,
    job_days: float | None,
    power: tuple[float, float] | None = None,
) -> tuple[Finding, ...]:
    """Check that an option's accelerators carry the workload's load and job cadence.

    "16 accelerators" is not the same capacity on every chip. Rules:

    * serving: the accelerators the load needs on *this* chip (tokens per day within
      the hours of use, at this chip's token rate) against those priced
      (``fit.load``): a warning when more are needed (the cost shown is for too few),
      a knock-out when the vendor's stated maximum is below the need;
    * a recurring training job (``job_every_days``) must finish within its cadence on
      the accelerators priced (``fit.cadence``): a job that runs late is a failure, not
      a cost; the finding says how many would finish in time;
    * owned or on-site hardware must fit the site's power budget (``fit.power``): an
      IT load above it is a knock-out.

    Args:
        quote_key: the quote's key.
        workload: the workload (its cadence and name).
        accelerator: the option's accelerator.
        accelerators_priced: accelerators the option is priced for.
        stated_maximum: the most the vendor states it can supply, None when unstated.
        accelerators_for_load: accelerators the serving load needs on this chip.
        job_days: wall-clock days of one run on the accelerators priced.
        power: for hardware on the buyer's site, its IT load and the budget (kW), when
            a budget is set.
    """
    findings: list[Finding] = []
    name = accelerator.display_name

    def add(severity: FindingSeverity, rule: str, title: str, reason: str) -> None:
        findings.append(
            _fit(quote_key, severity, rule, title, reason, "workload profile", (workload.name,))
        )

    if (
        workload.purpose is Purpose.INFERENCE
        and accelerators_for_load is not None
        and accelerators_for_load > accelerators_priced
    ):
        needed = math.ceil(accelerators_for_load - 1e-9)
        if stated_maximum is not None and stated_maximum < needed:
            add(
                FindingSeverity.KNOCKOUT,
                "load",
                "Cannot carry the load",
                f"serving the load needs {needed} × {name}; the vendor states at most "
                f"{stated_maximum}",
            )
        else:
            add(
                FindingSeverity.WARNING,
                "load",
                "More accelerators needed for the load",
                f"serving the load needs {needed} × {name} at this chip's token rate; the "
                f"option is priced for {accelerators_priced}, so its cost is for too little "
                "capacity (set the workload's accelerators to price the need)",
            )
    cadence = workload.job_every_days
    if (
        workload.purpose is not Purpose.INFERENCE
        and cadence is not None
        and job_days is not None
        and job_days > cadence
        and accelerators_priced > 0
    ):
        enough = math.ceil(accelerators_priced * job_days / cadence - 1e-9)
        add(
            FindingSeverity.KNOCKOUT,
            "cadence",
            "Job misses its cadence",
            f"one run takes {job_days:,.0f} days on {accelerators_priced} × {name}, longer "
            f"than the {cadence:,.0f} days between runs; about {enough} would finish in time "
            "(at the same efficiency) — raise the workload's accelerators",
        )
    if power is not None and power[0] > power[1]:
        add(
            FindingSeverity.KNOCKOUT,
            "power",
            "Over the power budget",
            f"{accelerators_priced} × {name} on the buyer's site draw {power[0]:,.1f} kW of IT "
            f"load (board power × the server overhead), above the {power[1]:,.1f} kW budget",
        )
    return tuple(findings)
