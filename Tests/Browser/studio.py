#!/usr/bin/python3
"""Drives the preview's editor (pipeline preview --edit) in headless Chromium, as a person would
with a mouse, and prints what the page did as one JSON object.

    studio.py URL drag-bar STEP SECONDS          drag step STEP's bar by SECONDS along the time axis
    studio.py URL drag-end STEP SECONDS          drag the bar's right end by SECONDS
    studio.py URL hold-bar STEP SECONDS          drag step STEP's bar by SECONDS, report the snapping line on the
                                                 tracks (its time and a pixel's seconds, or null) before releasing
    studio.py URL drag-handle STEP WHICH DX DY   drag handle WHICH (0 or 1) of the step's Bézier by DX, DY pixels
    studio.py URL gesture FRACTION SECONDS       drive the transition: drag across FRACTION of the frame's
                                                 width in SECONDS, release, watch the rest play, keep it
    studio.py URL select STEP                    click step STEP's bar
    studio.py URL set POINTER VALUE              type VALUE into the inspector's field for POINTER (or pick
                                                 it from its list), then Tab
    studio.py URL click POINTER                  click the inspector's control for POINTER (a switch, a button)
    studio.py URL tap POINTER                    click the inspector's control for POINTER, which writes nothing
    studio.py URL drag-place POINTER DX DY       drag the handle POINTER on the viewer (a rect's #move or #corner,
                                                 a centre's #move) by DX, DY pixels
    studio.py URL layer NAME                     show layer NAME in the inspector
    studio.py URL pick POINTER VALUE             move the inspector's slider or colour picker for POINTER to
                                                 VALUE and let go (a browser's colour dialog cannot be driven)
    studio.py URL undo                           press Ctrl+Z
    studio.py URL redo                           press Ctrl+Shift+Z
    studio.py URL screenshot PATH                select the first step and save the window as PATH
    studio.py URL play SECONDS                   press play, and after SECONDS say where the sound and frames are
    studio.py URL render                         press render; report each text the render's status showed, the
                                                 links it ended with, and the page's state then
    studio.py URL seek-times S1,S2,…             click the ruler at each time in turn; report how long each took from
                                                 the press to the new frame loaded in the viewer (ms)
    studio.py URL paint SECONDS                  press play and, for SECONDS, read each frame the viewer paints from
                                                 its pixels (the number burned into its top ninth: 16 blocks across,
                                                 block k white when bit k is set), with the sound's time then
    studio.py URL hooks                          report the elements the page marks for tests and extensions
                                                 (data-role, data-layer, data-step): boxes, labels, titles
    studio.py URL seek SECONDS                   click the ruler at SECONDS; report the time read-out
    studio.py URL scrub FROM TO                  drag along the ruler from FROM to TO seconds; report each
                                                 time read-out the page showed on the way
    studio.py URL window WIDTH HEIGHT            make the window's inner size WIDTH×HEIGHT CSS pixels
    studio.py URL layout                         report the boxes of the viewer, frame, timeline, ruler, tracks,
                                                 layer names, bars and curve editor, the viewer's zoom and guides,
                                                 and the controls that have no name for screen readers
    studio.py URL click-id ID                    click the element with that id
    studio.py URL wheel ID DELTA                 Ctrl + wheel by DELTA over the middle of the element with that id
    studio.py URL resize-curves HEIGHT           drag the bar on the curve editor's top to make it HEIGHT pixels tall
    studio.py URL press KEY                      press KEY (a letter, space, left, right, home, end, tab, each
                                                 with shift+ if wanted); report the time read-out and playing state
    studio.py URL until-frame-below N            wait until the frame on show is below N
    studio.py URL save PATH                      save the window as it is as PATH (PNG)
    studio.py URL focus SELECTOR                 give the keyboard's focus to the element SELECTOR names
    studio.py URL text-range                     wait for the characters' boxes over the viewer (a text animator's
                                                 range) at the time and version on show; report them, each with its
                                                 weight, corners and class, with the frame's box and scale
    studio.py URL motion-blur                    report whether the motion blur switch shows; if it does, read the
                                                 frame's middle row (red, per pixel), switch the blur off, and read
                                                 it again once the new frame is on show, with the frames asked for
    studio.py URL watch-loop                     while playing, record each time read-out until the frame shown
                                                 has gone back twice (the loop wrapped), then pause

Actions joined by `then` run one after the other on the one page: `drag-bar 0 0.5 then undo`.
It prints a list: for each action, what the page showed and the file's text once it was done.
The window is 1280×800 CSS pixels. Every action waits for the page's write to land (or fails).
"""
import json
import shutil
import sys
import tempfile
import time
from urllib.parse import unquote

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

WINDOW = (1280, 800)


def resize(driver, width, height):
    # The window's inner size is what the page lays itself out in.
    driver.set_window_size(width, height)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])


def browser(profile):
    options = Options()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                     "--force-device-scale-factor=1", "--autoplay-policy=no-user-gesture-required",
                     "--user-data-dir=" + profile):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    resize(driver, *WINDOW)
    return driver


def wait(driver, condition, what, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = driver.execute_script("return " + condition)
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit("the page never " + what + ": " + json.dumps(state(driver)))


def state(driver):
    return driver.execute_script(
        "const s = window.studio; return s && {writes: s.writes, busy: s.busy, bars: s.bars, handles: s.handles,"
        " status: document.getElementById('editstatus').textContent,"
        " problem: document.getElementById('problem').textContent}")


def ready(driver):
    wait(driver, "window.studio && window.studio.info && window.studio.bars.length > 0 && window.studio.busy === 0",
         "showed its step bars")
    wait(driver, "view.timeline !== null", "read its timeline")


def written(driver, before):
    wait(driver, "window.studio.busy === 0 && window.studio.writes > %d" % before, "wrote the change")


def offset(driver, element, x, y):
    """Selenium offsets a pointer from the element's centre; x and y are from its top left."""
    box = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.width, b.height]", element)
    return round(x - box[0] / 2), round(y - box[1] / 2)


def drag(driver, element, start, moves, pause=0.05):
    chain = ActionChains(driver, duration=40)
    chain.move_to_element_with_offset(element, *offset(driver, element, *start)).click_and_hold()
    for dx, dy in moves:
        chain.move_by_offset(dx, dy).pause(pause)
    chain.release().perform()


def steps(total, count):
    """`total` pixels as `count` whole moves."""
    done, moves = 0, []
    for i in range(1, count + 1):
        to = round(total * i / count)
        moves.append(to - done)
        done = to
    return moves


# Each time the number in the viewer's pixels changes: the number, the sound's time and whether it
# was playing, the time (ms) and the image's width (a draft scale shows a narrower one).
PAINT = """
const sound = document.getElementById('sound');
const canvas = document.createElement('canvas'); canvas.width = 16; canvas.height = 1;
const context = canvas.getContext('2d', { willReadFrequently: true });
context.imageSmoothingEnabled = false;
window.painted = []; window.sampling = true;
let last = -1;
function sample() {
  if (!window.sampling) return;
  // Looked up each time: playing puts each decoded frame's own image in the viewer.
  const frame = document.getElementById('frame');
  if (frame.complete && frame.naturalWidth > 0) {
    context.drawImage(frame, 0, 0, frame.naturalWidth, frame.naturalHeight / 9, 0, 0, 16, 1);
    const pixels = context.getImageData(0, 0, 16, 1).data;
    let n = 0;
    for (let bit = 0; bit < 16; bit++) if (pixels[bit * 4] > 128) n |= 1 << bit;
    if (n !== last) {
      last = n;
      window.painted.push({ number: n, sound: sound.currentTime, playing: !sound.paused && sound.readyState >= 2,
        at: performance.now(), width: frame.naturalWidth });
    }
  }
  requestAnimationFrame(sample);
}
requestAnimationFrame(sample);
"""

HOOKS = """
const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
const shown = e => e !== null && e.getClientRects().length > 0;
const roles = {};
for (const role of ['viewer', 'ruler', 'time', 'inspector']) {
  const found = document.querySelectorAll('[data-role="' + role + '"]');
  roles[role] = { count: found.length, text: found.length ? found[0].textContent : '', shown: found.length > 0 && shown(found[0]),
    holdsFrame: found.length > 0 && found[0].contains(document.getElementById('frame')) };
}
const info = window.studio.info;
const tracks = [...document.querySelectorAll('#tracks .track[data-layer]')].map(track => ({
  layer: track.dataset.layer,
  bars: [...track.querySelectorAll('[data-step]')].map(bar => {
    const step = info.steps[Number(bar.dataset.step)];
    return { step: Number(bar.dataset.step), pointer: step.pointer, track: step.track,
      label: step.label + (step.alongside === undefined ? '' : ' (alongside)'),
      box: box(bar), text: bar.textContent, title: bar.title, elided: bar.scrollWidth > bar.clientWidth,
      ellipsis: getComputedStyle(bar).textOverflow === 'ellipsis' };
  }),
}));
const seconds = [...document.querySelectorAll('[data-role="ruler"] [data-seconds]')].map(
  label => ({ seconds: Number(label.dataset.seconds), box: box(label) }));
return { roles: roles, tracks: tracks, seconds: seconds, ruler: box(document.querySelector('[data-role="ruler"]')),
  controls: { drive: shown(document.getElementById('drive')), keep: shown(document.getElementById('keep')) },
  frame: view.frame, fps: view.timeline.fps };
"""


LAYOUT = """
const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
const shown = e => e !== null && e.getClientRects().length > 0;
const frame = document.getElementById('frame'), guides = document.getElementById('guides');
const named = e => (e.getAttribute('aria-label') || '').trim() !== '' || (e.getAttribute('aria-labelledby') || '') !== ''
  || (e.labels && e.labels.length > 0);
const unnamed = [...document.querySelectorAll('button, input, select, textarea, [role="button"]')]
  .filter(e => shown(e) && !document.getElementById('inspector').contains(e) && !named(e))
  .map(e => e.id || e.outerHTML.slice(0, 60));
const g = window.studio.tracksGeometry;
return {
  window: [window.innerWidth, window.innerHeight],
  stage: box(document.getElementById('stage')), frame: box(frame), natural: [view.timeline.width, view.timeline.height],
  zoom: document.getElementById('zoom').textContent, checker: getComputedStyle(frame).backgroundImage,
  guides: { shown: shown(guides), boxes: [...guides.children].map(box) },
  timeline: box(document.getElementById('timeline')), ruler: box(document.querySelector('[data-role="ruler"]')),
  tracks: box(document.getElementById('tracks')), inspector: box(document.getElementById('inspector')),
  curves: { shown: shown(document.getElementById('curves')), box: box(document.getElementById('curves')),
    chart: box(document.getElementById('chart')), title: document.getElementById('curvetitle').textContent,
    handles: window.studio.handles.length },
  names: [...document.querySelectorAll('#tracks .layer')].map(e => ({ text: e.textContent, title: e.title, box: box(e),
    elided: e.scrollWidth > e.clientWidth })),
  bars: [...document.querySelectorAll('[data-step]')].map(e => ({ step: Number(e.dataset.step), box: box(e),
    shown: e.getBoundingClientRect().right > box(e.parentElement)[0] && e.getBoundingClientRect().left < box(e.parentElement)[2] })),
  seconds: [...document.querySelectorAll('[data-role="ruler"] [data-seconds]')].map(e => Number(e.dataset.seconds)),
  axis: { from: g.from, to: g.to, end: g.end, perSecond: g.perSecond, gutter: g.gutter },
  range: shown(document.querySelector('#ruler .range')) ? box(document.querySelector('#ruler .range')) : null,
  unnamed: unnamed,
  rulerSlider: ['role', 'aria-valuemin', 'aria-valuemax', 'aria-valuenow', 'aria-valuetext'].map(
    a => document.getElementById('ruler').getAttribute(a) || ''),
  scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
};
"""

CONTENT = """
const box = e => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
const lane = document.querySelector('[data-role="waveform"]');
let painted = 0, columns = 0;
if (lane && lane.width > 0) {
  const pixels = lane.getContext('2d').getImageData(0, 0, lane.width, lane.height).data;
  for (let x = 0; x < lane.width; x++) {
    let high = 0;
    for (let y = 0; y < lane.height; y++) if (pixels[(y * lane.width + x) * 4 + 3] > 0) high++;
    painted += high;
    // Silence draws a line a pixel or two high; a sound, a column taller than that.
    if (high > 4 * (window.devicePixelRatio || 1)) columns++;
  }
}
return {
  tracks: [...document.querySelectorAll('#tracks .track[data-layer]')].map(track => ({
    layer: track.dataset.layer, box: box(track),
    thumbs: [...track.querySelectorAll('img.thumb')].map(image => ({ layer: image.dataset.layer, box: box(image),
      natural: [image.naturalWidth, image.naturalHeight], seconds: Number(image.dataset.seconds) })),
    bars: [...track.querySelectorAll('[data-step]')].map(bar => ({ step: Number(bar.dataset.step), text: bar.textContent,
      title: bar.title, box: box(bar) })),
  })),
  waveform: lane ? { box: box(lane), tracks: box(document.getElementById('tracks')), size: [lane.width, lane.height],
    painted: painted, columns: columns } : null,
  // Each sound's lane: where its volume line (orange) is in each column, as a fraction of the
  // lane's height from its top (-1 where the column has none).
  sounds: [...document.querySelectorAll('[data-role="sound"]')].map(sound => {
    const line = [];
    if (sound.width > 0) {
      const pixels = sound.getContext('2d').getImageData(0, 0, sound.width, sound.height).data;
      for (let x = 0; x < sound.width; x++) {
        let found = -1;
        for (let y = 0; y < sound.height && found < 0; y++) {
          const at = (y * sound.width + x) * 4;
          if (pixels[at] > 200 && pixels[at + 1] > 120 && pixels[at + 2] < 130 && pixels[at + 3] > 128) found = y;
        }
        line.push(found < 0 ? -1 : found / sound.height);
      }
    }
    return { label: sound.getAttribute('aria-label'), box: box(sound), line: line };
  }),
};
"""

KEYS = {"space": Keys.SPACE, "left": Keys.ARROW_LEFT, "right": Keys.ARROW_RIGHT, "home": Keys.HOME, "end": Keys.END,
        "tab": Keys.TAB, "enter": Keys.ENTER}

# The red of each pixel of the middle row of the frame on show, at its own size.
FRAME_ROW = """
const image = document.getElementById('frame'), canvas = document.createElement('canvas');
canvas.width = image.naturalWidth;
canvas.height = image.naturalHeight;
const context = canvas.getContext('2d');
context.drawImage(image, 0, 0);
const row = context.getImageData(0, Math.floor(canvas.height / 2), canvas.width, 1).data;
return Array.from({length: canvas.width}, (_, x) => row[4 * x]);
"""

PLAYBACK = """
const loop = view.loop;
return { time: document.querySelector('[data-role="time"]').textContent, frame: view.frame, playing: view.playing,
  rate: view.rate, loop: loop ? [loop.in, loop.out] : null, focused: document.activeElement.id,
  outline: [getComputedStyle(document.activeElement).outlineStyle, parseFloat(getComputedStyle(document.activeElement).outlineWidth)] };
"""


def ruler_x(driver, seconds):
    """The ruler's x for SECONDS, from its left: the tracks' time axis."""
    return driver.execute_script("return window.studio.tracksGeometry.x(%r)" % seconds)


def control(driver, pointer):
    """The inspector's control for POINTER (spaces in it written %20), shown: the folded groups
    of keys are opened and it is scrolled into view."""
    driver.execute_script("document.querySelectorAll('#inspector details').forEach(d => { d.open = true; })")
    found = driver.find_element(By.CSS_SELECTOR, '#inspector [data-pointer="%s"]' % unquote(pointer))
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", found)
    return found


def described(driver, element):
    """What kind of control ELEMENT is: its tag, type and role, the kind of value its row edits, and
    a menu's choices."""
    return driver.execute_script(
        "const e = arguments[0], row = e.closest('[data-kind]');"
        "return {tag: e.tagName.toLowerCase(), type: e.type || '', role: e.getAttribute('role') || '',"
        " kind: row ? row.dataset.kind : '', options: e.tagName === 'SELECT' ? [...e.options].map(o => o.value) : null}",
        element)


def act(driver, action, arguments):
    result = {}
    tracks = driver.find_element(By.ID, "tracks")
    chart = driver.find_element(By.ID, "chart")
    writes = driver.execute_script("return window.studio.writes")
    if action in ("drag-bar", "drag-end"):
        step, seconds = int(arguments[0]), float(arguments[1])
        bar = driver.execute_script("return window.studio.bars[%d]" % step)
        pixels = seconds * driver.execute_script("return window.studio.tracksGeometry.perSecond")
        x = (bar["x0"] + bar["x1"]) / 2 if action == "drag-bar" else bar["x1"] - 2
        drag(driver, tracks, (x, (bar["y0"] + bar["y1"]) / 2), [(m, 0) for m in steps(pixels, 8)])
        written(driver, writes)
    elif action == "hold-bar":
        step, seconds = int(arguments[0]), float(arguments[1])
        bar = driver.execute_script("return window.studio.bars[%d]" % step)
        pixels = seconds * driver.execute_script("return window.studio.tracksGeometry.perSecond")
        chain = ActionChains(driver, duration=40)
        chain.move_to_element_with_offset(
            tracks, *offset(driver, tracks, (bar["x0"] + bar["x1"]) / 2, (bar["y0"] + bar["y1"]) / 2)).click_and_hold()
        for move in steps(pixels, 8):
            chain.move_by_offset(move, 0).pause(0.05)
        chain.perform()
        result["snapline"] = driver.execute_script(
            "const l = document.querySelector('#tracks .snapline'); if (!l || l.getClientRects().length === 0) return null;"
            "const b = l.getBoundingClientRect(), t = document.getElementById('tracks').getBoundingClientRect();"
            "const g = window.studio.tracksGeometry; return [g.seconds(b.left - t.left), 1 / g.perSecond]")
        ActionChains(driver).release().perform()
        written(driver, writes)
    elif action == "save":
        # The frame on show, and drawn, before the picture is taken.
        wait(driver, "document.getElementById('frame').complete && !view.playing", "showed its frame")
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        driver.save_screenshot(arguments[0])
    elif action == "focus":
        driver.execute_script("document.querySelector(arguments[0]).focus()", arguments[0])
    elif action == "drag-handle":
        step, which, dx, dy = int(arguments[0]), int(arguments[1]), float(arguments[2]), float(arguments[3])
        bar = driver.execute_script("return window.studio.bars[%d]" % step)
        ActionChains(driver).move_to_element_with_offset(
            tracks, *offset(driver, tracks, (bar["x0"] + bar["x1"]) / 2, (bar["y0"] + bar["y1"]) / 2)
        ).click().perform()
        wait(driver, "window.studio.handles.length === 2", "showed the curve's handles")
        handle = driver.execute_script("return window.studio.handles[%d]" % which)
        moves = list(zip(steps(dx, 8), steps(dy, 8)))
        drag(driver, chart, (handle["x"], handle["y"]), moves)
        written(driver, writes)
    elif action == "gesture":
        fraction, seconds = float(arguments[0]), float(arguments[1])
        if not driver.execute_script("return window.studio.driving"):
            driver.find_element(By.ID, "drive").click()
        frame = driver.find_element(By.ID, "frame")
        width = driver.execute_script("return arguments[0].clientWidth", frame)
        height = driver.execute_script("return arguments[0].clientHeight", frame)
        count = 12
        drag(driver, frame, (width * 0.1, height / 2), [(m, 0) for m in steps(fraction * width, count)],
             pause=seconds / count)
        wait(driver, "window.studio.released && !window.studio.releasePlaying", "played the release")
        result["released"] = driver.execute_script(
            "const r = window.studio.released; return {track: r.track, finishes: r.finishes, frames: r.frames}")
        # The frame the page shows last, as the server rendered it.
        result["lastFrame"] = driver.execute_async_script(
            "const done = arguments[0];"
            "fetch(document.getElementById('frame').src).then(r => r.arrayBuffer()).then(b => {"
            "  let s = ''; new Uint8Array(b).forEach(c => s += String.fromCharCode(c)); done(btoa(s)); })")
        driver.find_element(By.ID, "keep").click()
        written(driver, writes)
    elif action == "select":
        bar = driver.execute_script("return window.studio.bars[%d]" % int(arguments[0]))
        ActionChains(driver).move_to_element_with_offset(
            tracks, *offset(driver, tracks, (bar["x0"] + bar["x1"]) / 2, (bar["y0"] + bar["y1"]) / 2)
        ).click().perform()
        wait(driver, "window.studio.selected === %d" % int(arguments[0]), "selected the step")
    elif action == "set":
        field, value = control(driver, arguments[0]), " ".join(arguments[1:])
        result["control"] = described(driver, field)
        if field.tag_name == "select":
            Select(field).select_by_value(value)
        else:
            field.send_keys(Keys.CONTROL, "a")
            field.send_keys(value)
            field.send_keys(Keys.TAB)
        written(driver, writes)
    elif action == "click":
        clicked = control(driver, arguments[0])
        result["control"] = described(driver, clicked)
        clicked.click()
        written(driver, writes)
    elif action == "tap":
        tapped = control(driver, arguments[0])
        result["control"] = described(driver, tapped)
        tapped.click()
    elif action == "drag-place":
        handle = driver.find_element(By.CSS_SELECTOR, '.viewer-handles [data-pointer="%s"]' % arguments[0])
        box = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.width, b.height]", handle)
        # CSS pixels per canvas pixel: a picture fitted into its box (object-fit) keeps its aspect.
        result["scale"] = driver.execute_script(
            "const f = document.getElementById('frame'), b = f.getBoundingClientRect(), t = view.timeline;"
            "const k = Math.min(b.width / t.width, b.height / t.height);"
            "return ['contain', 'scale-down'].includes(getComputedStyle(f).objectFit) ? [k, k]"
            " : [b.width / t.width, b.height / t.height]")
        dx, dy = float(arguments[1]), float(arguments[2])
        drag(driver, handle, (box[0] / 2, box[1] / 2), list(zip(steps(dx, 8), steps(dy, 8))))
        written(driver, writes)
    elif action == "layer":
        Select(driver.find_element(By.CSS_SELECTOR, '#inspector [data-pointer="#layer"]')).select_by_visible_text(
            arguments[0])
        wait(driver, "window.studio.layer && window.studio.layer.name === %s" % json.dumps(arguments[0]),
             "showed the layer")
    elif action == "pick":
        picked = control(driver, arguments[0])
        result["control"] = described(driver, picked)
        driver.execute_script(
            "const c = arguments[0]; c.focus(); c.value = arguments[1];"
            "c.dispatchEvent(new Event('input', {bubbles: true})); c.dispatchEvent(new Event('change', {bubbles: true}))",
            picked, arguments[1])
        written(driver, writes)
    elif action in ("undo", "redo"):
        # As a person would, out of any field first: a field takes Ctrl+Z as its own.
        driver.execute_script("if (document.activeElement) document.activeElement.blur()")
        keys = ActionChains(driver).key_down(Keys.CONTROL)
        if action == "redo":
            keys = keys.key_down(Keys.SHIFT)
        keys = keys.send_keys("z")
        if action == "redo":
            keys = keys.key_up(Keys.SHIFT)
        keys.key_up(Keys.CONTROL).perform()
        written(driver, writes)
    elif action == "play":
        driver.find_element(By.ID, "play").click()
        # Timed from the moment playing has begun (the sound under way, when there is one), not
        # from the click: a loaded machine may take a while to fetch the first frames and the sound.
        wait(driver, "view.playing && (!view.timeline.hasSound || !document.getElementById('sound').paused)",
             "began playing", timeout=120)
        time.sleep(float(arguments[0]))
        result["playing"] = driver.execute_script(
            "const s = document.getElementById('sound');"
            "return {paused: s.paused, soundTime: s.currentTime, frameTime: view.frame / view.timeline.fps,"
            " hasSound: view.timeline.hasSound, framesKept: view.framesKept}")
        driver.find_element(By.ID, "play").click()
    elif action == "render":
        driver.execute_script(
            "const said = document.getElementById('rendersaid'); window.renderTexts = [];"
            "new MutationObserver(() => window.renderTexts.push(said.textContent))"
            ".observe(said, {childList: true, characterData: true, subtree: true});")
        driver.find_element(By.ID, "render").click()
        wait(driver, "['finished', 'failed', 'cancelled'].includes(document.getElementById('render').dataset.state)",
             "finished the render", timeout=120)
        result["render"] = driver.execute_script(
            "return {texts: window.renderTexts, said: document.getElementById('rendersaid').textContent,"
            " links: [...document.querySelectorAll('[data-role=\"output\"]')].map(a => ({text: a.textContent,"
            " href: a.href})), state: document.getElementById('render').dataset.state}")
    elif action == "seek-times":
        ruler = driver.find_element(By.CSS_SELECTOR, '[data-role="ruler"]')
        height = driver.execute_script("return arguments[0].getBoundingClientRect().height", ruler)
        # From the press on the ruler (capturing, before the page's own handler) to the load of
        # the viewer's image that follows it.
        driver.execute_script(
            "window.seekTimes = []; window.pressed = null;"
            "document.addEventListener('pointerdown', () => { window.pressed = performance.now(); }, true);"
            "document.getElementById('stage').addEventListener('load', () => {"
            " if (window.pressed !== null) { window.seekTimes.push(performance.now() - window.pressed);"
            " window.pressed = null; } }, true);")
        for index, seconds in enumerate(arguments[0].split(",")):
            ActionChains(driver).move_to_element_with_offset(
                ruler, *offset(driver, ruler, ruler_x(driver, float(seconds)), height / 2)).click().perform()
            wait(driver, "window.seekTimes.length > %d" % index, "showed the frame at " + seconds)
        result["seekTimes"] = driver.execute_script("return window.seekTimes")
    elif action == "paint":
        driver.find_element(By.ID, "play").click()
        # Registered after the click, the reading runs after the page's own tick in each
        # animation frame: it sees what that frame paints.
        driver.execute_script(PAINT)
        time.sleep(float(arguments[0]))
        result["painted"] = driver.execute_script(
            "window.sampling = false; const note = document.getElementById('playnote');"
            "return {frames: window.painted, fps: view.timeline.fps, note: note.hidden ? '' : note.textContent}")
        driver.find_element(By.ID, "play").click()
    elif action == "content":
        # Every thumbnail decoded (or dropped) and the waveform's peaks drawn.
        wait(driver, "[...document.querySelectorAll('img.thumb')].every(i => i.complete && i.naturalWidth > 0)"
             " && document.querySelectorAll('img.thumb').length > 0"
             " && (document.querySelector('[data-role=\"waveform\"]') || {dataset: {}}).dataset.drawn !== undefined"
             " && [...document.querySelectorAll('[data-role=\"sound\"]')].every(l => l.dataset.drawn !== undefined)",
             "drew the thumbnails, the waveform and the sounds' lanes")
        result["content"] = driver.execute_script(CONTENT)
    elif action == "text-range":
        # The boxes asked for at the time on show, for this version, drawn.
        wait(driver, "(() => { const r = window.studio.textRange, w = r.wanted, s = r.shown;"
             " return w && s && s.key === w.key && !r.busy"
             " && document.querySelectorAll('[data-role=\"text-range\"] polygon').length > 0; })()",
             "drew the characters' boxes")
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        result["textRange"] = driver.execute_script(
            "const o = document.querySelector('[data-role=\"text-range\"]');"
            "const f = document.getElementById('frame'), b = f.getBoundingClientRect(), t = view.timeline;"
            "const k = Math.min(b.width / t.width, b.height / t.height);"
            "const fitted = ['contain', 'scale-down'].includes(getComputedStyle(f).objectFit);"
            "const frame = fitted ? [b.left + (b.width - t.width * k) / 2, b.top + (b.height - t.height * k) / 2, k, k]"
            " : [b.left, b.top, b.width / t.width, b.height / t.height];"
            "return {layer: o.dataset.layer, animator: Number(o.dataset.animator), frame: frame,"
            " shown: getComputedStyle(o).display !== 'none',"
            " boxes: [...o.querySelectorAll('polygon')].map(p => ({character: p.dataset.character,"
            "  weight: Number(p.dataset.weight), classes: p.getAttribute('class'),"
            "  opacity: Number(getComputedStyle(p).fillOpacity),"
            "  points: p.getAttribute('points').split(' ').map(xy => xy.split(',').map(Number))}))}")
    elif action == "hooks":
        result["hooks"] = driver.execute_script(HOOKS)
    elif action in ("seek", "scrub"):
        ruler = driver.find_element(By.CSS_SELECTOR, '[data-role="ruler"]')
        height = driver.execute_script("return arguments[0].getBoundingClientRect().height", ruler)
        # Every text the time read-out shows from now on.
        driver.execute_script(
            "const time = document.querySelector('[data-role=\"time\"]'); window.timeTexts = [];"
            "new MutationObserver(() => window.timeTexts.push(time.textContent))"
            ".observe(time, {childList: true, characterData: true, subtree: true});")
        start = ruler_x(driver, float(arguments[0]))
        if action == "seek":
            ActionChains(driver).move_to_element_with_offset(ruler, *offset(driver, ruler, start, height / 2)) \
                .click().perform()
        else:
            drag(driver, ruler, (start, height / 2),
                 [(m, 0) for m in steps(ruler_x(driver, float(arguments[1])) - start, 8)])
        wait(driver, "window.timeTexts.length > 0", "showed a time")
        result["times"] = driver.execute_script("return window.timeTexts")
        result["frame"] = driver.execute_script("return view.frame")
    elif action == "window":
        resize(driver, int(arguments[0]), int(arguments[1]))
        wait(driver, "window.innerWidth === %d && window.innerHeight === %d" % (int(arguments[0]), int(arguments[1])),
             "took the window's size")
        # The page lays itself out again on the resize event; the next frame has it.
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    elif action == "layout":
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
        result["layout"] = driver.execute_script(LAYOUT)
    elif action == "click-id":
        driver.find_element(By.ID, arguments[0]).click()
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    elif action == "wheel":
        driver.execute_script(
            "const e = document.getElementById(arguments[0]), b = e.getBoundingClientRect();"
            "e.dispatchEvent(new WheelEvent('wheel', {deltaY: arguments[1], ctrlKey: true, bubbles: true,"
            " cancelable: true, clientX: b.left + b.width / 2, clientY: b.top + b.height / 2}));",
            arguments[0], float(arguments[1]))
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    elif action == "resize-curves":
        split = driver.find_element(By.ID, "curvesplit")
        box = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.width, b.height]", split)
        height = driver.execute_script("return document.getElementById('curves').getBoundingClientRect().height")
        drag(driver, split, (box[0] / 2, box[1] / 2), [(0, -m) for m in steps(float(arguments[0]) - height, 8)])
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")
    elif action == "press":
        names = arguments[0].lower().split("+")
        key = names[-1]
        key = KEYS.get(key, key)
        chain = ActionChains(driver)
        if "shift" in names:
            chain = chain.key_down(Keys.SHIFT)
        chain = chain.send_keys(key)
        if "shift" in names:
            chain = chain.key_up(Keys.SHIFT)
        chain.perform()
        result["playback"] = driver.execute_script(PLAYBACK)
    elif action == "until-frame-below":
        wait(driver, "view.frame < %d" % int(arguments[0]), "showed a frame below " + arguments[0])
        result["playback"] = driver.execute_script(PLAYBACK)
    elif action == "motion-blur":
        shown = driver.execute_script("return !document.getElementById('blurswitch').hidden")
        result["blur"] = {"shown": shown}
        if shown:
            wait(driver, "document.getElementById('frame').complete", "showed its frame")
            before = driver.execute_script(FRAME_ROW)
            old = driver.execute_script("return document.getElementById('frame').src")
            driver.find_element(By.ID, "blur").click()
            wait(driver, "(f => f.src !== %s && f.complete && f.naturalWidth > 0)(document.getElementById('frame'))"
                 % json.dumps(old), "showed the frame without motion blur")
            result["blur"].update(
                before=before, after=driver.execute_script(FRAME_ROW),
                asked=driver.execute_script(
                    "return performance.getEntriesByType('resource').map(e => e.name)"
                    ".filter(name => name.includes('/frame?')).map(name => name.slice(name.indexOf('/frame?')))"))
    elif action == "watch-loop":
        driver.execute_script(
            "const time = document.querySelector('[data-role=\"time\"]'); window.timeTexts = [time.textContent];"
            "window.wraps = 0; window.lastFrame = view.frame;"
            "new MutationObserver(() => { window.timeTexts.push(time.textContent);"
            " if (view.frame < window.lastFrame) window.wraps++; window.lastFrame = view.frame; })"
            ".observe(time, {childList: true, characterData: true, subtree: true});")
        wait(driver, "window.wraps >= 2", "looped twice", timeout=120)
        ActionChains(driver).send_keys("k").perform()
        result["times"] = driver.execute_script("return window.timeTexts")
        result["playback"] = driver.execute_script(PLAYBACK)
    elif action == "screenshot":
        bar = driver.execute_script("return window.studio.bars[0]")
        ActionChains(driver).move_to_element_with_offset(
            tracks, *offset(driver, tracks, (bar["x0"] + bar["x1"]) / 2, (bar["y0"] + bar["y1"]) / 2)
        ).click().perform()
        wait(driver, "window.studio.handles.length === 2", "showed the curve's handles")
        time.sleep(0.5)
        result["boxes"] = driver.execute_script(
            "const box = id => { const b = document.getElementById(id).getBoundingClientRect();"
            " return [b.left, b.top, b.right, b.bottom]; };"
            "return {window: [window.innerWidth, window.innerHeight], frame: box('frame'), tracks: box('tracks'),"
            " chart: box('chart'), inspector: box('inspector'), controls: box('controls'),"
            " scrollHeight: document.documentElement.scrollHeight, scrollWidth: document.documentElement.scrollWidth}")
        driver.save_screenshot(arguments[0])
    else:
        raise SystemExit("unknown action " + action)
    result["state"] = state(driver)
    result["file"] = driver.execute_script(
        "return fetch('pipeline?token=' + new URLSearchParams(location.search).get('token')).then(r => r.text())")
    return result


def main():
    url, words = sys.argv[1], sys.argv[2:]
    actions, current = [], []
    for word in words + ["then"]:
        if word == "then":
            actions.append(current)
            current = []
        else:
            current.append(word)
    profile = tempfile.mkdtemp(prefix="pipeline-studio-")
    driver = browser(profile)
    results = []
    try:
        driver.get(url)
        # Selenium returns once the page has fired its load event: the frame must be on show by then.
        loaded = driver.execute_script(
            "const f = document.getElementById('frame'); return [f.complete ? 1 : 0, f.naturalWidth, f.naturalHeight]")
        ready(driver)
        for action in actions:
            results.append(act(driver, action[0], action[1:]))
        errors = [e["message"] for e in driver.get_log("browser")
                  if e["level"] == "SEVERE" and "favicon" not in e["message"]]
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
    print(json.dumps({"actions": results, "errors": errors, "loaded": loaded}))


main()
