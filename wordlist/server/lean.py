"""A lighter request path for the game endpoints, which a player calls a few times a minute and a
server thousands of times a second: `LeanRoute`, a FastAPI route that FastAPI documents as usual
(the OpenAPI document comes from the same endpoint's signature, so it stays true) but that is
served without FastAPI's request machinery, which cost more CPU than the move with the bot's
reply it carried (the dependency solver, the response model's validation of a view the library
built, the encoder, a thread for sub-millisecond work).

At start-up each parameter of the endpoint becomes a small reader, by its annotation: the
Starlette `Request`; a path or query parameter (`Annotated[..., Path(...)]`, `Query(...)`), checked
by a pydantic TypeAdapter of that same annotation; the request body, a pydantic model validated
once from the raw bytes (`model_validate_json`); the player's token (`Depends(player_token)`),
read from the headers. A parameter of any other kind is refused at import, not served wrongly.
Invalid values raise FastAPI's RequestValidationError with FastAPI's locations ("body.version"),
so the app's handler answers them as before. The endpoint is awaited on the event loop (its
work is the store's awaits and a millisecond of the game's), and its dict is sent with orjson;
a Response it returns is sent as it is.

`LeanApp` goes one step further for its lean routes (`include_lean`): a request for one of them
skips the application's own stack (FastAPI's error, telemetry and exit-stack middlewares, its
router and the route's wrappers: 6% of a paced move's CPU in the server) and goes to the
route's handler through the same middlewares as before, built the same way: Starlette's
ServerErrorMiddleware (an unexpected error is answered by the app's handler of `Exception`, then
raised for the server to log), the application's user middlewares, and the app's other
exception handlers, found as Starlette's ExceptionMiddleware finds them (by the error's class).
Any other request, or another method on a lean path, takes the whole stack as before.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, FastAPI, params
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import BaseModel, TypeAdapter, ValidationError
from starlette._utils import get_route_path
from starlette.middleware.errors import ServerErrorMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import compile_path
from starlette.types import ASGIApp, Receive, Scope, Send

Reader = Callable[[Request, bytes], Any]  # (request, body) -> the parameter's value; raises _Invalid
MISSING = inspect.Parameter.empty
JSON_TYPES = ("application/json",)


class JSONBytes(Response):
    """A JSON answer already encoded."""

    media_type = "application/json"


def json_answer(content: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    """`content` as a JSON response, encoded with orjson (UTF-8, compact)."""
    return JSONBytes(orjson.dumps(content), status, headers)


class _Invalid(Exception):
    def __init__(self, errors: list[dict]) -> None:
        self.errors = errors


def _located(error: ValidationError, *where: str | int) -> list[dict]:
    return [{**e, "loc": (*where, *e["loc"])} for e in error.errors(include_url=False)]


def _body_reader(model: type[BaseModel]) -> Reader:
    def read(request: Request, body: bytes) -> Any:
        if not body:
            raise _Invalid([{"type": "missing", "loc": ("body",), "msg": "Field required", "input": None}])
        kind = request.headers.get("content-type", "").partition(";")[0].strip().lower()
        if not (kind in JSON_TYPES or (kind.startswith("application/") and kind.endswith("+json"))):
            message = "expected a JSON body (Content-Type: application/json)"
            raise _Invalid(
                [{"type": "model_attributes_type", "loc": ("body",), "msg": message, "input": None}]
            )
        try:
            return model.model_validate_json(body)
        except ValidationError as error:
            raise _Invalid(_located(error, "body")) from None

    return read


def _value_reader(name: str, annotation: Any, info: params.Param, default: Any) -> Reader:
    adapter: TypeAdapter[Any] = TypeAdapter(Annotated[annotation, info])
    where = "path" if isinstance(info, params.Path) else "query"
    key = info.alias or name

    def read(request: Request, body: bytes) -> Any:
        found = (request.path_params if where == "path" else request.query_params).get(key)
        if found is None:
            if default is MISSING:
                raise _Invalid(
                    [{"type": "missing", "loc": (where, key), "msg": "Field required", "input": None}]
                )
            return default
        try:
            return adapter.validate_python(found)
        except ValidationError as error:
            raise _Invalid(_located(error, where, key)) from None

    return read


def _readers(
    endpoint: Callable[..., Any], dependencies: dict[Callable[..., Any], Reader]
) -> list[tuple[str, Reader]]:
    """A reader for each parameter of `endpoint`; TypeError naming a parameter of another kind."""
    hints = typing.get_type_hints(endpoint, include_extras=True)
    readers: list[tuple[str, Reader]] = []
    for name, parameter in inspect.signature(endpoint).parameters.items():
        hint = hints[name]
        base, *extras = typing.get_args(hint) if typing.get_origin(hint) is Annotated else (hint,)
        info = next((e for e in extras if isinstance(e, params.Depends | params.Path | params.Query)), None)
        if base is Request:
            readers.append((name, lambda request, body: request))
        elif isinstance(info, params.Depends) and info.dependency in dependencies:
            readers.append((name, dependencies[info.dependency]))
        elif isinstance(info, params.Path | params.Query):
            readers.append((name, _value_reader(name, base, info, parameter.default)))
        elif info is None and inspect.isclass(base) and issubclass(base, BaseModel):
            readers.append((name, _body_reader(base)))
        else:
            raise TypeError(f"{endpoint.__name__}: parameter {name} is of a kind LeanRoute does not serve")
    return readers


class _Lean(APIRoute):
    """What `LeanApp` serves ahead of its stack: a route with its `lean_handler`."""

    lean_handler: Callable[[Request], Awaitable[Response]]


def lean_route(dependencies: dict[Callable[..., Any], Reader]) -> type[APIRoute]:
    """The route class for an APIRouter whose endpoints' `Depends(f)` parameters are each read by
    `dependencies[f]` (what FastAPI documents from `f`'s own signature: security schemes)."""

    class LeanRoute(_Lean):
        def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
            readers = _readers(self.endpoint, dependencies)
            endpoint = self.endpoint
            status = self.status_code or 200
            needs_body = self.body_field is not None

            async def handle(request: Request) -> Response:
                body = await request.body() if needs_body else b""
                values, errors = {}, []
                for name, read in readers:
                    try:
                        values[name] = read(request, body)
                    except _Invalid as invalid:
                        errors.extend(invalid.errors)
                if errors:
                    raise RequestValidationError(errors)
                answer = await endpoint(**values)
                return answer if isinstance(answer, Response) else json_answer(answer, status)

            self.lean_handler = handle
            return handle

    return LeanRoute


class LeanApp(FastAPI):
    """A FastAPI application that serves the routes of its `include_lean` routers ahead of its
    own middleware stack (see the module's docstring); everything else as FastAPI does."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self._lean_routes: list[_Lean] = []

    def include_lean(self, router: APIRouter) -> None:
        """Include `router` (documented as `include_router` does) and serve its lean routes, in
        its order, ahead of the stack. Their paths must be no other route's."""
        self.include_router(router)
        self._lean_routes += [route for route in router.routes if isinstance(route, _Lean)]

    def build_middleware_stack(self) -> ASGIApp:
        """FastAPI's stack, behind a dispatcher that sends the lean routes' requests to their
        handlers through the same error middleware, user middlewares and exception handlers."""
        stack = super().build_middleware_stack()
        unexpected = None  # as Starlette picks it: the last of the handlers of 500 and Exception
        for key, handler in self.exception_handlers.items():
            if key in (500, Exception):
                unexpected = handler
            elif isinstance(key, int) and self._lean_routes:  # ExceptionMiddleware's, not looked up here
                raise TypeError(f"LeanApp: a handler of status {key} would not answer the lean routes")
        table = []
        for route in self._lean_routes:
            regex, _, convertors = compile_path(route.path)
            served: ASGIApp = _Answer(self, route.lean_handler)
            for cls, args, kwargs in reversed(self.user_middleware):
                served = cls(served, *args, **kwargs)
            served = ServerErrorMiddleware(served, handler=unexpected, debug=self.debug)
            table.append((regex, frozenset(route.methods or ()), convertors, served))

        async def dispatch(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == "http":
                path, method = get_route_path(scope), scope["method"]
                for regex, methods, convertors, served in table:
                    found = regex.match(path)
                    if found is not None and method in methods:
                        values = found.groupdict().items()
                        matched = {key: convertors[key].convert(value) for key, value in values}
                        scope["path_params"] = {**scope.get("path_params", {}), **matched}
                        await served(scope, receive, send)
                        return
            await stack(scope, receive, send)

        return dispatch


class _Answer:
    """A lean route's handler as an ASGI application: its Response, or the app's exception
    handler's for its error, looked up by the error's class as Starlette's ExceptionMiddleware
    does (without `Exception`'s handler, which is ServerErrorMiddleware's, outside)."""

    def __init__(self, app: FastAPI, handler: Callable[[Request], Awaitable[Response]]) -> None:
        self.app, self.handler = app, handler

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive, send)
        try:
            response = await self.handler(request)
        except Exception as error:
            handlers = self.app.exception_handlers
            kind = next((k for k in type(error).__mro__ if k in handlers and k is not Exception), None)
            if kind is None:
                raise
            answered = handlers[kind](request, error)
            response = await answered if inspect.isawaitable(answered) else answered
        await response(scope, receive, send)
