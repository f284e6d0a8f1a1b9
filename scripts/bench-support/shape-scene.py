#!/usr/bin/env python3
"""The shape layers' bench scene, written twice: as a pipeline file and as the Lottie file rlottie
renders (scripts/bench). 200 circles in a 20 × 10 grid over 1920 × 1080, each filled with a
linear gradient across its cell and stroked 6 px wide, the stroke trimmed from nothing to the
whole circle over the animation, each turned by its own trim offset. Both files draw the same
cubic curves from the same start, so the bench can compare their middle frames.

The still scenes (--still) put the same circles, stroked whole and changed by no step, over a
backdrop that moves in every frame: once as a shape layer (STILL_SHAPE.json), once as an image
layer of the shape layer's own pixels (STILL_IMAGE.json, showing IMAGE.png, which the bench makes
from the shape layer alone, STILL_ALONE.json). The two draw the same frames.

Usage: shape-scene.py PIPELINE.json LOTTIE.json FRAMES (at 60 frames a second)
       shape-scene.py --still STILL_SHAPE.json STILL_IMAGE.json STILL_ALONE.json IMAGE.png FRAMES
"""
import json
import sys

WIDTH, HEIGHT, COLUMNS, ROWS, RADIUS, LINE = 1920, 1080, 20, 10, 36, 6
KAPPA = 0.5522847498


def circle(cx, cy):
    """Four cubics, clockwise from the top: Lottie's vertices and tangents, and SVG path data."""
    k = KAPPA * RADIUS
    vertices = [[cx, cy - RADIUS], [cx + RADIUS, cy], [cx, cy + RADIUS], [cx - RADIUS, cy]]
    ins = [[-k, 0], [0, -k], [k, 0], [0, k]]
    outs = [[k, 0], [0, k], [-k, 0], [0, -k]]
    data = "M %g %g" % tuple(vertices[0])
    for i in range(4):
        a, b = vertices[i], vertices[(i + 1) % 4]
        data += " C %g %g %g %g %g %g" % (a[0] + outs[i][0], a[1] + outs[i][1], b[0] + ins[(i + 1) % 4][0],
                                           b[1] + ins[(i + 1) % 4][1], b[0], b[1])
    return {"v": vertices, "i": ins, "o": outs, "c": True}, data + " Z"


def still(value):
    return {"a": 0, "k": value}


def still_scenes(shape_path, image_path, alone_path, png, frames):
    """The still shape layer over a moving backdrop, the same with the shape's picture instead,
    and the shape layer alone (which makes that picture)."""
    pipeline = {}
    main_scene(pipeline, frames)
    circles = pipeline["layers"][0]
    for path in circles["shape"]["paths"]:
        path["strokeEnd"] = 1
    canvas = dict(pipeline["canvas"], background="#101418")
    backdrop = {"name": "backdrop", "frame": [0, 0, WIDTH, HEIGHT], "fill": "#2c3e50"}
    move = [{"animate": "transform.translation", "target": "backdrop", "from": [0, 0], "to": [240, 0],
             "duration": frames / 60, "timing": "linear"}]
    output = {"dir": "out/still", "formats": ["png"]}
    frame = [0, 0, WIDTH, HEIGHT]
    scenes = [
        (shape_path, [backdrop, dict(circles, frame=frame)], move, canvas),
        (image_path, [backdrop, {"name": "circles", "frame": frame, "image": png}], move, canvas),
        (alone_path, [dict(circles, frame=frame)], [], dict(canvas, background="#00000000")),
    ]
    for path, layers, timeline, scene_canvas in scenes:
        with open(path, "w") as file:
            json.dump({"version": 1, "canvas": scene_canvas, "layers": layers, "timeline": timeline,
                       "output": output}, file)


def main():
    if sys.argv[1] == "--still":
        return still_scenes(*sys.argv[2:6], int(sys.argv[6]))
    pipeline, lottie = {}, {}
    main_scene(pipeline, int(sys.argv[3]), lottie)
    with open(sys.argv[1], "w") as file:
        json.dump(pipeline, file)
    with open(sys.argv[2], "w") as file:
        json.dump(lottie, file)


def main_scene(pipeline_out, frames, lottie_out=None):
    """The animated scene: the pipeline file into `pipeline_out`, the Lottie file into `lottie_out`."""
    seconds = frames / 60
    paths, steps, groups = [], [], []
    identity = {"ty": "tr", "p": still([0, 0]), "a": still([0, 0]), "s": still([100, 100]), "r": still(0),
                "o": still(100)}
    for index in range(COLUMNS * ROWS):
        column, row = index % COLUMNS, index // COLUMNS
        cell_w, cell_h = WIDTH / COLUMNS, HEIGHT / ROWS
        cx, cy = (column + 0.5) * cell_w, (row + 0.5) * cell_h
        shape, data = circle(cx, cy)
        first = [(37 * index) % 256, (91 * index + 80) % 256, 200]
        last = [255 - first[0], 60, (53 * index) % 256]
        stroke, offset = [20, 24, 40], (17 * index) % 360
        start, end = [cx - RADIUS, cy - RADIUS], [cx + RADIUS, cy + RADIUS]
        hexes = ["#%02x%02x%02x" % tuple(c) for c in (first, last, stroke)]
        paths.append({
            "path": data, "lineWidth": LINE, "strokeColor": hexes[2], "strokeEnd": 0, "trimOffset": offset,
            "fillGradient": {"colors": hexes[:2], "start": [start[0] / WIDTH, start[1] / HEIGHT],
                             "end": [end[0] / WIDTH, end[1] / HEIGHT]}})
        steps.append({"animate": "shape.paths.%d.strokeEnd" % index, "target": "circles", "from": 0, "to": 1,
                      "duration": seconds, "timing": "linear"})
        unit = [[c / 255 for c in colour] for colour in (first, last, stroke)]
        linear = {"i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}, "t": 0, "s": [0]}
        # The trimmed stroke and the fill in groups of their own (Lottie's trim would trim the fill
        # too), the stroke first: Lottie draws the first of a list in front.
        groups.append({"ty": "gr", "it": [
            {"ty": "sh", "ks": still(shape)},
            {"ty": "tm", "s": still(0), "e": {"a": 1, "k": [linear, {"t": frames, "s": [100]}]},
             "o": still(offset), "m": 1},
            {"ty": "st", "c": still(unit[2] + [1]), "o": still(100), "w": still(LINE), "lc": 1, "lj": 1, "ml": 4},
            identity]})
        groups.append({"ty": "gr", "it": [
            {"ty": "sh", "ks": still(shape)},
            {"ty": "gf", "o": still(100), "r": 1, "t": 1, "s": still(start), "e": still(end),
             "g": {"p": 2, "k": still([0] + unit[0] + [1] + unit[1])}},
            identity]})
    pipeline = {
        "version": 1, "canvas": {"width": WIDTH, "height": HEIGHT, "fps": 60, "duration": seconds,
                                 "background": "#00000000"},
        "layers": [{"name": "circles", "shape": {"paths": paths}}], "timeline": steps,
        "output": {"dir": "out/shapes", "formats": ["png"]}}
    center = [WIDTH / 2, HEIGHT / 2, 0]
    layer = {"ddd": 0, "ind": 1, "ty": 4, "nm": "circles", "sr": 1, "ao": 0, "ip": 0, "op": frames, "st": 0, "bm": 0,
             "ks": {"o": still(100), "r": still(0), "p": still(center), "a": still(center),
                    "s": still([100, 100, 100])},
             "shapes": groups}
    lottie = {"v": "5.7.0", "fr": 60, "ip": 0, "op": frames, "w": WIDTH, "h": HEIGHT, "nm": "circles", "ddd": 0,
              "assets": [], "layers": [layer]}
    pipeline_out.update(pipeline)
    if lottie_out is not None:
        lottie_out.update(lottie)


main()
