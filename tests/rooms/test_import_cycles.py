"""The project's modules import one another without a cycle, and rooms/ names no game.

Every import counts, at module level and inside functions alike (an import hidden in a
function is still a cycle, only one that Python happens to survive), `TYPE_CHECKING`
ones included: `from rooms import x` is an import of rooms.x when x is a module. Found
by reading the files (ast), so nothing is imported here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rooms", "gamekit", "cards", "tarot", "tiles")
SLUGS = ("tiles", "cards", "tarot")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


def imported(name: str, node: ast.AST, modules: dict[str, Path]) -> set[str]:
    """The project modules an import statement of module `name` imports."""
    found: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            target = alias.name
            while target and target not in modules:  # `import a.b.C`: the module a.b
                target = target.rpartition(".")[0]
            if target:
                found.add(target)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:  # relative: from the module's own package
            is_package = modules[name].name == "__init__.py"
            package = name.split(".")[: len(name.split(".")) - node.level + is_package]
            base = ".".join([*package, *([base] if base else [])])
        for alias in node.names:
            if f"{base}.{alias.name}" in modules:  # `from rooms import store`
                found.add(f"{base}.{alias.name}")
            elif base in modules:  # `from rooms.store import act`
                found.add(base)
    return found - {name}


def import_graph() -> dict[str, set[str]]:
    modules = project_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            edges |= imported(name, node, modules)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as [a, b, ..., a], or None (depth-first, colours)."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for target in sorted(graph.get(node, ())):
            if target in on_path:
                return [*path[path.index(target) :], target]
            if target not in done:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for node in sorted(graph):
        if node not in done:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_graph_sees_imports_inside_functions():
    graph = {"a": {"b"}, "b": {"a"}}
    assert find_cycle(graph) == ["a", "b", "a"]
    code = "def f():\n    from rooms import registry\n    import rooms.models\n"
    modules = project_modules()
    edges = set().union(*(imported("rooms.x", n, modules) for n in ast.walk(ast.parse(code))))
    assert edges == {"rooms.registry", "rooms.models"}


def test_no_project_module_imports_itself_through_others():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


QUOTED_SLUG = re.compile("[\"'](?:" + "|".join(SLUGS) + ")[\"']")


def test_no_game_slug_in_the_rooms_app_or_the_site_templates():
    """The rooms app and the site's templates know games only through the registry."""
    files = [
        path
        for folder in (ROOT / "rooms", ROOT / "templates")
        for path in sorted(folder.rglob("*"))
        if path.suffix in (".py", ".html", ".js", ".txt") and "migrations" not in path.parts
    ]
    named = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if QUOTED_SLUG.search(line)
    ]
    assert files
    assert not named, "\n".join(named)


def test_no_game_imports_either_half_of_the_site():
    """A game may use what rooms/ keeps at its top level (docs/games.md), never the
    local or the online half, nor the kit anything of the site."""
    halves = ("rooms.local", "rooms.online")
    found = [
        f"{name} imports {target}"
        for name, targets in import_graph().items()
        if not name.startswith("rooms")
        for target in sorted(targets)
        if target.startswith(halves) or (name.startswith("gamekit") and target.startswith("rooms"))
    ]
    assert found == []


def reached(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module `start` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_reach_of_a_module_goes_through_the_modules_it_imports():
    graph = {"a": {"b"}, "b": {"c"}, "c": set(), "d": {"a"}}
    assert reached(graph, "a") == {"b", "c"}
    assert reached(graph, "c") == set()


def test_local_play_never_reaches_online_rooms_nor_the_models_either_half():
    """rooms.local's promise (its __init__): nothing there touches online rooms, not
    even through a module of the top level; and the models, which both halves use,
    import neither (a purge's message to the open sockets is sent by its caller)."""
    graph = import_graph()
    halves = ("rooms.local", "rooms.online")
    local = [name for name in graph if name.startswith("rooms.local")]
    assert local
    found = [
        f"{name} reaches {target}"
        for name in local
        for target in sorted(reached(graph, name))
        if target.startswith("rooms.online")
    ]
    found += [
        f"rooms.models reaches {target}"
        for target in sorted(reached(graph, "rooms.models"))
        if target.startswith(halves)
    ]
    assert found == []
