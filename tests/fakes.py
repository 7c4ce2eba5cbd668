"""A scripted chat model for tests: plans, decisions and answers without a server.

Script items are consumed in call order, one per model call:

- a pydantic instance or a dict: a structured output (`with_structured_output`);
- a str: a text reply (`ainvoke`/`astream`, streamed word by word); for a structured call, a
  str is the raw reply text (so invalid JSON can be scripted);
- an exception instance: raised by that call;
- `StopMidStream(text, error)`: streams `text`, then raises `error`.

`calls` records the messages of every call, `methods` the structured-output method of each
non-streamed call, read from the request (`json_schema`, `tools`, `json_object_schema`,
`json_object`, `text`), including attempts the fake refuses: a method in `refuses` (or
`json_schema` when `supports_json_schema` is False) raises a refusal like a server's 400.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

from langchain_core.callbacks import AsyncCallbackManagerForLLMRun, CallbackManagerForLLMRun
from langchain_core.exceptions import OutputParserException
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.messages.ai import UsageMetadata
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.runnables import Runnable, RunnableLambda
from pydantic import BaseModel, Field, ValidationError

from tests.fakes_http import method_of


@dataclass
class StopMidStream:
    """A scripted reply that streams `text` and then fails with `error`."""

    text: str
    error: BaseException


def words(text: str) -> list[str]:
    """`text` split on spaces, keeping the spaces, so the pieces join back to `text`."""
    first, *rest = text.split(" ")
    return [p for p in [first, *(" " + r for r in rest)] if p]


class FakeChatModel(BaseChatModel):
    """A `BaseChatModel` that replays a script (see the module docstring)."""

    script: list[Any] = Field(default_factory=list)
    model_name: str = "fake-model"
    tokens_in: int = 10
    tokens_out: int = 5
    supports_json_schema: bool = True
    refuses: set[str] = Field(default_factory=set)
    calls: list[list[BaseMessage]] = Field(default_factory=list)
    methods: list[str] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "fake-scripted"

    def add(self, *items: Any) -> FakeChatModel:
        """Append items to the script."""
        self.script.extend(items)
        return self

    @property
    def remaining(self) -> int:
        return len(self.script)

    # --- helpers --------------------------------------------------------------------------

    def _usage(self) -> UsageMetadata:
        return {
            "input_tokens": self.tokens_in,
            "output_tokens": self.tokens_out,
            "total_tokens": self.tokens_in + self.tokens_out,
        }

    def _next(self, messages: list[BaseMessage]) -> Any:
        self.calls.append(list(messages))
        if not self.script:
            raise AssertionError(
                f"FakeChatModel: no scripted reply left for call {len(self.calls)}"
            )
        item = self.script.pop(0)
        if isinstance(item, BaseException):
            raise item
        return item

    @staticmethod
    def _as_text(item: Any) -> str:
        if isinstance(item, BaseModel):
            return item.model_dump_json()
        if isinstance(item, dict):
            return json.dumps(item)
        if isinstance(item, StopMidStream):
            raise item.error
        return str(item)

    def _message(self, text: str, **extra: Any) -> AIMessage:
        return AIMessage(
            content=text,
            usage_metadata=self._usage(),
            response_metadata={"model_name": self.model_name},
            **extra,
        )

    # --- structured output ----------------------------------------------------------------

    def with_structured_output(  # type: ignore[override]
        self,
        schema: dict[str, Any] | type,
        *,
        method: str = "json_schema",
        include_raw: bool = False,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, Any]:
        def run(value: LanguageModelInput) -> Any:
            return self._structured(schema, method, include_raw, value)

        async def arun(value: LanguageModelInput) -> Any:
            return self._structured(schema, method, include_raw, value)

        return RunnableLambda(run, afunc=arun)

    def _structured(
        self, schema: dict[str, Any] | type, method: str, include_raw: bool, value: Any
    ) -> Any:
        self.methods.append(method)
        if method == "json_schema" and not self.supports_json_schema:
            raise NotImplementedError("response_format json_schema is not supported")
        item = self._next(self._convert_input(value).to_messages())
        if isinstance(item, StopMidStream):
            raise item.error
        data: Any = item.model_dump(mode="json") if isinstance(item, BaseModel) else item
        error: Exception | None = None
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError:
                error = OutputParserException(f"Invalid json output: {data}")
        if error is None and method == "function_calling" and isinstance(data, dict):
            name = schema.__name__ if isinstance(schema, type) else str(schema.get("name"))
            raw = self._message("", tool_calls=[{"name": name, "args": data, "id": "call_1"}])
        else:
            raw = self._message(item if isinstance(item, str) else json.dumps(data))
        parsed: Any = None
        if error is None:
            if isinstance(schema, type) and issubclass(schema, BaseModel):
                try:
                    parsed = schema.model_validate(data)
                except ValidationError as exc:
                    error = exc
            else:
                parsed = data
        if include_raw:
            return {"raw": raw, "parsed": parsed, "parsing_error": error}
        if error is not None:
            raise error
        return parsed

    # --- text -----------------------------------------------------------------------------

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        method = method_of(kwargs)  # the model's call options name the method as a body does
        self.methods.append(method)
        if method in self.refuses or (method == "json_schema" and not self.supports_json_schema):
            raise NotImplementedError(f"response_format {method} is not supported")
        item = self._next(messages)
        if method == "tools" and isinstance(item, dict | BaseModel):
            data = item.model_dump(mode="json") if isinstance(item, BaseModel) else item
            name = kwargs["tools"][0]["function"]["name"]
            call = {"name": name, "args": data, "id": "call_1"}
            message = self._message("", tool_calls=[call])
        else:
            message = self._message(self._as_text(item))
        return ChatResult(generations=[ChatGeneration(message=message)])

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        return self._generate(messages, stop, **kwargs)

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        structured_text = bool(messages) and "## Reply format" in str(messages[0].content)
        if structured_text:  # the text rung of a structured call (streamed)
            self.methods.append("text")
            if "text" in self.refuses:
                raise NotImplementedError("structured output is not supported")
        if "tools" in kwargs:  # a structured call on the tools rung (streamed)
            result = self._generate(messages, stop, **kwargs)
            message = result.generations[0].message
            calls = getattr(message, "tool_calls", [])
            chunks = [
                {"name": c["name"], "args": json.dumps(c["args"]), "id": c["id"], "index": 0}
                for c in calls
            ]
            yield ChatGenerationChunk(
                message=AIMessageChunk(
                    content=str(message.content),
                    tool_call_chunks=chunks,  # type: ignore[arg-type]
                    usage_metadata=self._usage(),
                    response_metadata={"model_name": self.model_name},
                )
            )
            return
        item = self._next(messages)
        text = item.text if isinstance(item, StopMidStream) else self._as_text(item)
        for piece in words(text):
            yield ChatGenerationChunk(message=AIMessageChunk(content=piece))
        if isinstance(item, StopMidStream):
            raise item.error
        yield ChatGenerationChunk(
            message=AIMessageChunk(
                content="",
                usage_metadata=self._usage(),
                response_metadata={"model_name": self.model_name},
            )
        )

    async def _astream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> AsyncIterator[ChatGenerationChunk]:
        for chunk in self._stream(messages, stop, **kwargs):
            yield chunk
