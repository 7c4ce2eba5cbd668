from agentic_rag.cli import main

raise SystemExit(main())
