"""Decision-engine commands: sizing estimates, TCO per quote, and the five-axis scorecard.

* ``computescore estimate training --params 7e9 --tokens 1e12 --accelerator nvidia-h100-sxm
  --mfu 0.4 [--precision bf16] [--gpus N] [--usd-per-gpu-hour X] [--json]``
* ``computescore estimate inference --params 13e9 --tokens-per-day 2e9 --accelerator …``
* ``computescore tco --db PATH [--evaluation NAME] [--workload NAME] [--json]``
* ``computescore score --db PATH [--evaluation NAME] [--workload NAME] [--weights …] [--json]``
* ``computescore scales --db PATH [--workload NAME] [--cost TARGET,CEILING] [--performance …]``
* ``computescore plan --db PATH [--evaluation NAME] [--scenario NAME] [--keep VENDOR] …``

JSON keys are stable (new ones are added, none renamed); without ``--json`` a readable
table is printed. ``tco`` prices every compute line as an option for the workload's
accelerators and lists the options (``options``, ``chosen_option``, ``choice``) and the
quote's lines as quoted (``quote_lines``) beside the chosen option's TCO lines.
"""

from __future__ import annotations

import argparse

from computescore.cli.common import (
    add_db_argument,
    add_evaluation_argument,
    add_json_argument,
    add_workload_argument,
)
from computescore.cli.engine.estimate import run_estimate_inference as run_estimate_inference
from computescore.cli.engine.estimate import run_estimate_training as run_estimate_training
from computescore.cli.engine.plan import register as register_plan
from computescore.cli.engine.scales import register as register_scales
from computescore.cli.engine.score import knockout_text as knockout_text
from computescore.cli.engine.score import parse_weights as parse_weights
from computescore.cli.engine.score import run_score as run_score
from computescore.cli.engine.score import score_to_dict as score_to_dict
from computescore.cli.engine.tco import input_text as input_text
from computescore.cli.engine.tco import run_tco as run_tco
from computescore.cli.engine.tco import tco_to_dict as tco_to_dict
from computescore.cli.engine.weights import register as register_weights
from computescore.vocabulary import category_text as category_text

ESTIMATE_HELP = "size a training job or an inference load on a catalogue accelerator"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``estimate``, ``tco`` and ``score`` commands."""
    estimate = sub.add_parser("estimate", help=ESTIMATE_HELP, description=ESTIMATE_HELP)
    kinds = estimate.add_subparsers(
        dest="kind", metavar="KIND", required=True, parser_class=type(estimate)
    )

    training = kinds.add_parser("training", help="GPU-hours, memory and time of a training job")
    training.add_argument("--params", type=float, required=True, help="model parameters, e.g. 7e9")
    training.add_argument("--tokens", type=float, required=True, help="training tokens, e.g. 1e12")
    _accelerator_arguments(training)
    training.add_argument("--gpus", type=int, help="accelerators for the wall-clock time")
    training.add_argument("--usd-per-gpu-hour", type=float, help="price for the job's cost")
    add_json_argument(training)
    training.set_defaults(func=run_estimate_training)

    inference = kinds.add_parser("inference", help="memory, token rate and GPUs to serve a load")
    inference.add_argument("--params", type=float, required=True, help="model parameters")
    inference.add_argument(
        "--tokens-per-day", type=float, required=True, help="tokens served per day"
    )
    _accelerator_arguments(inference)
    inference.add_argument("--context", type=int, default=4096, help="context length (tokens)")
    inference.add_argument("--batch", type=int, default=1, help="concurrent sequences")
    inference.add_argument(
        "--hours-per-day", type=float, default=24.0, help="hours per day the load is served in"
    )
    inference.add_argument(
        "--tokens-per-second",
        type=float,
        help="measured tokens/s per accelerator while generating (beats the estimate)",
    )
    inference.add_argument(
        "--output-share",
        type=float,
        default=0.25,
        help="share of the tokens that are generated; the rest are prompt tokens, read in "
        "the prefill at peak × MFU (default 0.25: three prompt tokens to one answer token; "
        "1: count every token at the generating rate; 0: prompts only, as for embeddings)",
    )
    inference.add_argument("--usd-per-gpu-hour", type=float, help="price for the daily cost")
    shape = inference.add_argument_group(
        "model shape and latency (for the KV cache, the decode step and the latency check)"
    )
    shape.add_argument("--layers", type=int, help="transformer layers, e.g. 80")
    shape.add_argument("--kv-heads", type=int, help="key/value heads (8 for Llama-3-70B's GQA)")
    shape.add_argument("--head-dim", type=int, help="dimension of one head, e.g. 128")
    shape.add_argument(
        "--kv-bytes", type=float, default=2.0, help="bytes per cached value (2 bf16, 1 fp8)"
    )
    shape.add_argument(
        "--prompt-tokens",
        type=int,
        help="a typical prompt (default: the context less the generated share, --output-share)",
    )
    shape.add_argument("--latency-ms", type=float, help="target for first token and per token")
    shape.add_argument(
        "--bandwidth-efficiency",
        type=float,
        default=0.8,
        help="share of the memory bandwidth reached (default 0.8)",
    )
    add_json_argument(inference)
    inference.set_defaults(func=run_estimate_inference)

    from computescore.cli.engine.economics import register_estimates

    register_estimates(kinds)

    tco = sub.add_parser("tco", help="total cost of ownership of every quote, line by line")
    _evaluation_arguments(tco)
    tco.set_defaults(func=run_tco)

    score = sub.add_parser("score", help="five-axis scores, ranking, knock-outs and robustness")
    _evaluation_arguments(score)
    score.add_argument(
        "--weights",
        metavar="AXIS=W,…",
        help="axis weights, e.g. cost=0.4,reliability=0.3 (normalised to 1)",
    )
    score.add_argument(
        "--samples",
        type=int,
        default=None,
        help="Monte Carlo samples (default 10,000; 0 turns it off)",
    )
    score.add_argument("--seed", type=int, help="Monte Carlo random seed")
    score.add_argument(
        "--no-compliance",
        action="store_true",
        help="skip the compliance checks (the compliance axis is then neutral)",
    )
    score.set_defaults(func=run_score)
    register_plan(sub)
    register_scales(sub)
    register_weights(sub)


def _accelerator_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--accelerator",
        required=True,
        help="catalogue id or vendor name, e.g. nvidia-h100-sxm or 'H100'",
    )
    parser.add_argument("--precision", default="bf16", help="numeric precision (default bf16)")
    parser.add_argument(
        "--mfu", type=float, default=0.4, help="model FLOPs utilisation, 0–1 (default 0.4)"
    )
    parser.add_argument(
        "--db", metavar="PATH", help="also know the accelerators added to this workspace"
    )


def _evaluation_arguments(parser: argparse.ArgumentParser) -> None:
    add_db_argument(parser)
    add_evaluation_argument(parser)
    add_workload_argument(parser)
    add_json_argument(parser)
