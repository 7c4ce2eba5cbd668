"""One `Settings` object, read from the environment and `.env`.

Every knob of the app lives here. Invalid values fail at start with a message
that names the variable (see `load_settings`).
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from agentic_rag.errors import ConfigError

PROJECT_ROOT = Path(__file__).resolve().parents[2]

PositiveSeconds = Annotated[float, Field(gt=0, le=600)]

#: USD per million tokens (input, output). Unknown models cost 0 and say so.
DEFAULT_PRICES: dict[str, tuple[float, float]] = {
    "gpt-4o-mini": (0.15, 0.60),
    "gpt-4o": (2.50, 10.00),
    "gpt-4.1-mini": (0.40, 1.60),
    "gpt-4.1-nano": (0.10, 0.40),
    "gpt-4.1": (2.00, 8.00),
}


class Settings(BaseSettings):
    """Configuration of the whole app. Field names map to upper-case env vars."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        case_sensitive=False,
        validate_default=True,
    )

    # --- LLM -----------------------------------------------------------------
    openai_api_key: SecretStr | None = None
    openai_base_url: str | None = None
    offline_mode: bool = False
    planner_model: str = "gpt-4o-mini"
    evaluator_model: str = "gpt-4o-mini"
    synthesizer_model: str = "gpt-4o-mini"
    llm_temperature: float = Field(0.0, ge=0.0, le=2.0)
    llm_timeout_s: PositiveSeconds = 60.0
    llm_max_retries: int = Field(2, ge=0, le=10)  # transport errors only, never a refusal
    #: Structured-output method: auto walks the ladder (json_schema, tools, json_mode, text).
    structured_output: Literal["auto", "json_schema", "tools", "json_mode", "text"] = "auto"
    llm_max_repairs: int = Field(1, ge=0, le=3)  # invalid replies sent back to be fixed
    # Sized to what each node returns: a plan is reasoning (~60 tokens), the stand-alone
    # question (~30) and up to three typical calls (~80 each): ~330; a decision is two
    # sentences and an instruction (~120); an answer a short paragraph with a list (~350).
    planner_max_tokens: int = Field(384, ge=16, le=32_000)
    evaluator_max_tokens: int = Field(160, ge=16, le=32_000)
    synthesizer_max_tokens: int = Field(400, ge=16, le=32_000)
    turn_token_budget: int = Field(20_000, ge=0)  # 0: no budget; past it the rules answer
    #: auto: the offline reader reads each question first and, when it is confident, its plan
    #: runs with no model call (the fast path); off: the model plans every question.
    fast_path: Literal["auto", "off"] = "auto"
    #: The reader's calibrated probability that its reading is right, at or above which its plan
    #: runs with no model call: the same line below which the offline answer asks back.
    fast_path_min_confidence: float = Field(0.5, ge=0.0, le=1.0)
    #: How long what a model server accepts (its structured-output rung) is remembered on disk.
    server_facts_ttl_s: int = Field(24 * 3600, ge=0)
    #: Seconds to read a server's /v1/models at start (a wrong model name fails within this).
    model_check_timeout_s: PositiveSeconds = 4.0
    #: LangSmith tracing (LangChain reads these itself; the app only reports whether it is on).
    langsmith_tracing: bool = False
    langchain_tracing_v2: bool = False
    langsmith_api_key: SecretStr | None = None
    langchain_api_key: SecretStr | None = None
    few_shot_examples: int = Field(3, ge=0, le=10)  # nearest plan examples in the prompt
    model_prices: dict[str, tuple[float, float]] = Field(
        default_factory=lambda: dict(DEFAULT_PRICES)
    )

    # --- external APIs -------------------------------------------------------
    omdb_api_key: SecretStr | None = None
    omdb_base_url: str = "https://www.omdbapi.com/"
    #: proxy for the web tool's ddgs client (e.g. socks5h://host:1080); set, the local DNS
    #: probe is skipped, since behind a proxy the search host may not resolve locally
    ddgs_proxy: str | None = None

    # --- stores --------------------------------------------------------------
    data_dir: Path = PROJECT_ROOT / "data"
    build_dir: Path | None = None
    csv_path: Path | None = None
    model_dir: Path | None = None
    sqlite_path: Path | None = None
    chroma_path: Path | None = None
    falkordb_path: Path | None = None
    chroma_url: str | None = None
    falkordb_url: str | None = None
    #: PostgreSQL for conversation checkpoints (shared by replicas); unset: SQLite in build_dir
    database_url: SecretStr | None = None
    #: turn traces (thread titles and history on the page); share it between replicas
    traces_dir: Path | None = None
    chroma_collection: str = "descriptions"
    graph_name: str = "catalog"

    # --- time limits ---------------------------------------------------------
    sql_timeout_s: PositiveSeconds = 5.0
    semantic_timeout_s: PositiveSeconds = 10.0
    cypher_timeout_s: PositiveSeconds = 5.0
    web_timeout_s: PositiveSeconds = 6.0
    omdb_timeout_s: PositiveSeconds = 6.0
    turn_deadline_s: PositiveSeconds = 55.0

    # --- agent ---------------------------------------------------------------
    max_iterations: int = Field(2, ge=1, le=2)
    #: an offline reading less likely right than this asks back with choices (0: never asks)
    clarify_below: float = Field(0.5, ge=0.0, le=1.0)

    # --- caches --------------------------------------------------------------
    web_cache_ttl_s: int = Field(6 * 3600, ge=0)
    omdb_cache_ttl_s: int = Field(7 * 24 * 3600, ge=0)
    semantic_cache_ttl_s: int = Field(24 * 3600, ge=0)

    # --- benchmarks ----------------------------------------------------------
    bench_memory_turns: int = Field(500, ge=1)  # turns of the memory benchmark (make bench)

    @field_validator(
        "openai_api_key", "omdb_api_key", "langsmith_api_key", "langchain_api_key", mode="before"
    )
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("openai_base_url", "chroma_url", "falkordb_url", mode="before")
    @classmethod
    def _blank_url_is_none(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _postgres_url(cls, value: object) -> object:
        if isinstance(value, str | SecretStr):
            text = value.get_secret_value() if isinstance(value, SecretStr) else value
            if not text.strip():
                return None
            if not text.startswith(("postgresql://", "postgres://")):
                raise ValueError("write it like postgresql://user:password@host:5432/dbname")
        return value

    @field_validator("chroma_url", "falkordb_url", "openai_base_url")
    @classmethod
    def _url_has_scheme(cls, value: str | None) -> str | None:
        if value is not None and "://" not in value:
            raise ValueError(f"{value!r} is not a URL: write it like http://host:port")
        return value

    @model_validator(mode="after")
    def _fill_paths(self) -> Settings:
        self.data_dir = Path(self.data_dir)
        build = Path(self.build_dir) if self.build_dir else self.data_dir / "build"
        self.build_dir = build
        self.csv_path = self.csv_path or self.data_dir / "netflix_titles.csv"
        self.model_dir = self.model_dir or self.data_dir / "models" / "all-MiniLM-L6-v2" / "onnx"
        self.sqlite_path = self.sqlite_path or build / "catalog.db"
        self.chroma_path = self.chroma_path or build / "chroma"
        self.falkordb_path = self.falkordb_path or build / "graph" / "catalog.rdb"
        self.traces_dir = Path(self.traces_dir) if self.traces_dir else build / "traces"
        return self

    # Derived paths that are not settings of their own.
    @cached_property
    def manifest_path(self) -> Path:
        return Path(self.build_dir) / "manifest.json"

    @cached_property
    def cache_path(self) -> Path:
        return Path(self.build_dir) / "cache.db"

    @cached_property
    def audit_path(self) -> Path:
        return Path(self.build_dir) / "audit.jsonl"

    @cached_property
    def server_facts_path(self) -> Path:
        return Path(self.build_dir) / "llm_servers.json"

    @property
    def tracing_enabled(self) -> bool:
        """True when LangSmith tracing is switched on and has an API key."""
        on = self.langsmith_tracing or self.langchain_tracing_v2
        return on and (self.langsmith_api_key or self.langchain_api_key) is not None

    @cached_property
    def threads_path(self) -> Path:
        return Path(self.build_dir) / "threads.db"

    @property
    def llm_enabled(self) -> bool:
        """True when the planner, evaluator and synthesizer use a chat model."""
        return self.openai_api_key is not None and not self.offline_mode

    @property
    def omdb_enabled(self) -> bool:
        return self.omdb_api_key is not None


def mode_label(settings: Settings) -> str:
    """Which mode answers, in words for the page and the answers."""
    if settings.llm_enabled:
        where = settings.openai_base_url or "OpenAI"
        return f"LLM mode: {settings.planner_model} via {where}"
    if settings.openai_api_key is not None:
        return (
            "Offline mode: chosen in the settings (deterministic planner, evaluator, synthesizer)"
        )
    return "Offline mode: no API key set (deterministic planner, evaluator, synthesizer)"


def load_settings(**overrides: object) -> Settings:
    """Build `Settings`, turning validation errors into one readable `ConfigError`."""
    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            name = "_".join(str(p) for p in err["loc"]).upper() or "settings"
            lines.append(f"{name}: {err['msg']} (got {err.get('input')!r})")
        raise ConfigError(
            "Invalid configuration. Fix these variables in .env or the environment:\n  "
            + "\n  ".join(lines)
        ) from exc
