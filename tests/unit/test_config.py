"""Settings: defaults, .env names, and clear failures that name the variable."""

from __future__ import annotations

import pytest

from agentic_rag.config import PROJECT_ROOT, Settings, load_settings
from agentic_rag.errors import ConfigError


def test_defaults_run_offline_with_two_iterations(tmp_path):
    s = load_settings(build_dir=tmp_path)
    assert s.openai_api_key is None and not s.llm_enabled
    assert s.max_iterations == 2
    assert s.sqlite_path == tmp_path / "catalog.db"
    assert s.falkordb_path == tmp_path / "graph" / "catalog.rdb"
    assert s.csv_path == PROJECT_ROOT / "data" / "netflix_titles.csv"


def test_env_vars_are_read(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("PLANNER_MODEL", "llama3.1")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:11434/v1")
    s = load_settings()
    assert s.llm_enabled and s.planner_model == "llama3.1"
    assert s.openai_api_key.get_secret_value() == "sk-test"
    assert "sk-test" not in repr(s)


def test_blank_optional_keys_are_none(monkeypatch):
    monkeypatch.setenv("OMDB_API_KEY", "  ")
    monkeypatch.setenv("CHROMA_URL", "")
    s = load_settings()
    assert s.omdb_api_key is None and s.chroma_url is None and not s.omdb_enabled


def test_offline_mode_wins_over_key():
    assert not load_settings(openai_api_key="sk", offline_mode=True).llm_enabled


@pytest.mark.parametrize(
    ("var", "value"),
    [
        ("MAX_ITERATIONS", "3"),
        ("MAX_ITERATIONS", "0"),
        ("SQL_TIMEOUT_S", "-1"),
        ("FALKORDB_URL", "localhost:6379"),
        ("LLM_TEMPERATURE", "hot"),
    ],
)
def test_invalid_values_fail_naming_the_variable(monkeypatch, var, value):
    monkeypatch.setenv(var, value)
    with pytest.raises(ConfigError, match=var):
        load_settings()


def test_env_example_lists_every_setting():
    text = (PROJECT_ROOT / ".env.example").read_text()
    missing = [f.upper() for f in Settings.model_fields if f.upper() not in text]
    assert missing == []
