"""Small SVG helpers shared by every game's pictures, and writing a picture to a file.

Nothing here knows a game: text, boxes and wrapped labels, the document
wrapper with its scale, and :func:`write_picture`, which takes the format from
the file's extension (``.svg`` or ``.png``) and refuses any other.

>>> doc = document(100, 50, [text(50, 25, "a < b")], title="demo", scale=2)
>>> doc.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"')
True
>>> "a &lt; b" in doc
True
>>> wrap("Tide Gallery of the Deep", 10)
('Tide', 'Gallery of', 'the Deep')
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Iterable
from pathlib import Path

from .kernel.errors import PictureFormatError

__all__ = [
    "FORMATS",
    "PictureFormatError",
    "box",
    "check_scale",
    "document",
    "escape",
    "picture_format",
    "text",
    "to_png",
    "wrap",
    "write_picture",
]

FORMATS = (".svg", ".png")
"""The file extensions a picture can be written as."""

FONT = "DejaVu Sans, Verdana, sans-serif"


def escape(value: object) -> str:
    """``value`` as text safe inside an element or a double-quoted attribute."""
    return str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def text(
    x: float,
    y: float,
    value: str,
    *,
    size: float = 11,
    fill: str = "#222",
    anchor: str = "start",
    css: str = "",
    weight: str = "normal",
    data: dict[str, str] | None = None,
) -> str:
    """A ``<text>`` element; ``css`` is an optional class, ``data`` optional ``data-*`` attributes."""
    klass = f' class="{escape(css)}"' if css else ""
    extra = "".join(f' data-{k}="{escape(v)}"' for k, v in (data or {}).items())
    bold = f' font-weight="{weight}"' if weight != "normal" else ""
    return (
        f'<text{klass}{extra} x="{_num(x)}" y="{_num(y)}" font-family="{FONT}" font-size="{_num(size)}"'
        f' text-anchor="{anchor}" fill="{fill}"{bold}>{escape(value)}</text>'
    )


def box(
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fill: str = "#f7f4ec",
    stroke: str = "#b0a890",
    css: str = "",
    rx: float = 3,
) -> str:
    """A rounded ``<rect>``."""
    klass = f' class="{escape(css)}"' if css else ""
    return (
        f'<rect{klass} x="{_num(x)}" y="{_num(y)}" width="{_num(width)}" height="{_num(height)}" '
        f'rx="{_num(rx)}" fill="{fill}" stroke="{stroke}" stroke-width="1"/>'
    )


def wrap(value: str, width: int) -> tuple[str, ...]:
    """``value`` broken at spaces into lines of at most ``width`` characters (a longer word is cut)."""
    lines: list[str] = []
    line = ""
    for word in value.split():
        while len(word) > width:  # a word longer than a line: cut it, marking the cut
            if line:
                lines.append(line)
                line = ""
            lines.append(word[: width - 1] + "-")
            word = word[width - 1 :]
        candidate = f"{line} {word}" if line else word
        if len(candidate) <= width:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return tuple(lines)


def document(
    width: float, height: float, body: Iterable[str], *, title: str, scale: float = 1.0, css: str = ""
) -> str:
    """A standalone SVG document of ``width`` × ``height`` user units, drawn ``scale`` times that size."""
    check_scale(scale)
    klass = f' class="{escape(css)}"' if css else ""
    safe = escape(title)
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg"{klass} width="{_num(width * scale)}" '
        f'height="{_num(height * scale)}" viewBox="0 0 {_num(width)} {_num(height)}" role="img" '
        f'aria-label="{safe}">'
    )
    return "\n".join([head, f"<title>{safe}</title>", *body, "</svg>"]) + "\n"


def check_scale(scale: float) -> None:
    """:class:`PictureFormatError` unless ``scale`` is a finite number from 0.1 to 10."""
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not math.isfinite(scale):
        raise PictureFormatError(f"a scale is a number, not {scale!r}")
    if not 0.1 <= scale <= 10:
        raise PictureFormatError(f"a scale is 0.1 to 10, not {scale}")


def picture_format(path: str | Path) -> str:
    """The format of a picture file by its extension; :class:`PictureFormatError` for any but ours."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        shown = suffix or "no extension"
        raise PictureFormatError(f"{path}: pictures are written as .svg or .png, not {shown}")
    return suffix[1:]


def to_png(svg: str) -> bytes:
    """The SVG rasterised at its own size (``width``/``height``, so ``scale`` applies).

    :class:`ModuleNotFoundError` without the optional ``cairosvg`` library (``pip install cairosvg``).
    """
    cairosvg = importlib.import_module("cairosvg")
    data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return data


def write_picture(svg: str, path: str | Path) -> str:
    """Write ``svg`` to ``path`` in the format its extension names; returns ``svg`` or ``png``.

    The format is checked (and a PNG made) before the file is opened, so a refused
    picture leaves no file behind.
    """
    fmt = picture_format(path)
    if fmt == "png":
        Path(path).write_bytes(to_png(svg))
    else:
        Path(path).write_text(svg, encoding="utf-8")
    return fmt


def _num(value: float) -> str:
    # Whole numbers without ".0", others to two places: stable, short output.
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")
