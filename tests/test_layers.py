"""The package's layers hold by construction: the import contracts in pyproject.toml are kept,
and no module reaches itself through its imports, imports inside functions included."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
from importlinter.api import read_configuration

from conftest import ROOT

CONFIG = ROOT / "pyproject.toml"


def test_the_import_contracts_are_kept() -> None:
    # As CI runs it: the layers (exhaustive, so a new module must take its place) and no cycle
    # among the modules of the package or of any subpackage.
    found = Path(sys.executable).parent / "lint-imports"
    lint = str(found) if found.exists() else shutil.which("lint-imports")
    assert lint is not None, "lint-imports is not installed (pip install -e '.[test]')"
    done = subprocess.run(
        [lint, "--no-cache", "--no-logo", "--config", str(CONFIG)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def allowed_for_now() -> set[tuple[str, str]]:
    """The imports the contracts ignore for now (each marked in pyproject.toml with when it
    goes), as (importer, imported)."""
    contracts = read_configuration(str(CONFIG))["contracts_options"]
    ignored = {line for c in contracts for line in c.get("ignore_imports", [])}
    pairs = {tuple(part.strip() for part in line.split("->")) for line in ignored}
    assert all(len(p) == 2 for p in pairs), pairs
    return {(a, b) for a, b in pairs}


def test_no_module_reaches_itself_through_its_imports() -> None:
    # Module by module, the package's own __init__ included (the contracts take it as the
    # layers' container, not as a module): each import, followed on, never leads back.
    graph = grimp.build_graph("gridsat", cache_dir=None)
    assert {"gridsat.cli", "gridsat.puzzles.zebra", "gridsat.models.hidato"} <= graph.modules
    for importer, imported in allowed_for_now():
        graph.remove_import(importer=importer, imported=imported)
    cycles = set()
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                cycles.add(" -> ".join((importer, *back)))
    assert not cycles, "import cycles:\n" + "\n".join(sorted(cycles))
