"""FalkorDB's limits are applied from any starting configuration and read back; a limit the
server refuses stops the open with an error instead of running unbounded."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentic_rag.errors import StoreUnavailableError
from agentic_rag.stores.graph import GraphLimits, GraphStore, limit_order


def limits(max_ms: int, default_ms: int | None = None, **more: int) -> GraphLimits:
    return GraphLimits(timeout_max_ms=max_ms, timeout_default_ms=default_ms or max_ms, **more)


def read(store: GraphStore) -> dict[str, int]:
    return {k: int(store.config_value(k)) for k, _ in store._limits.items()}


@pytest.fixture
def fresh_graph(built_settings):
    store = GraphStore.open_embedded(Path(built_settings.falkordb_path), "catalog", limits(9_000))
    yield store
    store.close()


@pytest.mark.parametrize(
    ("start", "target"),
    [(limits(9_000), limits(3_000)), (limits(1_000), limits(8_000)),
     (limits(9_000, 9_000), limits(5_000, 1_000)), (limits(2_000, 500), limits(6_000, 6_000))],
)  # fmt: skip
def test_limits_apply_from_any_starting_configuration(fresh_graph, start, target):
    fresh_graph.apply_limits(start)
    assert read(fresh_graph) == dict(start.items())
    fresh_graph.apply_limits(target)
    assert read(fresh_graph) == dict(target.items())


def test_a_refused_limit_stops_the_open(fresh_graph):
    with pytest.raises(StoreUnavailableError, match="QUERY_MEM_CAPACITY"):
        fresh_graph.apply_limits(limits(3_000, query_mem_capacity=-5))


def test_order_sets_the_default_first_only_when_the_current_max_allows_it():
    lowering = [k for k, _ in limit_order(limits(3_000), (10_000, 10_000))]
    raising = [k for k, _ in limit_order(limits(8_000), (1_000, 1_000))]
    assert lowering[:2] == ["TIMEOUT_DEFAULT", "TIMEOUT_MAX"]
    assert raising[:2] == ["TIMEOUT_MAX", "TIMEOUT_DEFAULT"]
    assert {k for k, _ in limit_order(limits(1), (0, 0))} == {k for k, _ in limits(1).items()}
