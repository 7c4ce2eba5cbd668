import sys

from agentic_rag.cli.main import FAST_EXIT_COMMANDS, main, skip_teardown

code = main()
if len(sys.argv) > 1 and sys.argv[1] in FAST_EXIT_COMMANDS:
    skip_teardown(code)
raise SystemExit(code)
