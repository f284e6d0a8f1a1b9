"""libuipipeline through ctypes: finding it, and the C declarations of uipipeline.h."""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
from pathlib import Path
from typing import Optional

LIBRARY_VARIABLE = "UIPIPELINE_LIBRARY"

# The constants, structures and functions below are uipipeline.h's, name for name: tests/test_header.py
# reads the header and fails on any difference.
PIPELINE_API_VERSION_MAJOR = 1
PIPELINE_API_VERSION_MINOR = 1

PIPELINE_OK = 0
PIPELINE_ERROR_INPUT = 1
PIPELINE_ERROR_RENDER = 2
PIPELINE_ERROR_ARGUMENT = 3
PIPELINE_ERROR_RANGE = 4
PIPELINE_ERROR_CANCELLED = 5

PIPELINE_OPEN_ALLOW_OUTSIDE_FILES = 0x1
PIPELINE_OPEN_ISOLATE_PLUGINS = 0x2
PIPELINE_OPEN_SANDBOX_PLUGINS = 0x4
PIPELINE_FRAME_PREMULTIPLIED = 0x1
PIPELINE_RENDER_DISCARD = 0x1
PIPELINE_RENDER_RESUME = 0x2
PIPELINE_RENDER_WAIT_FOR_FOLDER = 0x4


class OpenOptions(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("plugin_folders", ctypes.POINTER(ctypes.c_char_p)),
        ("plugin_folder_count", ctypes.c_uint32),
        ("set_count", ctypes.c_uint32),
        ("set", ctypes.POINTER(ctypes.c_char_p)),
        ("props_json", ctypes.c_char_p),
        ("props_file", ctypes.c_char_p),
        ("image_memory_limit", ctypes.c_uint64),
    ]


class FrameOptions(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_uint32), ("flags", ctypes.c_uint32), ("scale", ctypes.c_double)]


PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64)


class RenderOptions(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("directory", ctypes.c_char_p),
        ("formats", ctypes.c_char_p),
        ("frames", ctypes.c_char_p),
        ("shard", ctypes.c_char_p),
        ("scale", ctypes.c_double),
        ("fps", ctypes.c_double),
        ("quality", ctypes.c_int32),
        ("threads", ctypes.c_int32),
        ("progress", PROGRESS),
        ("user_data", ctypes.c_void_p),
    ]


FILE_NAME = "libuipipeline.so"


def candidates() -> list[str]:
    """Where libuipipeline.so is looked for, in order: the file UIPIPELINE_LIBRARY names (and only
    it, when set); the one installed beside this package; pkg-config's (`make install`); the
    build folder or prefix of the `pipeline` on PATH. Only files of that name are looked at, so
    another project's library (Debian's libpipeline, say) is never opened instead."""
    if os.environ.get(LIBRARY_VARIABLE):
        return [os.environ[LIBRARY_VARIABLE]]
    found = [str(Path(__file__).resolve().parent / FILE_NAME)]
    if shutil.which("pkg-config"):
        result = subprocess.run(
            ["pkg-config", "--variable=libdir", "uipipeline"], capture_output=True, text=True, check=False
        )
        if result.returncode == 0 and result.stdout.strip():
            found.append(str(Path(result.stdout.strip()) / FILE_NAME))
    command = shutil.which("pipeline")
    if command:
        folder = Path(command).resolve().parent
        # A build folder keeps the library beside the executable; a prefix in lib/ beside bin/.
        found += [str(folder / FILE_NAME), str(folder.parent / "lib" / FILE_NAME)]
    return list(dict.fromkeys(found))


# The file the library was opened from, once it is.
path: Optional[str] = None


def load_library() -> ctypes.CDLL:
    """Opens libuipipeline and declares its functions; ImportError says everywhere it looked and
    why each place failed."""
    global path
    errors = []
    for candidate in candidates():
        if not Path(candidate).is_file():
            errors.append(f"{candidate}: no such file")
            continue
        try:
            library = ctypes.CDLL(candidate)
        except OSError as error:
            errors.append(f"{candidate}: {error}")
            continue
        lacking = [name for name in SIGNATURES if not hasattr(library, name)]
        if lacking:
            errors.append(f"{candidate}: not pipeline's library (it lacks {', '.join(lacking[:3])})")
            continue
        declare(library)
        path = candidate
        return library
    raise ImportError(
        f"{FILE_NAME} was not found: set {LIBRARY_VARIABLE} to its path, install pipeline "
        "(make install PREFIX=...), or put the build folder holding the pipeline executable on PATH. "
        "Tried: " + "; ".join(errors)
    )


HANDLE = ctypes.c_void_p
ERROR = ctypes.c_void_p
STATUS = ctypes.c_int32

# Each function's result and argument types.
SIGNATURES = {
    "pipeline_version": (ctypes.c_char_p, []),
    "pipeline_open": (
        STATUS,
        [ctypes.c_char_p, ctypes.POINTER(OpenOptions), ctypes.POINTER(HANDLE), ctypes.POINTER(ERROR)],
    ),
    "pipeline_open_bytes": (
        STATUS,
        [
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.c_char_p,
            ctypes.POINTER(OpenOptions),
            ctypes.POINTER(HANDLE),
            ctypes.POINTER(ERROR),
        ],
    ),
    "pipeline_close": (None, [HANDLE]),
    "pipeline_frame_count": (ctypes.c_int64, [HANDLE]),
    "pipeline_fps": (ctypes.c_double, [HANDLE]),
    "pipeline_duration": (ctypes.c_double, [HANDLE]),
    "pipeline_scale_range": (None, [ctypes.POINTER(ctypes.c_double), ctypes.POINTER(ctypes.c_double)]),
    "pipeline_frame_size": (
        STATUS,
        [HANDLE, ctypes.c_double, ctypes.POINTER(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint32)],
    ),
    "pipeline_render_frame": (
        STATUS,
        [
            HANDLE,
            ctypes.c_int64,
            ctypes.c_void_p,
            ctypes.c_size_t,
            ctypes.c_size_t,
            ctypes.POINTER(FrameOptions),
            ctypes.POINTER(ERROR),
        ],
    ),
    "pipeline_render": (STATUS, [HANDLE, ctypes.POINTER(RenderOptions), ctypes.POINTER(ERROR)]),
    "pipeline_error_message": (ctypes.c_char_p, [ERROR]),
    "pipeline_error_status": (STATUS, [ERROR]),
    "pipeline_error_count": (ctypes.c_uint32, [ERROR]),
    "pipeline_error_problem": (ctypes.c_char_p, [ERROR, ctypes.c_uint32]),
    "pipeline_error_file": (ctypes.c_char_p, [ERROR, ctypes.c_uint32]),
    "pipeline_error_line": (ctypes.c_uint32, [ERROR, ctypes.c_uint32]),
    "pipeline_error_column": (ctypes.c_uint32, [ERROR, ctypes.c_uint32]),
    "pipeline_error_json_path": (ctypes.c_char_p, [ERROR, ctypes.c_uint32]),
    "pipeline_error_free": (None, [ERROR]),
}


def declare(lib: ctypes.CDLL) -> None:
    """Sets every function's argument and result types, as uipipeline.h declares them."""
    for name, (result, arguments) in SIGNATURES.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments


_library: Optional[ctypes.CDLL] = None


def library() -> ctypes.CDLL:
    """libuipipeline, opened on first use."""
    global _library
    if _library is None:
        _library = load_library()
    return _library
