"""The shared-state settings and the docker-compose topology docs/deploy.md describes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from agentic_rag.agent.memory.checkpoints import backend, memory_notice
from agentic_rag.config import PROJECT_ROOT
from agentic_rag.errors import ConfigError, StoreUnavailableError
from tests.conftest import make_settings


def test_database_url_is_checked_and_kept_secret(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, database_url="postgresql://app:s3cret@db:5432/rag")
    assert backend(settings) == "postgres"
    assert "s3cret" not in repr(settings)
    notice = memory_notice(settings, StoreUnavailableError("down"))
    assert "db:5432/rag" in notice and "s3cret" not in notice
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        make_settings(tmp_path, database_url="mysql://app@db/rag")
    assert backend(make_settings(tmp_path, database_url="  ")) == "sqlite"


def test_traces_dir_defaults_under_build_and_can_be_shared(tmp_path: Path) -> None:
    assert make_settings(tmp_path).traces_dir == tmp_path / "traces"
    assert make_settings(tmp_path, traces_dir=tmp_path / "shared").traces_dir == tmp_path / "shared"


def test_compose_shares_state_between_two_replicas() -> None:
    compose = yaml.safe_load((PROJECT_ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    apps = [services["app-a"], services["app-b"]]
    for key in ("DATABASE_URL", "CHROMA_URL", "FALKORDB_URL", "TRACES_DIR"):
        values = {app["environment"][key] for app in apps}
        assert len(values) == 1, f"{key} must be the same on both replicas"
    assert apps[0]["environment"]["DATABASE_URL"].split("@")[1].startswith("postgres:")
    assert {"postgres", "chroma", "falkordb"} <= set(services)
    for app in apps:
        assert "traces:/srv/traces" in app["volumes"]
        assert app["depends_on"]["load-data"]["condition"] == "service_completed_successfully"
    ports = {p for app in apps for p in app["ports"]}
    assert len(ports) == 2
