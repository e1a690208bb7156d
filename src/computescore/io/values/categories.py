"""Cost categories from a line's words."""

from __future__ import annotations

import re

from computescore.domain.problems import Problem, Severity
from computescore.domain.quotes import CostCategory
from computescore.io.values.text import _problem, is_blank, normalise_text

_CATEGORY_WORDS: tuple[tuple[CostCategory, str], ...] = (
    (
        CostCategory.TOKENS,
        r"\btokens?\b|\bmtoks?\b|inference api|model api|serverless inference",
    ),
    (
        CostCategory.EGRESS,
        r"egress|data transfer out|outbound (?:data|traffic|transfer)|"
        r"internet transfer|bandwidth overage",
    ),
    (
        CostCategory.INSTALLATION,
        r"install|set-?up|onboarding|commission|rack(?:ing)? (?:and|&) "
        r"stack|integration|deployment fee|\bprodeploy\b|deployment services?|configuration|"
        r"provisioning fee|"
        r"burn-?in|shipping|delivery|freight|build-?out|site survey|site assessment|"
        r"power assessment|"
        # de, fr, es, it, nl, zh, ja
        r"inbetriebnahme|einrichtung|mise en service|puesta en marcha|instalaci[oó]n|"
        r"messa in servizio|ingebruikname|安装|部署|调试|初期費用|構築|設置|"
        r"activation|frais d'acc[eè]s|raccordement|bereitstellung|cuota de alta|attivazione|"
        r"aansluitkosten|opstartkosten|开通|"
        # shipping in the vendor's words: de, fr, es, it, nl, zh, ja
        r"versand|fracht|lieferung|verpackung|frais de port|livraison|transportkosten|env[ií]o|"
        r"spedizione|consegna|verzending|levering|运费|送料|配送|輸送",
    ),
    (
        CostCategory.SUPPORT,
        r"support|maintenance|warranty|\btam\b|technical account|remote hands|"
        r"smart hands|migration|"
        r"managed service|care\b|service desk|helpdesk|expert hours|"
        r"professional services|\bsla\b|"
        r"wartung|soporte|mantenimiento|assistenza|manutenzione|onderhoud|"
        r"garantie|garant[ií]a|garanzia|gew[aä]hrleistung|"
        r"维保|运维|技术支持|质保|保修|保守|保証|サポート",
    ),
    (
        CostCategory.SOFTWARE,
        r"software|licen[cs]e|subscription|ai enterprise|\bos\b|"
        r"operating system|run:?ai|slurm|kubernetes|vmware|platform fee|"
        r"lizenz|logiciel|licencia|软件|ソフトウェア",
    ),
    (
        CostCategory.STORAGE,
        r"storage|nvme|\bssd\b|\bhdd\b|object store|file ?system|lustre|weka|"
        r"vast|\bs3\b|backup|snapshot|\btb\b|\bpb\b|block volume|disk|\bnas\b|all-?flash|"
        r"speicher|stockage|almacenamiento|archiviazione|opslag|存储|ストレージ",
    ),
    (
        # a rack, cabinet or colocation named first is the facility, with its power
        CostCategory.FACILITY,
        r"^(colocation|colo\b|racks?\b|cabinets?\b|cages?\b|baies?\b|armoires?\b|"
        r"stellpl[aä]tze?\b|机柜|ラック)",
    ),
    (
        CostCategory.POWER,
        # "power", not a product named Power…: PowerEdge, PowerSwitch, PowerScale
        r"\bpower\b|electric|energy|\bkwh?\b|cooling|\bpdu\b|\bups\b|"
        r"liquid cool|\bcdu\b|busway|heat exchanger|\brdhx\b|"
        r"strom|kühlung|refroidissement|énergie|refrigeraci|raffreddamento|电力|电费|"
        r"冷却|電力",
    ),
    (
        CostCategory.FACILITY,
        r"colocation|colo\b|rack space|\brack\b|cabinet|cage|data ?cent(?:er|re)|"
        r"hosting|floor space|space\b|facility|facilities|"
        r"\bbaies?\b|armoire|rechenzentrum|stellplatz|机柜|机房|ラック|データセンター",
    ),
    (
        CostCategory.NETWORK,
        r"network|infiniband|\bib\b|switch|ethernet|roce|bandwidth|uplink|"
        r"internet|\d\s?gbps|"
        r"cross-?connect|\bport\b|transit|\bip\b|vpn|interconnect|"
        r"direct connect|express ?route|fib(?:re|er)|optic|transceiver|cabl(?!e management)|"
        r"netzwerk|réseau|netwerk|\bnic\b|connectx|网络|专线|閉域網|回線|ネットワーク",
    ),
)


_INCLUDED = re.compile(
    r"\((?:incl\.?|including|inkl\.?|inclus|incluye|incluso|含む|含)[^)]*\)"
    r"|\b(?:incl\.|including|inkl\.|einschl\.)\s.*$"
)
"""What a line says it includes ("WEKA storage cluster (incl. licenses 3Y)"): not what it is."""


def categorise_cost(text: object) -> CostCategory:
    """The category of a cost line from its description (``"InfiniBand fabric"`` → network).

    The first matching category in a fixed order wins (egress before network,
    installation before facility; a line that names a rack, cabinet or colocation first
    is the facility, with the power it comes with: "Colocation rack 40 kW incl. power"),
    else ``other``. What the line says it includes does not decide: "WEKA storage cluster
    (incl. licenses 3Y)" is storage.
    """
    if is_blank(text):
        return CostCategory.OTHER
    folded = _INCLUDED.sub(" ", normalise_text(text).casefold())
    for category, pattern in _CATEGORY_WORDS:
        if re.search(pattern, folded):
            return category
    return CostCategory.OTHER


def parse_category(value: object, source: str = "") -> tuple[CostCategory | None, Problem | None]:
    """A category cell: a canonical name (``network``) or words that imply one."""
    if is_blank(value):
        return None, None
    folded = normalise_text(value).casefold().strip()
    for category in CostCategory:
        if folded == category.value:
            return category, None
    category = categorise_cost(folded)
    if category is CostCategory.OTHER and folded not in ("other", "misc", "miscellaneous"):
        return CostCategory.OTHER, _problem(
            source,
            "The cost category is not recognised; filed as other",
            value,
            ", ".join(c.value for c in CostCategory),
            Severity.WARNING,
        )
    return category, None


def parse_kind(value: object, source: str = "") -> tuple[str | None, Problem | None]:
    """A line-kind cell: ``compute`` or ``cost`` (``hardware``/``gpu`` count as compute)."""
    if is_blank(value):
        return None, None
    folded = normalise_text(value).casefold()
    if re.search(r"\b(compute|gpu|accelerator|hardware|instance|capacity|server)s?\b", folded):
        return "compute", None
    if re.search(r"\b(cost|service|fee|other|support|network|storage|charge)s?\b", folded):
        return "cost", None
    return None, _problem(
        source, "The line type is not recognised", value, "compute or cost", Severity.WARNING
    )
