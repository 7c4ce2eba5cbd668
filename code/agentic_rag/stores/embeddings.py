"""Sentence embeddings with the shipped all-MiniLM-L6-v2 ONNX model.

onnxruntime + tokenizers only: no PyTorch, no download. Each batch is padded to
its longest item (not to a fixed 128/256), texts are sorted by token count before
batching so batches pad little, truncation is 256 tokens, and the sentence
vector is the attention-masked mean of the last hidden state, L2-normalised.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from agentic_rag.errors import DataBuildError

REQUIRED_FILES = ("model.onnx", "tokenizer.json")
MAX_TOKENS = 256


class OnnxEmbedder:
    """Embed texts into 384-dim unit vectors. Thread-safe; load once and share."""

    dimension = 384

    def __init__(self, model_dir: Path, batch_size: int = 32, threads: int | None = None):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.model_dir = Path(model_dir)
        missing = [f for f in REQUIRED_FILES if not (self.model_dir / f).is_file()]
        if missing:
            raise DataBuildError(
                f"Embedding model files {missing} are missing from {self.model_dir}. "
                "Restore data/models/ from git (`git checkout -- data/models`) or set MODEL_DIR."
            )
        self.batch_size = batch_size
        tokenizer = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.no_padding()  # batches are padded here, to their own longest item
        self._pad_id = tokenizer.token_to_id("[PAD]") or 0
        self._tokenizer = tokenizer
        options = ort.SessionOptions()
        if threads:
            options.intra_op_num_threads = threads
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        try:
            self._session = ort.InferenceSession(
                str(self.model_dir / "model.onnx"), options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own untyped errors
            raise DataBuildError(
                f"Cannot load {self.model_dir / 'model.onnx'} ({exc}); restore it from git."
            ) from exc
        self._input_names = {i.name for i in self._session.get_inputs()}
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Return an array (len(texts), 384) of float32 unit vectors, in input order."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            encodings = self._tokenizer.encode_batch(list(texts))
        # Sort by token count so each batch pads to nearly its own length (little wasted work).
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i].ids))
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            idx = order[start : start + self.batch_size]
            out[idx] = self._embed_batch([encodings[i].ids for i in idx])
        return out

    def embed_one(self, text: str) -> list[float]:
        return self.embed([text])[0].tolist()

    def _embed_batch(self, token_ids: list[list[int]]) -> np.ndarray:
        width = max(len(ids) for ids in token_ids)
        ids = np.full((len(token_ids), width), self._pad_id, dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, seq in enumerate(token_ids):
            ids[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._input_names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        summed = (hidden * weights).sum(axis=1)
        mean = summed / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(mean, axis=1, keepdims=True)
        return mean / np.clip(norms, 1e-12, None)
