"""Default scales kept from before serving was decode-bound are flagged, not trusted."""

from __future__ import annotations

from dataclasses import replace

from computescore.domain.scoring.rules import LinearScale
from computescore.domain.scoring.scales import COST_UNIT, ScoreScales, default_scales
from computescore.domain.workload import Purpose
from computescore.services.catalogue import load_catalogue
from computescore.services.scales import _stale_default
from tests.domain.engine_records import workload


def test_a_serving_workload_s_default_anchors_follow_the_decode_step() -> None:
    serving = replace(workload(purpose=Purpose.INFERENCE, params=13e9), context_length=4096)
    now = default_scales(serving, load_catalogue().accelerators)
    assert "decode step" in now.origin
    old = ScoreScales(
        now.performance,
        LinearScale(10.0, 2.0, COST_UNIT),
        "default for 'x', derived from the workload and the catalogue: cost 100 = an H100 "
        "SXM (989 TFLOP/s × MFU 0.4) at $2.00 per GPU-hour",
    )
    assert "computescore scales --reset" in _stale_default(old, now)
    assert _stale_default(now, now) == ""
    chosen = replace(old, origin="set for this evaluation")
    assert _stale_default(chosen, now) == ""  # the buyer's own anchors stay theirs
    training = default_scales(workload(), load_catalogue().accelerators)
    assert "decode step" not in training.origin


def test_default_anchors_kept_for_another_token_mix_are_flagged() -> None:
    # Anchors derived when every served token counted at the decode step's rate (before the
    # token mix), or for another mix than the evaluation's now, measure the quotes by
    # another useful throughput than theirs: the reader is told to re-derive them.
    serving = replace(workload(purpose=Purpose.INFERENCE, params=13e9), context_length=4096)
    accelerators = load_catalogue().accelerators
    now = default_scales(serving, accelerators)
    assert "25 % of the tokens generated" in now.origin
    before_mix = replace(
        now,
        origin="default for 'x', derived from the workload and the catalogue: cost 100 = an "
        "H100 SXM (9.59 useful TFLOP/s, bound by the decode step) at $2.00 per GPU-hour",
    )
    stale = _stale_default(before_mix, now)
    assert "another token mix (100 % of the tokens generated; now 25 %)" in stale
    assert "computescore scales --reset" in stale
    halves = default_scales(serving, accelerators, output_share=0.5)
    assert "(50 % of the tokens generated; now 25 %)" in _stale_default(halves, now)
    assert _stale_default(default_scales(serving, accelerators), now) == ""
    # Every token generated is the rule those older anchors were derived by: not stale.
    every = default_scales(serving, accelerators, output_share=1.0)
    assert "100 % of the tokens generated" in every.origin
    assert "prompt tokens" not in every.origin
    assert _stale_default(before_mix, every) == ""
    # A larger share generated means a lower useful throughput, so a dearer anchor.
    assert halves.cost is not None and now.cost is not None
    assert halves.cost.ideal > now.cost.ideal
