"""libpipeline through ctypes: finding it, and the C declarations of pipeline.h."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
from pathlib import Path
from typing import Optional

LIBRARY_VARIABLE = "PIPELINE_LIBRARY"

# The constants, structures and functions below are pipeline.h's, name for name: tests/test_header.py
# reads the header and fails on any difference.
PIPELINE_API_VERSION_MAJOR = 1
PIPELINE_API_VERSION_MINOR = 0

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


def candidates() -> list[str]:
    """Where libpipeline.so is looked for, in order."""
    found: list[str] = []
    if os.environ.get(LIBRARY_VARIABLE):
        return [os.environ[LIBRARY_VARIABLE]]
    beside = Path(__file__).resolve().parent / "libpipeline.so"
    found.append(str(beside))
    if shutil.which("pkg-config"):
        result = subprocess.run(
            ["pkg-config", "--variable=libdir", "pipeline"], capture_output=True, text=True, check=False
        )
        if result.returncode == 0 and result.stdout.strip():
            found.append(str(Path(result.stdout.strip()) / "libpipeline.so"))
    command = shutil.which("pipeline")
    if command:
        found.append(str(Path(command).resolve().parent.parent / "lib" / "libpipeline.so"))
    system = ctypes.util.find_library("pipeline")
    if system:
        found.append(system)
    found += ["/usr/local/lib/libpipeline.so", "/usr/lib/libpipeline.so"]
    return found


def load_library() -> ctypes.CDLL:
    """Opens libpipeline and declares its functions; ImportError says where it was looked for."""
    tried = candidates()
    errors = []
    for path in tried:
        if "/" in path and not Path(path).exists():
            errors.append(f"{path}: no such file")
            continue
        try:
            library = ctypes.CDLL(path)
        except OSError as error:
            errors.append(f"{path}: {error}")
            continue
        declare(library)
        return library
    raise ImportError(
        "libpipeline.so was not found: set PIPELINE_LIBRARY to its path, or install pipeline "
        "(make install PREFIX=...). Tried: " + "; ".join(errors)
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
    """Sets every function's argument and result types, as pipeline.h declares them."""
    for name, (result, arguments) in SIGNATURES.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments


_library: Optional[ctypes.CDLL] = None


def library() -> ctypes.CDLL:
    """libpipeline, opened on first use."""
    global _library
    if _library is None:
        _library = load_library()
    return _library
