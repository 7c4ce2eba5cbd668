"""Data-build benchmark: time per stage on the full catalog; embedding speed vs chromadb's."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from agentic_rag.bench.report import Figure
from agentic_rag.config import Settings, load_settings
from agentic_rag.stores.build import build_all
from agentic_rag.stores.catalog import load_catalog
from agentic_rag.stores.embeddings import OnnxEmbedder


def bench_build(settings: Settings) -> list[Figure]:
    """Build all three stores from scratch into a temp dir and time each stage."""
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        fresh = load_settings(
            build_dir=Path(tmp), csv_path=settings.csv_path, model_dir=settings.model_dir
        )
        reports = build_all(fresh, force=True)
    figures = [Figure(f"build: {r.stage}", r.seconds, "s") for r in reports]
    total = sum(r.seconds for r in reports)
    figures.append(Figure("build: all stages", total, "s", target="<= 90 s", met=total <= 90))
    return figures


def bench_embedding(settings: Settings, n: int = 500) -> list[Figure]:
    """Ours (pad to longest, length-sorted batches) vs chromadb's ONNXMiniLM_L6_V2 (pads to 256)."""
    from chromadb.utils.embedding_functions.onnx_mini_lm_l6_v2 import ONNXMiniLM_L6_V2

    texts = [t.description or "" for t in load_catalog(Path(settings.csv_path))[:n]]
    ours = OnnxEmbedder(Path(settings.model_dir))
    ours.embed(texts[:8])  # warm-up
    start = time.perf_counter()
    mine = ours.embed(texts)
    t_ours = time.perf_counter() - start

    ONNXMiniLM_L6_V2.DOWNLOAD_PATH = Path(settings.model_dir).parent  # our copy: no download
    theirs = ONNXMiniLM_L6_V2(preferred_providers=["CPUExecutionProvider"])
    theirs(texts[:8])
    start = time.perf_counter()
    ref = theirs(texts)
    t_theirs = time.perf_counter() - start

    import numpy as np

    agreement = float(np.mean(np.sum(mine * np.array(ref), axis=1)))
    ratio = t_theirs / t_ours
    return [
        Figure(f"embed {n} descriptions: ours", t_ours, "s"),
        Figure(f"embed {n} descriptions: chromadb ONNXMiniLM_L6_V2", t_theirs, "s"),
        Figure("embedding speed-up vs chromadb", ratio, "x", target=">= 10x", met=ratio >= 10),
        Figure(
            "mean cosine(ours, chromadb)", agreement, "", target=">= 0.999", met=agreement >= 0.999
        ),
    ]
