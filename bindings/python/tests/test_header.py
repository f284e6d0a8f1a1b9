"""The package's C declarations against uipipeline.h itself: every constant with its value, every
structure field in order with its C type, every function with its result and argument types. A
header change that the package does not follow fails here, not in a user's process."""

from __future__ import annotations

import ctypes
import os
import re
from pathlib import Path

import pytest

from uipipeline import _library as c

REPOSITORY = Path(os.environ.get("PIPELINE_REPOSITORY", Path(__file__).resolve().parents[3]))
HEADER = REPOSITORY / "Sources" / "CPipelineAPI" / "include" / "uipipeline.h"


def header_text() -> str:
    """The header without its comments, on one line."""
    if not HEADER.is_file():
        pytest.fail(f"uipipeline.h is not at {HEADER}: set PIPELINE_REPOSITORY to the repository")
    text = re.sub(r"/\*.*?\*/", " ", HEADER.read_text(), flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


# What each C type of the header is in ctypes.
STRUCTURES = {
    "pipeline_open_options_t": c.OpenOptions,
    "pipeline_frame_options_t": c.FrameOptions,
    "pipeline_render_options_t": c.RenderOptions,
}
SCALARS = {
    "uint32_t": ctypes.c_uint32,
    "int32_t": ctypes.c_int32,
    "uint64_t": ctypes.c_uint64,
    "int64_t": ctypes.c_int64,
    "size_t": ctypes.c_size_t,
    "double": ctypes.c_double,
    "pipeline_status_t": ctypes.c_int32,
    "pipeline_progress_fn": c.PROGRESS,
}


def ctype(declared: str):
    """The ctypes type for a C type as the header writes it (`const char *`, `pipeline_t **`…)."""
    words = declared.replace("*", " * ").split()
    words = [word for word in words if word != "const"]
    stars = words.count("*")
    base = " ".join(word for word in words if word != "*")
    if base == "void" and stars == 0:
        return None
    if base == "char" and stars == 1:
        return ctypes.c_char_p
    if base == "char" and stars == 2:
        return ctypes.POINTER(ctypes.c_char_p)
    if base in ("pipeline_t", "pipeline_error_t") and stars == 1:
        return ctypes.c_void_p
    if base in ("pipeline_t", "pipeline_error_t") and stars == 2:
        return ctypes.POINTER(ctypes.c_void_p)
    if base == "void" and stars == 1:
        return ctypes.c_void_p
    if base in STRUCTURES and stars == 1:
        return ctypes.POINTER(STRUCTURES[base])
    if base in SCALARS and stars == 0:
        return SCALARS[base]
    if base in SCALARS and stars == 1:
        return ctypes.POINTER(SCALARS[base])
    raise AssertionError(f"the test does not know the C type {declared!r}: teach it")


def same(ours, theirs) -> bool:
    """Whether a declared ctypes type matches the header's; a `const void *` of bytes may be
    declared `c_char_p`, which ctypes passes the same way."""
    if ours is theirs:
        return True
    if theirs is ctypes.c_void_p and ours is ctypes.c_char_p:
        return True
    pointer = getattr(ctypes, "_Pointer")
    if isinstance(ours, type) and isinstance(theirs, type) and issubclass(ours, pointer) and issubclass(theirs, pointer):
        return ours._type_ is theirs._type_
    return False


def test_every_constant_is_the_headers():
    defined = dict(re.findall(r"#define\s+(PIPELINE_[A-Z0-9_]+)\s+(0x[0-9A-Fa-f]+|[0-9]+)u?\b", header_text()))
    assert defined, "no constants found in the header"
    missing = sorted(name for name in defined if not hasattr(c, name))
    assert not missing, f"the package lacks {missing}"
    wrong = {name: (getattr(c, name), value) for name, value in defined.items() if getattr(c, name) != int(value, 0)}
    assert not wrong, f"values differ (package, header): {wrong}"
    extra = sorted(name for name in dir(c) if re.fullmatch(r"PIPELINE_[A-Z0-9_]+", name) and name not in defined)
    assert not extra, f"the package has constants the header does not: {extra}"


def test_every_structure_has_the_headers_fields_in_order():
    text = header_text()
    for name, structure in STRUCTURES.items():
        found = re.search(r"typedef\s+struct\s+\w+\s*\{([^}]*)\}\s*" + name + r"\s*;", text)
        assert found, f"{name} is not in the header"
        fields = [re.match(r"(.*?)(\w+)$", member.strip()).groups() for member in found.group(1).split(";") if member.strip()]
        declared = [(field, kind) for field, kind in structure._fields_]
        assert [field for _, field in fields] == [field for field, _ in declared], f"{name}'s fields differ"
        for (kind, field), (_, ours) in zip(fields, declared):
            assert same(ours, ctype(kind)), f"{name}.{field}: {ours} in the package, {kind.strip()} in the header"


def test_every_function_has_the_headers_types():
    text = re.sub(r"#[^\n]*", " ", header_text())
    declared = {}
    for result, name, arguments in re.findall(r"([A-Za-z_][\w\s\*]*?)\b(pipeline_\w+)\s*\(([^()]*)\)\s*;", text):
        parameters = [] if arguments.strip() in ("", "void") else [re.sub(r"\w+$", "", argument.strip()) for argument in arguments.split(",")]
        declared[name] = (ctype(result), [ctype(parameter) for parameter in parameters])
    assert declared, "no functions found in the header"
    assert sorted(declared) == sorted(c.SIGNATURES), (
        f"functions differ: only in the header {sorted(set(declared) - set(c.SIGNATURES))}, "
        f"only in the package {sorted(set(c.SIGNATURES) - set(declared))}"
    )
    for name, (result, arguments) in declared.items():
        ours_result, ours_arguments = c.SIGNATURES[name]
        assert same(ours_result, result) or (ours_result is None and result is None), f"{name}'s result differs"
        assert len(ours_arguments) == len(arguments), f"{name} takes {len(arguments)} arguments in the header"
        for index, (ours, theirs) in enumerate(zip(ours_arguments, arguments)):
            assert same(ours, theirs), f"{name}'s argument {index + 1}: {ours} in the package, {theirs} in the header"


# How the render's keyword arguments set the C options: each field of pipeline_render_options_t
# and each PIPELINE_RENDER_* flag is one keyword (or the call's own plumbing).
RENDER_KEYWORDS = {
    "directory": "out", "formats": "formats", "frames": "frames", "shard": "shard", "scale": "scale",
    "fps": "fps", "quality": "quality", "threads": "threads", "progress": "progress",
    "PIPELINE_RENDER_DISCARD": "discard", "PIPELINE_RENDER_RESUME": "resume",
    "PIPELINE_RENDER_WAIT_FOR_FOLDER": "wait",
}


def test_render_takes_a_keyword_for_every_render_option_of_the_header():
    import inspect

    from uipipeline import Pipeline

    text = header_text()
    body = re.search(r"typedef struct pipeline_render_options \{(.*?)\}", text, re.S).group(1)
    fields = [field for field in re.findall(r"(\w+)\s*;", body) if field not in ("struct_size", "flags", "user_data")]
    flags = re.findall(r"#define (PIPELINE_RENDER_\w+)", text)
    keywords = set(inspect.signature(Pipeline.render).parameters) - {"self"}
    for option in fields + flags:
        assert option in RENDER_KEYWORDS, f"{option} of uipipeline.h has no keyword argument in render()"
        assert RENDER_KEYWORDS[option] in keywords, f"render() lacks {RENDER_KEYWORDS[option]} ({option})"
    assert keywords == set(RENDER_KEYWORDS.values()), f"render() keywords {sorted(keywords)}"

