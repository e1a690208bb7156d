"""Sizing: compute, GPU-hours, wall-clock time and memory of a workload (DOMAIN.md §2).

Formulas:

* training compute = 6 × parameters × tokens (FLOP);
* inference compute = 2 × parameters FLOP per token;
* GPU-hours = FLOP / (dense peak FLOP/s at the precision × MFU × 3600);
* wall-clock days = GPU-hours / (accelerators × 24);
* full fine-tuning memory = 16 bytes per parameter (bf16 weights 2 + bf16 gradients 2
  + fp32 master weights 4 + Adam first and second moments 4 + 4); activations excluded;
* inference memory = weights (bytes per parameter at the precision) + KV cache.

KV cache. For a dense decoder-only transformer the cache holds, per token of context
and per sequence of the batch, one key and one value vector per layer:

    KV bytes = 2 × layers × kv_dim × context × batch × bytes per cached value

where ``kv_dim = d_model × kv_heads / attention heads`` (1 for full multi-head
attention, 1/8 for grouped-query attention with 8 query heads per key head).
When the user gives no architecture, :func:`assumed_shape` derives one from the
parameter count with ``params ≈ 12 × layers × d_model²`` and ``d_model = 128 ×
layers`` (the proportions of the common 7 B / 13 B decoders: 32 × 4096, 40 × 5120),
with full multi-head attention and a 2-byte (fp16/bf16) cache. That is deliberately
conservative: grouped-query models need several times less cache.

Fit checks turn the sizing into :class:`~computescore.domain.findings.Finding`
records in the ``fit`` category, using seed 000's accelerator quadrant: a training
pool wants NVLink-class links inside a node and InfiniBand between nodes, an
inference pool is fine on PCIe and RoCE, an experiment pool on consumer cards and
plain Ethernet.
"""

from __future__ import annotations

from computescore.domain.sizing.compute import ASPECT_RATIO as ASPECT_RATIO
from computescore.domain.sizing.compute import (
    FULL_FINE_TUNE_BYTES_PER_PARAM as FULL_FINE_TUNE_BYTES_PER_PARAM,
)
from computescore.domain.sizing.compute import (
    INFERENCE_FLOP_PER_PARAM_TOKEN as INFERENCE_FLOP_PER_PARAM_TOKEN,
)
from computescore.domain.sizing.compute import KILO_GPU as KILO_GPU
from computescore.domain.sizing.compute import KV_BYTES_DEFAULT as KV_BYTES_DEFAULT
from computescore.domain.sizing.compute import NODE_SIZE_DEFAULT as NODE_SIZE_DEFAULT
from computescore.domain.sizing.compute import RULE_STATUS as RULE_STATUS
from computescore.domain.sizing.compute import SEED_000 as SEED_000
from computescore.domain.sizing.compute import (
    TRAINING_FLOP_PER_PARAM_TOKEN as TRAINING_FLOP_PER_PARAM_TOKEN,
)
from computescore.domain.sizing.compute import gpu_hours as gpu_hours
from computescore.domain.sizing.compute import inference_flops as inference_flops
from computescore.domain.sizing.compute import measurement_precision as measurement_precision
from computescore.domain.sizing.compute import mfu_used as mfu_used
from computescore.domain.sizing.compute import training_flops as training_flops
from computescore.domain.sizing.compute import wall_clock_days as wall_clock_days
from computescore.domain.sizing.fit import Fabric as Fabric
from computescore.domain.sizing.fit import detect_fabric as detect_fabric
from computescore.domain.sizing.fit import fit_findings as fit_findings
from computescore.domain.sizing.fit import has_fast_scale_up as has_fast_scale_up
from computescore.domain.sizing.fit import load_findings as load_findings
from computescore.domain.sizing.fit import max_per_node as max_per_node
from computescore.domain.sizing.memory import ModelShape as ModelShape
from computescore.domain.sizing.memory import assumed_shape as assumed_shape
from computescore.domain.sizing.memory import (
    bandwidth_bound_tokens_per_second as bandwidth_bound_tokens_per_second,
)
from computescore.domain.sizing.memory import (
    compute_bound_tokens_per_second as compute_bound_tokens_per_second,
)
from computescore.domain.sizing.memory import inference_memory_gb as inference_memory_gb
from computescore.domain.sizing.memory import kv_cache_gb as kv_cache_gb
from computescore.domain.sizing.memory import min_accelerators as min_accelerators
from computescore.domain.sizing.memory import training_memory_gb as training_memory_gb
from computescore.domain.sizing.memory import weights_gb as weights_gb
from computescore.domain.sizing.sizings import Sizing as Sizing
from computescore.domain.sizing.sizings import size_inference as size_inference
from computescore.domain.sizing.sizings import size_training as size_training
from computescore.domain.sizing.sizings import size_workload as size_workload
