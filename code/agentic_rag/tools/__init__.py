"""The tools the executor runs: plain async functions of typed arguments returning `ToolResult`."""
