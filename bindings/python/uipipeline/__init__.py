"""uipipeline: pipeline for Python. Open a pipeline, read its frames as NumPy arrays, render it.

    >>> import uipipeline
    >>> clip = uipipeline.load("pipeline.json")
    >>> clip.frame_count, clip.fps, clip.size, clip.duration
    >>> frame = clip.frame(30)          # numpy uint8 array (height, width, 4), RGBA, straight alpha
    >>> clip.render(out="out", formats=["png", "mp4"])

Everything goes through libuipipeline.so (see ``uipipeline._library`` for where it is looked for).
"""

from __future__ import annotations

import ctypes
import json
import re
import struct
import zlib
from dataclasses import dataclass
from importlib import metadata
from os import PathLike, fspath
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence, Union

import numpy as np

from . import _library as _c

__all__ = ["load", "loads", "Pipeline", "Frame", "PipelineError", "Problem", "version", "scale_range"]

try:
    __version__ = metadata.version("uipipeline")
except metadata.PackageNotFoundError:  # imported from the source tree, not installed
    __version__ = "0+unknown"

Props = Union[Mapping[str, Any], str, None]
StrPath = Union[str, "PathLike[str]"]


@dataclass(frozen=True)
class Problem:
    """One problem of a pipeline and where it is: ``line`` and ``column`` count from 1 (0 when it
    has no place in a file); ``json_path`` is the value's path, as ``timeline[2].duration``."""

    message: str
    path: str
    line: int
    column: int
    json_path: str


class PipelineError(Exception):
    """A pipeline could not be opened or rendered. ``str(error)`` is every problem, one line each,
    as the CLI prints them; ``path``, ``line``, ``column`` and ``json_path`` are the first one's
    place, ``problems`` all of them, ``status`` the C API's status code."""

    def __init__(self, message: str, status: int, problems: Sequence[Problem]):
        super().__init__(message)
        self.message = message
        self.status = status
        self.problems = list(problems)
        first = self.problems[0] if self.problems else Problem(message, "", 0, 0, "")
        self.path, self.line, self.column, self.json_path = first.path, first.line, first.column, first.json_path


# The options as the C API's messages name them, and the keyword arguments that set them here.
_KEYWORDS = {
    "options->directory": "out",
    "options->plugin_folders": "plugins",
    "options->props_file": "props",
    "PIPELINE_RENDER_RESUME": "resume",
    "PIPELINE_RENDER_WAIT_FOR_FOLDER": "wait",
    "PIPELINE_RENDER_DISCARD": "discard",
    "PIPELINE_OPEN_ALLOW_OUTSIDE_FILES": "allow_outside_files",
    "PIPELINE_OPEN_ISOLATE_PLUGINS": "isolate",
}


def _keywords(text: str) -> str:
    """``text`` naming options as this package's keyword arguments (``frames``, ``out``)."""
    for spelled, keyword in _KEYWORDS.items():
        text = text.replace(spelled, keyword)
    return re.sub(r"options->(\w+)", r"\1", text)


def _raise(status: int, error: ctypes.c_void_p) -> None:
    lib = _c.library()
    try:
        message = _keywords((lib.pipeline_error_message(error) or b"").decode())
        problems = [
            Problem(
                _keywords((lib.pipeline_error_problem(error, i) or b"").decode()),
                (lib.pipeline_error_file(error, i) or b"").decode(),
                lib.pipeline_error_line(error, i),
                lib.pipeline_error_column(error, i),
                (lib.pipeline_error_json_path(error, i) or b"").decode(),
            )
            for i in range(lib.pipeline_error_count(error))
        ]
    finally:
        lib.pipeline_error_free(error)
    if status == _c.PIPELINE_ERROR_RANGE:
        raise IndexError(message)
    raise PipelineError(message, status, problems)


def _strings(values: Sequence[str]) -> Any:
    array = (ctypes.c_char_p * max(1, len(values)))(*[value.encode() for value in values])
    return ctypes.cast(array, ctypes.POINTER(ctypes.c_char_p)), array


def _open_options(
    props: Props, set: Sequence[str], plugins: Sequence[StrPath], allow_outside_files: bool, isolate: bool
) -> tuple[_c.OpenOptions, list[Any]]:
    options = _c.OpenOptions()
    options.struct_size = ctypes.sizeof(_c.OpenOptions)
    keep: list[Any] = []
    if isinstance(props, Mapping):
        options.props_json = json.dumps(props).encode()
    elif isinstance(props, str):
        options.props_file = props.encode()
    elif props is not None:
        raise TypeError(f"props is a mapping (a merge patch) or a props file's path, not {type(props).__name__}")
    folders = [fspath(folder) for folder in plugins]
    if folders:
        options.plugin_folders, array = _strings(folders)
        options.plugin_folder_count = len(folders)
        keep.append(array)
    if set:
        options.set, array = _strings(list(set))
        options.set_count = len(set)
        keep.append(array)
    options.flags = (_c.PIPELINE_OPEN_ALLOW_OUTSIDE_FILES if allow_outside_files else 0) | (
        _c.PIPELINE_OPEN_ISOLATE_PLUGINS if isolate else 0
    )
    return options, keep


def load(
    path: StrPath,
    props: Props = None,
    *,
    set: Sequence[str] = (),
    plugins: Sequence[StrPath] = (),
    allow_outside_files: bool = False,
    isolate: bool = False,
) -> "Pipeline":
    """Opens the pipeline file at ``path``.

    ``props`` is a merge patch applied before it is read (a mapping, or a props file's path), as
    ``pipeline run --props``; ``set`` are ``"PATH=VALUE"`` changes applied after it, as ``--set``.
    ``plugins`` are plugin folders searched first; ``isolate`` runs plugin code in child processes.
    Raises ``PipelineError`` with every problem of the file (a missing file among them).
    """
    text = fspath(path)
    options, keep = _open_options(props, set, plugins, allow_outside_files, isolate)
    handle, error = ctypes.c_void_p(), ctypes.c_void_p()
    status = _c.library().pipeline_open(text.encode(), ctypes.byref(options), ctypes.byref(handle), ctypes.byref(error))
    del keep
    if status != _c.PIPELINE_OK:
        _raise(status, error)
    return Pipeline(handle, text)


def loads(
    source: Union[str, bytes, Mapping[str, Any]],
    name: str = "pipeline.json",
    props: Props = None,
    *,
    set: Sequence[str] = (),
    plugins: Sequence[StrPath] = (),
    allow_outside_files: bool = False,
    isolate: bool = False,
) -> "Pipeline":
    """Opens a pipeline given as JSON text, bytes or a mapping; ``name`` names it in messages and
    its relative paths resolve from ``name``'s folder."""
    data = json.dumps(source).encode() if isinstance(source, Mapping) else source
    data = data.encode() if isinstance(data, str) else bytes(data)
    options, keep = _open_options(props, set, plugins, allow_outside_files, isolate)
    handle, error = ctypes.c_void_p(), ctypes.c_void_p()
    status = _c.library().pipeline_open_bytes(
        data, len(data), name.encode(), ctypes.byref(options), ctypes.byref(handle), ctypes.byref(error)
    )
    del keep
    if status != _c.PIPELINE_OK:
        _raise(status, error)
    return Pipeline(handle, name)


def version() -> str:
    """pipeline's version, as the library reports it (the first line of ``pipeline --version``)."""
    return _c.library().pipeline_version().decode()


def scale_range() -> tuple[float, float]:
    """(lowest, highest): the scales frames are drawn at, both included, as the library declares them."""
    lowest, highest = ctypes.c_double(), ctypes.c_double()
    _c.library().pipeline_scale_range(ctypes.byref(lowest), ctypes.byref(highest))
    return lowest.value, highest.value


class Frame(np.ndarray):
    """One frame: a NumPy ``uint8`` array of shape (height, width, 4), RGBA. Shows itself as a PNG
    in Jupyter."""

    def _repr_png_(self) -> bytes:
        return _png(np.asarray(self))


class Pipeline:
    """An open pipeline. ``len(p)`` and ``p.frame_count`` are its frames; ``p[i]`` and
    ``p.frame(i)`` render one; iterating renders them all in order. Close it with ``close()`` or a
    ``with`` block (it is also closed when collected)."""

    def __init__(self, handle: ctypes.c_void_p, path: str):
        self._handle: Optional[ctypes.c_void_p] = handle
        self.path = path
        # What every frame call needs, asked of the library once: a pipeline does not change.
        self._count = int(_c.library().pipeline_frame_count(handle))
        self._sizes: dict[float, tuple[int, int]] = {}
        self._options = {
            flags: _c.FrameOptions(ctypes.sizeof(_c.FrameOptions), flags, 1.0)
            for flags in (0, _c.PIPELINE_FRAME_PREMULTIPLIED)
        }

    # -- what it is --------------------------------------------------------------------------

    @property
    def frame_count(self) -> int:
        """The frames of a whole render at the canvas's fps."""
        self._live()
        return self._count

    @property
    def fps(self) -> float:
        return float(_c.library().pipeline_fps(self._live()))

    @property
    def duration(self) -> float:
        """Seconds."""
        return float(_c.library().pipeline_duration(self._live()))

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of a frame in pixels."""
        return self.frame_size(1.0)

    def frame_size(self, scale: float = 1.0) -> tuple[int, int]:
        """(width, height) in pixels at ``scale`` pixels per canvas point."""
        if scale in self._sizes:
            return self._sizes[scale]
        width, height = ctypes.c_uint32(), ctypes.c_uint32()
        status = _c.library().pipeline_frame_size(self._live(), scale, ctypes.byref(width), ctypes.byref(height))
        if status != _c.PIPELINE_OK:
            lowest, highest = scale_range()
            raise ValueError(f"scale must be within {lowest:g} ... {highest:g}, got {scale}")
        self._sizes[scale] = (width.value, height.value)
        return self._sizes[scale]

    def __len__(self) -> int:
        return self.frame_count

    def __repr__(self) -> str:
        if self._handle is None:
            return f"<pipeline.Pipeline {self.path!r} (closed)>"
        width, height = self.size
        return f"<pipeline.Pipeline {self.path!r} {width}×{height}, {self.frame_count} frames at {self.fps:g} fps>"

    # -- frames ------------------------------------------------------------------------------

    def frame(self, index: int, *, premultiplied: bool = False, scale: float = 1.0) -> Frame:
        """Renders frame ``index`` (negative counts from the end): RGBA, straight alpha unless
        ``premultiplied``, the same bytes as the frame's PNG from ``pipeline run``. Raises
        ``IndexError`` outside the render."""
        count = self.frame_count
        if not isinstance(index, (int, np.integer)):
            raise TypeError(f"a frame index is an integer, not {type(index).__name__}")
        position = int(index) + count if index < 0 else int(index)
        if not 0 <= position < count:
            raise IndexError(f"frame {index} is outside the render: its frames are 0 to {count - 1}")
        width, height = self.frame_size(scale)
        pixels = np.empty((height, width, 4), dtype=np.uint8)
        flags = _c.PIPELINE_FRAME_PREMULTIPLIED if premultiplied else 0
        options = (
            self._options[flags]
            if scale == 1.0
            else _c.FrameOptions(ctypes.sizeof(_c.FrameOptions), flags, scale)
        )
        error = ctypes.c_void_p()
        status = _c.library().pipeline_render_frame(
            self._live(),
            position,
            pixels.__array_interface__["data"][0],
            width * 4,
            pixels.nbytes,
            ctypes.byref(options),
            ctypes.byref(error),
        )
        if status != _c.PIPELINE_OK:
            _raise(status, error)
        return pixels.view(Frame)

    def __getitem__(self, index: int) -> Frame:
        return self.frame(index)

    def __iter__(self) -> Iterator[Frame]:
        for index in range(self.frame_count):
            yield self.frame(index)

    # -- a whole render ----------------------------------------------------------------------

    def render(
        self,
        out: Optional[StrPath] = None,
        formats: Optional[Sequence[str]] = None,
        progress: Optional[Callable[[int, int], Optional[bool]]] = None,
        *,
        frames: Optional[str] = None,
        shard: Optional[str] = None,
        scale: float = 1.0,
        fps: Optional[float] = None,
        quality: Optional[int] = None,
        threads: Optional[int] = None,
        discard: bool = False,
        resume: bool = False,
        wait: bool = False,
    ) -> None:
        """Renders into ``out`` (default: the file's ``output.dir``) in ``formats`` (default: the
        file's), as ``pipeline run`` does. ``progress(done, total)`` hears each finished frame;
        returning False stops the render (``PipelineError`` with status 5), as does an exception
        it raises (raised again here). ``wait`` waits for another run writing into the folder to
        end, as ``run --wait``, instead of failing. ``frames`` (``"A-B"``, ``"A-"``, ``"N"``) and
        ``shard`` (``"I/N"``) render part of the frames, as ``run --frames`` and ``--shard``."""
        options = _c.RenderOptions()
        options.struct_size = ctypes.sizeof(_c.RenderOptions)
        options.flags = (
            (_c.PIPELINE_RENDER_DISCARD if discard else 0)
            | (_c.PIPELINE_RENDER_RESUME if resume else 0)
            | (_c.PIPELINE_RENDER_WAIT_FOR_FOLDER if wait else 0)
        )
        options.directory = fspath(out).encode() if out is not None else None
        if isinstance(formats, str):
            formats = [formats]
        options.formats = ",".join(formats).encode() if formats is not None else None
        options.frames = frames.encode() if frames is not None else None
        options.shard = shard.encode() if shard is not None else None
        options.scale, options.fps = scale, fps or 0.0
        options.quality, options.threads = quality or 0, threads or 0
        raised: list[BaseException] = []

        def report(_: Optional[int], done: int, total: int) -> int:
            try:
                return 0 if progress is None or progress(done, total) is not False else 1
            except BaseException as exception:  # stop, and raise it again after the render
                raised.append(exception)
                return 1

        callback = _c.PROGRESS(report)
        options.progress = callback
        error = ctypes.c_void_p()
        status = _c.library().pipeline_render(self._live(), ctypes.byref(options), ctypes.byref(error))
        if raised:
            if status != _c.PIPELINE_OK:
                _c.library().pipeline_error_free(error)
            raise raised[0]
        if status != _c.PIPELINE_OK:
            _raise(status, error)

    # -- life --------------------------------------------------------------------------------

    def close(self) -> None:
        """Ends the pipeline's plugins and frees it; later calls raise ValueError."""
        if self._handle is not None:
            _c.library().pipeline_close(self._handle)
            self._handle = None

    def __enter__(self) -> "Pipeline":
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def _live(self) -> ctypes.c_void_p:
        if self._handle is None:
            raise ValueError("the pipeline is closed")
        return self._handle


def _png(pixels: np.ndarray) -> bytes:
    """An RGBA array as PNG bytes (no filter, zlib level 6)."""
    height, width, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[row].tobytes() for row in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")
