"""Deferred imports for the command line: `simulator --help` must not pay for SQLAlchemy,
Alembic, lark or the rules engine (start-up is measured in `python -m bench`).

`lazy("simulator.session.recorder", "replay_file")` is a stand-in that imports the module on its
first call and then behaves as the function (or class) itself; a name imported this way
keeps its call sites unchanged."""
from __future__ import annotations

from importlib import import_module
TYPE_CHECKING = False   # typing is not imported at run time (start-up)
if TYPE_CHECKING:
    from typing import Any


class _Deferred:
    __slots__ = ("_module", "_name", "_target")

    def __init__(self, module: str, name: str) -> None:
        self._module, self._name, self._target = module, name, None

    def resolve(self) -> Any:
        if self._target is None:
            self._target = getattr(import_module(self._module), self._name)
        return self._target

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.resolve(), attr)

    def __repr__(self) -> str:
        return f"<deferred {self._module}.{self._name}>"


def lazy(module: str, name: str) -> Any:
    """A stand-in for `from module import name`, imported on first use."""
    return _Deferred(module, name)


class _DeferredModule:
    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attr: str) -> Any:
        return getattr(import_module(self._name), attr)


def lazy_module(name: str) -> Any:
    """A stand-in for `import name` (attribute access imports it)."""
    return _DeferredModule(name)
