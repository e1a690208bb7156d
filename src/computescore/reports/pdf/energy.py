"""Energy and carbon of each quote's chosen option, how it scales for training, and the
quotes against a token API."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.platypus import Spacer

from computescore.reports.model import (
    API_HEADERS,
    ENERGY_HEADERS,
    OFFER_HEADERS,
    SCALING_HEADERS,
    api_cells,
    api_sentence,
    energy_cells,
    offer_cells,
    scaling_cells,
)
from computescore.reports.pdf.fonts import t

if TYPE_CHECKING:
    from computescore.reports.pdf.blocks import _Builder


def _energy(b: _Builder) -> None:
    pack = b.pack
    b.section("Energy and carbon", new_page=False)
    if not pack.energy:
        b.absent("No quote has an accelerator the catalogue knows, so energy is not estimated.")
        return
    b.story.append(
        b.p(
            "Energy = accelerators × board power × PUE × hours used over the horizon; "
            "emissions = energy × the grid intensity where the option runs. An intensity "
            "marked * is the world average, used because the country is not in the table. "
            "Tokens/s per W is the serving rate per accelerator ÷ its board power. "
            f"Grid intensities: {t(pack.energy_source, 600)}.",
            b.s.body,
        )
    )
    b.story.append(Spacer(1, 4))
    rows = []
    for row in pack.energy:
        cells = [t(text, 160) for text in energy_cells(row)]
        rows.append([b.cell(cells[0], bold=True), b.cell(cells[1]), *cells[2:]])
    b.story.append(
        b.table(list(ENERGY_HEADERS), rows, [0.2, 0.17, 0.08, 0.07, 0.08, 0.1, 0.07, 0.09, 0.14])
    )


def _scaling(b: _Builder) -> None:
    rows = b.pack.scaling
    if not rows:
        return
    b.section("How each option scales for training", new_page=False)
    b.story.append(
        b.p(
            "Doubling the accelerators does not halve a training job: each replica of the "
            "smallest layout that holds the model exchanges its gradients with the others "
            "every step, over the chip's links within a node and the fabric the quote names "
            "between nodes (an unnamed fabric is taken as plain Ethernet). A step is the "
            "workload's context × batch tokens on each accelerator; larger batches hide more "
            "of the exchange. The efficient size "
            "is the largest whose cost per useful PFLOP-hour stays within 10 % of the "
            "cheapest (\u201cor more\u201d: it does not rise within the sizes drawn); the "
            "app's TCO page shows each curve point by point.",
            b.s.body,
        )
    )
    b.story.append(Spacer(1, 4))
    body = []
    for row in rows:
        cells = [t(text, 160) for text in scaling_cells(row)]
        body.append([b.cell(cells[0]), b.cell(cells[1], bold=True), *map(b.cell, cells[2:])])
    b.story.append(
        b.table(list(SCALING_HEADERS), body, [0.11, 0.22, 0.13, 0.11, 0.1, 0.1, 0.11, 0.12])
    )


def _token_api(b: _Builder) -> None:
    api = b.pack.api
    if api is None:
        return
    b.story.append(Spacer(1, 10))
    b.section("Against a token API", new_page=False)
    if api.api:
        b.story.append(b.p(t(api_sentence(api), 900), b.s.body))
    if api.api and api.rows:
        b.story.append(Spacer(1, 4))
        rows = []
        for row in api.rows:
            cells = [t(text, 160) for text in api_cells(row)]
            rows.append([b.cell(cells[0], bold=True), *map(b.num, cells[1:])])
        b.story.append(
            b.table(list(API_HEADERS), rows, [0.32, 0.14, 0.16, 0.2, 0.18], numeric=(1, 2, 3, 4))
        )
    if api.offers:
        b.sub("Token-API offers")
        b.story.append(
            b.p(
                "Offers priced per million tokens, costed for the workload's tokens a day over "
                "the horizon at the stated token mix (support and other lines included). They "
                "sell tokens, not capacity, so they are compared here rather than ranked; where "
                "the prompts are processed is checked like any compute line.",
                b.s.body,
            )
        )
        b.story.append(Spacer(1, 4))
        offers = []
        for offer in api.offers:
            cells = [t(text, 300) for text in offer_cells(offer)]
            offers.append([b.cell(cells[0], bold=True), *map(b.num, cells[1:3]), b.cell(cells[3])])
        b.story.append(b.table(list(OFFER_HEADERS), offers, [0.3, 0.2, 0.16, 0.34], numeric=(1, 2)))
