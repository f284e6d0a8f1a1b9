"""The Python package against a real libpipeline and the repository's pipelines: frames equal the
CLI's, errors carry their place, renders write files and can be stopped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import uipipeline

REPOSITORY = Path(os.environ.get("PIPELINE_REPOSITORY", Path(__file__).resolve().parents[3]))
EXECUTABLE = os.environ.get("PIPELINE_EXECUTABLE", "pipeline")


def decoded(png: Path) -> np.ndarray:
    """A PNG as ffmpeg decodes it, RGBA."""
    width, height = (
        subprocess.run(
            ["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", str(png)],
            capture_output=True, text=True, check=True,
        ).stdout.strip().split(",")
    )
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(png), "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
        capture_output=True, check=True,
    ).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(int(height), int(width), 4)


@pytest.fixture(scope="module")
def main() -> uipipeline.Pipeline:
    with uipipeline.load(REPOSITORY / "pipeline.json") as opened:
        yield opened


def small(folder: Path, **canvas: object) -> Path:
    """A 64 × 48 pipeline of a square sliding right over one second at 10 fps."""
    document = {
        "version": 1,
        "canvas": {"width": 64, "height": 48, "fps": 10, "duration": 1, "background": "#202020", **canvas},
        "layers": [{"name": "square", "frame": [0, 14, 20, 20], "fill": "#ff8000"}],
        "timeline": [{"animator": "move-and-scale", "target": "square", "duration": 1, "timing": "linear",
                      "params": {"to": [44, 14, 20, 20]}}],
    }
    path = folder / "small.json"
    path.write_text(json.dumps(document))
    return path


def test_frame_30_of_the_main_pipeline_is_the_clis_frame_at_half_a_second(main, tmp_path):
    frame = main.frame(30)
    assert frame.dtype == np.uint8 and frame.shape == (main.size[1], main.size[0], 4)
    subprocess.run(
        [EXECUTABLE, "frame", "pipeline.json", "--at", "0.5", "-o", str(tmp_path / "cli.png")],
        cwd=REPOSITORY, check=True, capture_output=True,
    )
    expected = decoded(tmp_path / "cli.png")
    assert int(np.abs(frame.astype(int) - expected.astype(int)).max()) <= 1


def test_what_a_pipeline_is(main):
    document = json.loads((REPOSITORY / "pipeline.json").read_text())
    assert main.fps == document["canvas"]["fps"]
    assert main.size == (document["canvas"]["width"], document["canvas"]["height"])
    assert main.frame_count == len(main) == round(main.duration * main.fps)
    assert "frames at 60 fps" in repr(main)


def test_a_scale_outside_the_librarys_range_is_refused_naming_it(main):
    lowest, highest = uipipeline.scale_range()
    assert 0 < lowest < 1 < highest
    assert main.frame_size(highest) == (round(main.size[0] * highest), round(main.size[1] * highest))
    assert main.frame_size(lowest)[0] >= 1
    for outside in (lowest / 2, highest * 1.5):
        with pytest.raises(ValueError) as refused:
            main.frame_size(outside)
        assert str(refused.value) == f"scale must be within {lowest:g} ... {highest:g}, got {outside}"


def test_frames_by_index_iteration_and_from_the_end(tmp_path):
    clip = uipipeline.load(small(tmp_path))
    frames = list(clip)
    assert len(frames) == clip.frame_count == 10
    assert np.array_equal(clip[-1], frames[-1]) and np.array_equal(clip.frame(3), frames[3])
    # The square moves right: its orange columns start further right frame after frame.
    starts = [int(np.argmax(frame[24, :, 0] > 200)) for frame in frames]
    assert starts == sorted(starts) and starts[0] < starts[-1]


def test_props_and_set_change_the_pipeline_before_it_is_read(tmp_path):
    path = small(tmp_path)
    assert uipipeline.load(path, props={"canvas": {"fps": 20}}).frame_count == 20
    assert uipipeline.load(path, set=["canvas.width=32"]).size == (32, 48)
    props = tmp_path / "props.json"
    props.write_text('{"canvas": {"height": 24}}')
    assert uipipeline.load(path, props=str(props)).size == (64, 24)


def test_a_pipeline_given_as_a_mapping(tmp_path):
    path = small(tmp_path)
    clip = uipipeline.loads(json.loads(path.read_text()), name=str(tmp_path / "inline.json"))
    assert np.array_equal(clip.frame(5), uipipeline.load(path).frame(5))


def test_premultiplied_frames(tmp_path):
    path = small(tmp_path, background="#00000000")
    clip = uipipeline.load(path)
    straight, premultiplied = clip.frame(0), clip.frame(0, premultiplied=True)
    assert np.array_equal(straight[..., 3], premultiplied[..., 3])
    assert (premultiplied[..., :3] <= premultiplied[..., 3:]).all()


def test_a_frame_out_of_range_raises_index_error(main):
    with pytest.raises(IndexError, match="outside the render"):
        main.frame(main.frame_count)
    with pytest.raises(IndexError):
        main.frame(-main.frame_count - 1)


def test_a_missing_file_raises_pipeline_error_naming_it(tmp_path):
    missing = tmp_path / "missing.json"
    with pytest.raises(uipipeline.PipelineError) as caught:
        uipipeline.load(missing)
    assert caught.value.path == str(missing)
    assert str(missing) in str(caught.value)


def test_a_wrong_option_is_named_by_its_keyword_argument(tmp_path):
    clip = uipipeline.load(small(tmp_path))
    with pytest.raises(uipipeline.PipelineError) as caught:
        clip.render(tmp_path / "out", ["png"], frames="9-2")
    assert str(caught.value).startswith("frames 9-2 ends before it starts")
    with pytest.raises(uipipeline.PipelineError) as caught:
        clip.render(tmp_path / "out", ["png"], threads=999)
    assert str(caught.value) == "threads must be 1...256, got 999"


def test_a_syntax_error_raises_pipeline_error_with_line_and_column(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "version": 1,\n  "canvas": { "width": 10 "height": 10 }\n}\n')
    with pytest.raises(uipipeline.PipelineError) as caught:
        uipipeline.load(broken)
    error = caught.value
    assert (error.path, error.line) == (str(broken), 3)
    assert error.column > 0 and error.status == 1
    assert f"{broken}:3:{error.column}:" in str(error)


def test_every_problem_of_a_file_and_its_json_path(tmp_path):
    path = small(tmp_path)
    document = json.loads(path.read_text())
    document["timeline"][0]["duration"] = -1
    path.write_text(json.dumps(document, indent=2))
    with pytest.raises(uipipeline.PipelineError) as caught:
        uipipeline.load(path)
    assert any(problem.json_path.startswith("timeline[0]") for problem in caught.value.problems)


def test_render_writes_the_frames_and_reports_progress(tmp_path):
    clip = uipipeline.load(small(tmp_path))
    heard = []
    clip.render(out=tmp_path / "out", formats=["png"], progress=lambda done, total: heard.append((done, total)))
    assert heard == [(done, 10) for done in range(1, 11)]
    written = sorted((tmp_path / "out").glob("*.png"))
    assert len(written) == 10
    assert int(np.abs(decoded(written[4]).astype(int) - clip.frame(4).astype(int)).max()) <= 1


def test_a_progress_callback_stops_the_render(tmp_path):
    clip = uipipeline.load(small(tmp_path))
    with pytest.raises(uipipeline.PipelineError) as caught:
        clip.render(out=tmp_path / "out", formats=["png"], progress=lambda done, total: done < 3)
    assert caught.value.status == 5
    assert 3 <= len(list((tmp_path / "out").glob("*.png"))) < 10

    class Stop(Exception):
        pass

    def failing(done: int, total: int) -> None:
        raise Stop()

    with pytest.raises(Stop):
        clip.render(out=tmp_path / "again", formats=["png"], progress=failing)


def test_a_render_into_a_folder_another_run_writes_fails_or_waits(tmp_path):
    # Another process renders an hour of frames into the folder, until it is stopped.
    long = small(tmp_path, duration=3600)
    other = subprocess.Popen(
        [EXECUTABLE, "run", str(long), "--out", str(tmp_path / "out"), "--format", "png", "--quiet"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            if list((tmp_path / "out").glob("*.png")):
                break
            time.sleep(0.1)
        assert list((tmp_path / "out").glob("*.png")), "the other run wrote no frame in 60 s"
        clip = uipipeline.load(small(tmp_path))
        with pytest.raises(uipipeline.PipelineError) as caught:
            clip.render(out=tmp_path / "out", formats=["png"])
        assert f"is being written by process {other.pid}" in str(caught.value)
        outcome = []
        waiting = threading.Thread(
            target=lambda: outcome.append(clip.render(out=tmp_path / "out", formats=["png"], wait=True) or "done"),
            daemon=True,
        )
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive(), "the render with wait=True did not wait for the other run"
    finally:
        other.send_signal(signal.SIGINT)
        other.wait(60)
    waiting.join(60)
    assert outcome == ["done"]


def test_a_frame_shows_itself_as_png(tmp_path):
    png = uipipeline.load(small(tmp_path)).frame(0)._repr_png_()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "shown.png").write_bytes(png)
    assert np.array_equal(decoded(tmp_path / "shown.png"), uipipeline.load(small(tmp_path)).frame(0))


def test_a_closed_pipeline_refuses_calls(tmp_path):
    clip = uipipeline.load(small(tmp_path))
    clip.close()
    with pytest.raises(ValueError, match="closed"):
        clip.frame(0)
    assert "closed" in repr(clip)


def test_the_library_version():
    shown = subprocess.run([EXECUTABLE, "--version"], capture_output=True, text=True, check=True).stdout
    assert shown.splitlines()[0] == f"pipeline {uipipeline.version()}"
    assert uipipeline.__version__ == uipipeline.version()
