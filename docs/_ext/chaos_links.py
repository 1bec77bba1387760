"""The ``source`` role: a rule page's "Implemented in" and "Tested by" references as links.

``{source}`chaos_tower.tower.solo.progress.apply_flip``` links to the API reference when
the name is documented there (a public name), and otherwise to the highlighted
source of its module made by :mod:`sphinx.ext.viewcode`, at the enclosing
definition. ``{source}`test_x <tests/tower/solo/test_y.py::test_x>``` links to the
highlighted test file, made here (viewcode covers the package only), at the test.

A target that does not exist (no such module, definition, file or test) is a
warning, so ``sphinx-build -W`` fails on it.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

ROOT = Path(__file__).resolve().parents[2]
TESTS_DIR = "_tests"
_TITLED = re.compile(r"^(?P<title>.+?)\s*<(?P<target>[^<>]+)>$", re.S)
logger = logging.getLogger(__name__)


def _definitions(source: str) -> dict[str, int]:
    """Qualified name -> first line (1-based) of each class, function and module-level assignment."""
    found: dict[str, int] = {}

    def visit(body: list[ast.stmt], prefix: str, top: bool) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                found[prefix + node.name] = start
                visit(node.body, f"{prefix}{node.name}.", False)
            elif top and isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if isinstance(target, ast.Name):
                        found[target.id] = node.lineno

    visit(ast.parse(source).body, "", True)
    return found


def _module_of(name: str) -> tuple[str, str] | None:
    """``(module, qualname)`` of a dotted name: the longest importable module prefix, and the rest."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        module = ".".join(parts[:cut])
        try:
            if importlib.util.find_spec(module) is not None:
                return module, ".".join(parts[cut:])
        except (ImportError, ValueError):
            continue
    return None


def source_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    match = _TITLED.match(text)
    title, target = (match["title"], match["target"]) if match else (text, text)
    node = addnodes.pending_xref(
        rawtext, refdomain="py", reftype="obj", reftarget=target, refexplicit=True, chaos_source=True
    )
    node["refdoc"] = inliner.document.settings.env.docname
    node["py:module"] = None
    node["py:class"] = None
    node += nodes.literal(title, title, classes=["xref", "chaos-source"])
    return [node], []


def _link(app: Any, fromdoc: str, page: str, anchor: str, contnode: nodes.Node) -> nodes.reference:
    uri = app.builder.get_relative_uri(fromdoc, page) + (f"#{anchor}" if anchor else "")
    reference = nodes.reference("", "", internal=True, refuri=uri)
    reference += contnode
    return reference


def _public(env: Any, module: str, qualname: str) -> str | None:
    """The package's public name of this object (``chaos_tower.apply``), if the API reference documents it."""
    if not qualname or "." in qualname:
        return None
    try:
        obj = getattr(importlib.import_module(module), qualname)
        package = importlib.import_module("chaos_tower")
    except (ImportError, AttributeError):
        return None
    public = f"chaos_tower.{qualname}"
    if getattr(package, qualname, None) is obj and public in env.get_domain("py").objects:
        return public
    return None


def _analyzer(module: str) -> ModuleAnalyzer:
    """Sphinx's reader of the module's source; for a module of the optional compiled build
    (an extension module, ``tools/compile.py``), of the ``.py`` file beside it."""
    try:
        return ModuleAnalyzer.for_module(module)
    except PycodeError:
        spec = importlib.util.find_spec(module)
        origin = spec.origin if spec is not None else None
        if origin is None or origin.endswith(".py"):
            raise
        source = Path(origin).with_name(module.rpartition(".")[2] + ".py")
        if not source.is_file():
            raise
        return ModuleAnalyzer.for_file(str(source), module)


def _python(app: Any, env: Any, node: Any, contnode: nodes.Node) -> nodes.Node | None:
    target = node["reftarget"]
    found = _module_of(target)
    if found is None:
        return None
    module, qualname = found
    public = _public(env, module, qualname)
    if public is not None:
        domain = env.get_domain("py")
        return domain.resolve_xref(env, node["refdoc"], app.builder, "obj", public, node, contnode)
    try:
        analyzer = _analyzer(module)
        analyzer.find_tags()
    except PycodeError:
        return None
    if qualname and qualname not in _definitions(analyzer.code):
        return None
    # viewcode anchors the tags it knows (top-level and class-level definitions): the
    # nearest enclosing one, or the top of the module page for a module-level name.
    parts = qualname.split(".") if qualname else []
    enclosing = (".".join(parts[:n]) for n in range(len(parts), 0, -1))
    anchor = next((name for name in enclosing if name in analyzer.tags), "")
    modules = env.__dict__.setdefault("_viewcode_modules", {})
    entry = modules.get(module)
    if not entry:
        entry = modules[module] = (analyzer.code, analyzer.tags, {}, module)
    reference = _link(
        app, node["refdoc"], posixpath.join("_modules", module.replace(".", "/")), anchor, contnode
    )
    if anchor and entry[2].setdefault(anchor, node["refdoc"]) == node["refdoc"]:
        # viewcode's "[docs]" beside the definition links back to this page at
        # `<module's refname>.<anchor>`: the first citation on the page carries that id.
        back = f"{entry[3]}.{anchor}"
        given = env.__dict__.setdefault("_chaos_back_ids", set())
        if (node["refdoc"], back) not in given:
            given.add((node["refdoc"], back))
            reference["ids"].append(back)
    return reference


def _test(app: Any, env: Any, node: Any, contnode: nodes.Node) -> nodes.Node | None:
    file, _, test = node["reftarget"].partition("::")
    path = ROOT / file
    if not file.startswith("tests/") or not path.is_file():
        return None
    if test and test not in _definitions(path.read_text(encoding="utf-8")):
        return None
    env.__dict__.setdefault("_chaos_test_files", set()).add(file)
    page = posixpath.join(TESTS_DIR, file.removesuffix(".py"))
    return _link(app, node["refdoc"], page, test, contnode)


def resolve(app: Any, env: Any, node: Any, contnode: nodes.Node) -> nodes.Node | None:
    if not node.get("chaos_source"):
        return None
    target = node["reftarget"]
    resolved = (_test if "/" in target else _python)(app, env, node, contnode)
    if resolved is None:
        logger.warning("source reference target not found: %s", target, location=node, type="ref")
        return contnode  # warned: shown as code, not passed on to the other resolvers
    return resolved


def collect_test_pages(app: Any) -> Iterator[tuple[str, dict[str, Any], str]]:
    """A highlighted page for each test file a rule page links to, an anchor at each definition."""
    if app.builder.format != "html":
        return
    highlighter = app.builder.highlighter
    for file in sorted(getattr(app.env, "_chaos_test_files", ())):
        code = (ROOT / file).read_text(encoding="utf-8")
        lines = highlighter.highlight_block(code, "python", linenos=False).splitlines()
        before, after = lines[0].split("<pre>", 1)
        lines[0:1] = [before + "<pre>", after]
        for name, line in sorted(_definitions(code).items(), key=lambda item: -item[1]):
            if line < len(lines):
                lines[line] = f'<span id="{name}"></span>' + lines[line]
        body = f"<h1>Source code of {file}</h1>\n" + "\n".join(lines)
        yield posixpath.join(TESTS_DIR, file.removesuffix(".py")), {"title": file, "body": body}, "page.html"


_BACK = re.compile(r'<a class="viewcode-back" href="([^"#]*)#([^"]+)">\[docs\]</a>')


def fix_back_links(app: Any, exception: Exception | None) -> None:
    """Point each dead "[docs]" link of the source pages at its object, or drop it.

    viewcode links a definition back to the page that documents it, at
    ``<refname>.<name>``; when one object is documented under two names (the package's
    public name and its defining module's) the anchor may be the other name's. Such a
    link is pointed at the page's one anchor that ends with the object's name, and
    dropped when there is none, so no link of the source view leads nowhere.
    """
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    anchors: dict[Path, set[str]] = {}

    def ids(page: Path) -> set[str]:
        if page not in anchors:
            text = page.read_text(encoding="utf-8") if page.is_file() else ""
            anchors[page] = set(re.findall(r'\bid="([^"]+)"', text))
        return anchors[page]

    for source in (out / "_modules").rglob("*.html"):
        text = source.read_text(encoding="utf-8")

        def fixed(match: re.Match[str], source: Path = source) -> str:
            target = (source.parent / match[1]).resolve() if match[1] else source
            if match[2] in ids(target):
                return match[0]
            name = match[2].rsplit(".", 1)[-1]
            others = sorted(i for i in ids(target) if i.endswith(f".{name}") and i.startswith("chaos_tower."))
            return (
                f'<a class="viewcode-back" href="{match[1]}#{others[0]}">[docs]</a>'
                if len(others) == 1
                else ""
            )

        new = _BACK.sub(fixed, text)
        if new != text:
            source.write_text(new, encoding="utf-8")


def setup(app: Any) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.viewcode")
    app.add_role("source", source_role)
    # Before conf.py's resolver, which maps a bare or module-level name to the package's.
    app.connect("missing-reference", resolve, priority=400)
    app.connect("html-collect-pages", collect_test_pages)
    app.connect("build-finished", fix_back_links)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
