"""Sphinx configuration for the chaos_tower documentation.

Build (warnings are errors)::

    sphinx-build -W --keep-going -b html docs docs/_build/html

Run the examples of the pages with Sphinx's doctest builder::

    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest

(``tests/test_docs.py`` runs the same examples under pytest.)
"""

from __future__ import annotations

import doctest
import enum
import inspect
import re
import sys
from pathlib import Path
from typing import Any

import attrs

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT / "src") not in sys.path:  # a checkout without `pip install -e .`
    sys.path.insert(0, str(_ROOT / "src"))

sys.path.insert(0, str(_ROOT / "docs" / "_ext"))  # the docs' own extension, chaos_links

import chaos_tower  # noqa: E402 (after the path is set)

# -- Project -------------------------------------------------------------------

project = "chaos_tower"
author = "chaos_tower developers"
copyright = "the chaos_tower developers"
release = chaos_tower.__version__
version = ".".join(release.split(".")[:2])

# -- General -------------------------------------------------------------------

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "chaos_links",  # docs/_ext: the rule pages' code and test references as links
]
# No sphinx.ext.intersphinx: the docs are built offline.

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
language = "en"
# The docstrings write rule IDs in single backquotes (`TOC-PREP-01`): show them as code.
default_role = "literal"
pygments_style = "sphinx"
pygments_dark_style = "monokai"

# -- MyST ----------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

# -- autodoc -------------------------------------------------------------------

autodoc_typehints = "description"
autodoc_typehints_description_target = "documented_params"
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": True}
autodoc_preserve_defaults = True
napoleon_google_docstring = True
napoleon_numpy_docstring = False
add_module_names = False

# -- doctest -------------------------------------------------------------------

# The same flags as tests/test_docs.py, so both runners agree.
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
# Only the pages' own {doctest} blocks: the docstrings' examples use their module's
# names and are run by pytest (--doctest-modules), in their module.
doctest_test_doctest_blocks = ""

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"chaos_tower {release}"
html_static_path = ["_static"]
html_css_files = ["custom.css"]
html_theme_options = {
    "navigation_with_keys": True,
}
html_show_sourcelink = False


# -- Hooks -----------------------------------------------------------------------


def _napoleon_except_attributes(
    app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Napoleon, except on attribute docstrings.

    The docstrings are reST, not Google style. Napoleon reads the first line of an
    attribute's docstring as ``type: description`` whenever it holds a colon, so
    ``Event.kind``'s "A stable word: ``life``, …" would be shown as a type named
    "A stable word". Attribute, data and property docstrings are left as written.
    """
    from sphinx.ext import napoleon

    if what in {"attribute", "data", "property"}:
        return
    napoleon._process_docstring(app, what, name, obj, options, lines)


def _drop_inherited_docstring(
    app: Any, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """A constant without a docstring of its own (the ``Action`` union, a tuple) would be
    shown with its type's docstring ("Represent a PEP 604 union type"): drop that."""
    if what in {"data", "attribute"} and lines:
        inherited = getattr(type(obj), "__doc__", None)
        if inherited and "\n".join(lines).strip() == inspect.cleandoc(inherited).strip():
            lines.clear()


_ATTRS_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")


def _show_default(default: object) -> str:
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return f"{getattr(default.factory, '__name__', 'factory')}()"
    if isinstance(default, enum.Enum):
        return f"{type(default).__name__}.{default.name}"
    if isinstance(default, tuple) and default:
        items = ", ".join(_show_default(item) for item in default)
        return f"({items}{',' if len(default) == 1 else ''})"
    return repr(default)


def _attrs_defaults(
    app: Any, what: str, name: str, obj: object, options: Any, signature: str | None, annotation: str | None
) -> tuple[str, str | None] | None:
    """Show an attrs class's defaults as values (``drop=None``), not as the source of the
    generated ``__init__`` (``drop=attr_dict['drop'].default``)."""
    if not signature or "attr_dict[" not in signature or not (isinstance(obj, type) and attrs.has(obj)):
        return None
    fields = attrs.fields_dict(obj)
    return _ATTRS_DEFAULT.sub(lambda m: _show_default(fields[m.group(1)].default), signature), annotation


def _resolve_package_names(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a name that a docstring writes bare (``:func:`apply```) or by its defining
    module (``chaos_tower.kernel.errors.SaveError``) to the package's public name, documented in
    api.md (``chaos_tower.apply``, ``chaos_tower.SaveError``), when nothing else matched."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target:
        return None
    if "." in target.lstrip(".~") and not target.startswith("chaos_tower."):
        return None
    candidate = f"chaos_tower.{target.rsplit('.', 1)[-1]}"
    domain = env.get_domain("py")
    if candidate == target or candidate not in domain.objects:
        return None
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], candidate, node, contnode)


def setup(app: Any) -> None:
    from sphinx.ext import napoleon

    for listener in list(app.events.listeners.get("autodoc-process-docstring", [])):
        if listener.handler is napoleon._process_docstring:
            app.disconnect(listener.id)
    app.connect("autodoc-process-docstring", _napoleon_except_attributes)
    app.connect("autodoc-process-docstring", _drop_inherited_docstring)
    app.connect("autodoc-process-signature", _attrs_defaults)
    app.connect("missing-reference", _resolve_package_names)
