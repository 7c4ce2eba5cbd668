"""`python -m agentic_rag.bench [suite ...]`: run benchmark suites and print their figures."""

from __future__ import annotations

import sys

from agentic_rag.bench.runner import main

raise SystemExit(main(sys.argv[1:]))
