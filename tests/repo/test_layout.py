"""The layout shows the architecture (issue 20): `simulator/` holds only its layer packages
(each one import-linter layer, checked by `lint-imports` in CI) and the package's own entry
files; every module is named in docs/ENGINE_BRIEF.md."""
from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "simulator"
PACKAGES = ["cli", "viewer", "tools", "session", "formats", "store", "rules", "game", "cards", "base"]


def test_only_packages_and_entry_files_at_the_top() -> None:
    files = sorted(p.name for p in PACKAGE.iterdir() if p.is_file())
    dirs = sorted(p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert files == ["__init__.py", "__main__.py", "py.typed"]
    assert dirs == sorted(PACKAGES)


def test_the_layers_contract_lists_every_package_lowest_last() -> None:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layered = next(c for c in contracts if c["type"] == "layers" and "containers" not in c)
    names = [name.strip().removeprefix("simulator.") for layer in layered["layers"] for name in layer.split("|")]
    assert sorted(names) == sorted(PACKAGES)
    assert names[-1] == "base" and names[0] == "cli"


def test_the_brief_names_every_module() -> None:
    brief = (ROOT / "docs" / "ENGINE_BRIEF.md").read_text()
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.name == "__init__.py" or rel.parts[0] == "__main__.py":
            continue
        if f"{rel.parent.name}/{rel.stem}" not in brief.replace(".py", ""):
            missing.append(str(rel))
    assert not missing, f"docs/ENGINE_BRIEF.md does not name {missing}"
