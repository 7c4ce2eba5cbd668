"""The tools the executor runs: plain async functions with typed arguments returning `ToolResult`."""
