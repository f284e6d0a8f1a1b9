// The editor, on when the page's address carries the token `pipeline preview --edit` printed: a
// track of step bars per layer under a ruler (zoomed with Ctrl/⌘ + wheel, fitted with a button),
// the selected step's curve with its handles in a panel that can be resized or closed, and an
// inspector beside them. A dragged bar's ends snap to other steps' ends, the playhead and whole
// seconds.
//
// Every change is a JSON Patch sent to `PATCH /pipeline` with the file's version (`If-Match`), and
// kept with its inverse (the old values, or `remove` for keys that were not written) for undo and
// redo. While a bar or a handle is dragged, the frame and the chart show the change as a draft
// (`draft=` on `/frame` and `/timeline.json`), and it is sent once, on release. Numbers are written
// to the millisecond (three decimals).
//
// `window.studio` holds the editor's state (bars, handles, history): the browser tests read it.
import { drawCurve, sizeCanvas } from './chart.js';
import { driveByHand } from './gesture.js';
import { makeInspector } from './inspector.js';
import { clamp, escape, patchText, round } from './patch.js';
import { $, lastFrame, loadTimeline, pausedBlur, setPlaying, show, view } from './player.js';
import { makeTextRange } from './textrange.js';
import { local, makeTracks } from './tracks.js';
import { fitFrame } from './viewer.js';

export function makeEditor(token) {
  const ed = {
    doc: null, etag: null, info: null, selected: null, layer: null, history: [], future: [],
    drag: null, draft: null, draftShown: null, draftBusy: false, bars: [], handles: [], busy: 0,
    driving: false, gesture: null, released: null, releasePlaying: false, writes: 0,
    // Writes run one after another, each from the file as the one before left it.
    queue: Promise.resolve(),
    // Grows with each settled write: a draft answer from before it is not shown as current.
    generation: 0,
    // The timeline's zoom (1 fits the whole axis in the tracks' width) and the time at its left.
    timeZoom: 1, timeStart: 0,
  };
  window.studio = ed;
  document.body.classList.add('editing');
  const tracks = $('tracks'), chart = $('chart'), stage = $('stage');
  // The characters a text animator selects, drawn over the frame at the playhead.
  const textRange = makeTextRange(ed, { at: at, address: address });
  // The tracks of the steps' bars, under their ruler.
  const { drawTracks } = makeTracks(ed);

  function address(path, query) {
    const parameters = new URLSearchParams(Object.assign({ token: token }, query || {}));
    return path + '?' + parameters.toString();
  }

  function at(pointer) {
    let value = ed.doc;
    for (const part of pointer.split('/').slice(1)) {
      if (value === null || typeof value !== 'object') return undefined;
      value = value[part.split('~1').join('/').split('~0').join('~')];
    }
    return value;
  }

  // The operations that set `values` (key → value) in the object at `base`, and their
  // inverse: each key's old value, or its removal when the file did not write it.
  function setting(base, values) {
    const ops = [], inverse = [];
    for (const [key, value] of Object.entries(values)) {
      const path = base + '/' + escape(key), old = at(path);
      if (JSON.stringify(old) === JSON.stringify(value)) continue;
      ops.push({ op: 'add', path: path, value: value });
      inverse.unshift(old === undefined ? { op: 'remove', path: path } : { op: 'add', path: path, value: old });
    }
    return { ops: ops, inverse: inverse };
  }

  function status(text, failed) {
    $('editstatus').textContent = text;
    $('editstatus').className = 'edit' + (failed ? ' failed' : '');
  }

  async function refresh() {
    const response = await fetch(address('pipeline'));
    if (!response.ok) throw new Error('cannot read the pipeline: ' + response.status);
    const etag = response.headers.get('ETag'), doc = JSON.parse(await response.text());
    const info = await (await fetch(address('editor.json'))).json();
    [ed.etag, ed.doc, ed.info] = [etag, doc, info];
    if (ed.selected !== null && ed.selected >= ed.info.steps.length) ed.selected = null;
    if (ed.layer) ed.layer = ed.info.layers.find(layer => layer.pointer === ed.layer.pointer) || null;
    offer(ed.info.interactive === true);
    // What is being typed in the inspector outlives its rebuilding.
    const focused = document.activeElement;
    const typing = focused && $('inspector').contains(focused) && focused.dataset.pointer
      ? { pointer: focused.dataset.pointer, value: focused.value } : null;
    inspect();
    if (typing) {
      const again = $('inspector').querySelector('[data-pointer="' + typing.pointer + '"]');
      if (again) { if (again.value !== undefined && again.type !== 'checkbox') again.value = typing.value; again.focus(); }
    }
    $('undo').disabled = ed.history.length === 0;
    $('redo').disabled = ed.future.length === 0;
  }

  async function send(ops) {
    const response = await fetch(address('pipeline'), {
      method: 'PATCH', body: patchText(ops),
      headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': ed.etag || '' },
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) return null;
    const message = (answer.error && answer.error.message) || answer.error || ('status ' + response.status);
    const places = ((answer.error && answer.error.problems) || []).map(p => (p.line ? p.line + ':' + p.column + ': ' : '') + p.message);
    return [message].concat(places).join('\n') + (response.status === 409 ? '\nthe page has reloaded the file' : '');
  }

  // Queues a write: `make()` builds the change ({ops, inverse, label}) from the file as the
  // writes before it left it; it joins the history once written.
  function write(make) {
    ed.busy++;
    ed.queue = ed.queue.then(async () => {
      try {
        const entry = make();
        if (entry && entry.ops.length) await perform(entry, entry.ops, 'wrote ', () => {
          ed.history.push(entry);
          ed.future = [];
        });
      } catch (error) {
        // Reported, and the queue goes on: a failed write never blocks the next.
        status('not written: ' + error.message, true);
      } finally {
        ed.busy--;
      }
    });
    return ed.queue;
  }

  // Undo and redo take their entry when their turn comes, and put it back if it is refused.
  function undoOrRedo(from, to, field, verb) {
    ed.busy++;
    ed.queue = ed.queue.then(async () => {
      try {
        const entry = from.pop();
        if (!entry) return;
        const done = await perform(entry, entry[field], verb, () => to.push(entry));
        if (!done) from.push(entry);
      } catch (error) {
        status(error.message, true);
      } finally {
        ed.busy--;
      }
    });
    return ed.queue;
  }
  const undo = () => undoOrRedo(ed.history, ed.future, 'inverse', 'undid ');
  const redo = () => undoOrRedo(ed.future, ed.history, 'ops', 'redid ');

  // Sends `ops`, shows the result, and settles on the file as it now is. True when written.
  async function perform(entry, ops, verb, onWritten) {
    let done = false;
    try {
      const failure = await send(ops);
      if (failure) {
        status('not written: ' + failure, true);
      } else {
        done = true;
        ed.writes++;
        onWritten();
        status(verb + entry.label);
      }
    } catch (error) {
      status('not written: ' + error.message, true);
    }
    try {
      await settle();
    } catch (error) {
      status(error.message, true);
    }
    return done;
  }

  // After a write (or a refused one): the file, the timeline and the frame as they are now.
  async function settle() {
    ed.generation++;
    ed.draft = null;
    ed.draftShown = null;
    view.draftTimeline = null;
    await refresh();
    await loadTimeline();
    show(Math.min(view.frame, lastFrame()));
  }

  // Drafts: the frame and chart of a change not sent yet; one request at a time, the
  // latest wins.
  function preview(ops, seconds) {
    ed.draft = ops ? { patch: JSON.stringify(ops), seconds: seconds } : null;
    pump();
  }

  async function pump() {
    if (ed.draftBusy) return;
    const draft = ed.draft, key = draft && draft.patch + '@' + draft.seconds, generation = ed.generation;
    if (key === ed.draftShown) return;
    ed.draftBusy = true;
    try {
      if (draft) {
        const response = await fetch(address('timeline.json', { draft: draft.patch }));
        if (!response.ok) throw new Error((await response.json()).error.message);
        const timeline = await response.json();
        const seconds = draft.seconds === undefined
          ? Math.min(view.frame, timeline.frameCount - 1) / timeline.fps : draft.seconds;
        await showDraftFrame(draft.patch, seconds, () => ed.draft === draft);
        if (ed.draft === draft) {
          view.draftTimeline = timeline;
          shown(seconds);
        }
      }
      if (generation === ed.generation) ed.draftShown = key;
    } catch (error) {
      status('draft: ' + error.message, true);
      if (generation === ed.generation) ed.draftShown = key;
    } finally {
      ed.draftBusy = false;
    }
    if (ed.draft && ed.draft.patch + '@' + ed.draft.seconds !== ed.draftShown) pump();
  }

  // Shows the draft's frame unless `wanted()` says it is no longer asked for.
  async function showDraftFrame(patch, seconds, wanted) {
    const blur = pausedBlur();
    const response = await fetch(address('frame', Object.assign({ t: seconds, draft: patch }, blur ? { blur } : {})));
    if (!response.ok) throw new Error((await response.json()).error.message);
    const blob = await response.blob();
    if (wanted && !wanted()) return;
    const url = URL.createObjectURL(blob);
    const old = $('frame').dataset.draft;
    $('frame').src = url;
    $('frame').dataset.draft = url;
    if (old) URL.revokeObjectURL(old);
  }

  // The selected step's curve as [x1, y1, x2, y2], when it is a Bézier (a named one, or
  // linear, counts): the chart then shows its two handles.
  function bezierOf(timing) {
    if (timing === undefined || timing === 'linear') return [0, 0, 1, 1];
    if (typeof timing === 'string') return ed.info.beziers[timing] ? ed.info.beziers[timing].slice() : null;
    if (timing && Array.isArray(timing['cubic-bezier'])) return timing['cubic-bezier'].slice();
    return null;
  }

  function drawHandles() {
    ed.handles = [];
    const index = ed.selected, geometry = view.chart;
    if (index === null || !geometry || !ed.info) return;
    const step = ed.info.steps[index], lane = geometry.lanes[index];
    // The chart's axis is the render's time: a curve's handles sit on it only when that
    // is the timeline's.
    if (step.alongside !== undefined || !lane || !ed.info.followsTimeline) return;
    const points = ed.drag && ed.drag.kind === 'handle' ? ed.drag.points : bezierOf(at(step.pointer + '/timing'));
    if (!points) return;
    const span = step.duration / step.speed, g = geometry.context;
    const x = p => geometry.x(step.start + p * span), y = p => lane.bottom - (lane.bottom - lane.top) * p;
    const ends = [[x(0), y(0)], [x(1), y(1)]];
    g.strokeStyle = '#fff';
    [[points[0], points[1]], [points[2], points[3]]].forEach((point, which) => {
      const handle = { which: which, x: x(point[0]), y: y(point[1]) };
      g.beginPath(); g.moveTo(ends[which][0], ends[which][1]); g.lineTo(handle.x, handle.y); g.stroke();
      g.fillStyle = '#fff';
      g.beginPath(); g.arc(handle.x, handle.y, 5, 0, 2 * Math.PI); g.fill();
      ed.handles.push(handle);
    });
  }

  // The curve editor: the selected step's progress over its span (a little either side), or, when
  // the render does not follow the timeline, over the whole render.
  function drawCurvePanel(now) {
    const t = view.draftTimeline || view.timeline, index = ed.selected;
    view.chart = null;
    if ($('curves').hidden || !t) return;
    if (index === null || !ed.info || !ed.info.steps[index]) {
      $('curvetitle').textContent = 'select a step to edit its curve';
      sizeCanvas(chart, Math.max(1, chart.clientHeight));
      chart.style.height = '';
      return;
    }
    const step = ed.info.steps[index];
    const span = ed.drag && ed.drag.kind === 'bar' && ed.drag.step === index ? ed.drag.span : step;
    let from = 0, to = t.duration || t.frameCount / t.fps;
    if (ed.info.followsTimeline) {
      const length = Math.max(span.end - span.start, 0.5), margin = Math.max(0.05, length * 0.05);
      from = Math.max(0, span.start - margin);
      to = span.start + length + margin;
    }
    const curve = t.steps[index] ? t.steps[index].curve : '';
    $('curvetitle').textContent = step.label + (curve ? ' · ' + curve : '');
    $('curvetitle').title = $('curvetitle').textContent;
    view.chart = drawCurve(chart, t, now, index, from, to);
  }

  function shown(now) {
    drawTracks(now);
    drawCurvePanel(now);
    drawHandles();
    textRange.update(now);
  }

  // The curve editor closes to give the viewer its room, and opens again; its height follows
  // the panel's resizing.
  function showCurves(open) {
    $('curves').hidden = !open;
    $('curveopen').hidden = open;
    fitFrame();
    if (view.timeline) shown(view.frame / view.timeline.fps);
  }
  $('curveclose').onclick = () => showCurves(false);
  // The bar on the panel's top edge sets its height: dragged, or ↑ and ↓ when focused.
  function curvesHeight(height) {
    const most = Math.max(70, window.innerHeight * 0.6);
    $('curves').style.height = Math.round(clamp(height, 70, most)) + 'px';
    fitFrame();
  }
  const split = $('curvesplit');
  split.addEventListener('pointerdown', event => {
    if (event.button !== 0) return;
    split.setPointerCapture(event.pointerId);
    ed.splitting = { from: event.clientY, height: $('curves').offsetHeight };
  });
  split.addEventListener('pointermove', event => {
    if (ed.splitting && split.hasPointerCapture(event.pointerId)) {
      curvesHeight(ed.splitting.height - (event.clientY - ed.splitting.from));
    }
  });
  for (const type of ['pointerup', 'pointercancel']) split.addEventListener(type, () => { ed.splitting = null; });
  split.addEventListener('keydown', event => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    curvesHeight($('curves').offsetHeight + (event.key === 'ArrowUp' ? 10 : -10));
    event.preventDefault();
    event.stopPropagation();
  });
  $('curveopen').onclick = () => showCurves(true);
  new ResizeObserver(() => { if (view.timeline && ed.info) shown(view.frame / view.timeline.fps); }).observe(chart);

  function secondsPer(pixels) {
    return pixels / ed.tracksGeometry.perSecond;
  }

  // Where a dragged edge at `seconds` lands: on the nearest of the other steps' ends, the
  // playhead and whole seconds within 6 pixels, else where it is. Its distance from there too.
  function snap(seconds, step, perPixel) {
    const near = 6 * perPixel, candidates = [Math.round(seconds), view.frame / view.timeline.fps];
    ed.info.steps.forEach((other, index) => { if (index !== step) candidates.push(other.start, other.end); });
    let best = { seconds: seconds, by: Infinity };
    for (const candidate of candidates) {
      const by = Math.abs(candidate - seconds);
      if (by <= near && by < best.by) best = { seconds: candidate, by: by };
    }
    return best;
  }

  // Enter on the bar the keyboard is on selects its step.
  tracks.addEventListener('keydown', event => {
    if (event.key !== 'Enter' || event.target.dataset.step === undefined) return;
    select(Number(event.target.dataset.step));
    event.preventDefault();
  });

  // Dragging a bar moves its start; dragging one of its ends changes its duration.
  tracks.addEventListener('pointerdown', event => {
    if (event.button !== 0) return;
    const point = local(event, tracks);
    const bar = ed.bars.find(b => point.x >= b.x0 - 3 && point.x <= b.x1 + 3 && point.y >= b.y0 && point.y <= b.y1);
    if (!bar) return;
    select(bar.step);
    if (!bar.own || ed.busy) return;
    const step = ed.info.steps[bar.step];
    const edge = bar.x1 - bar.x0 > 16 && point.x - bar.x0 < 6 ? 'start' : bar.x1 - point.x < 6 ? 'end' : 'move';
    ed.drag = {
      kind: 'bar', step: bar.step, edge: edge, from: point.x, span: { start: step.start, end: step.end },
      values: null, end: ed.tracksGeometry.end, perPixel: secondsPer(1),
    };
    tracks.setPointerCapture(event.pointerId);
    setPlaying(false);
  });

  tracks.addEventListener('pointermove', event => {
    const drag = ed.drag;
    if (!drag || drag.kind !== 'bar') {
      const point = local(event, tracks);
      const bar = ed.bars.find(b => point.x >= b.x0 - 3 && point.x <= b.x1 + 3 && point.y >= b.y0 && point.y <= b.y1);
      tracks.style.cursor = !bar || !bar.own ? 'default' : (point.x - bar.x0 < 6 || bar.x1 - point.x < 6) ? 'ew-resize' : 'grab';
      return;
    }
    const step = ed.info.steps[drag.step], by = (local(event, tracks).x - drag.from) * drag.perPixel;
    const length = step.end - step.start, values = {};
    if (drag.edge === 'move') {
      // Whichever end is nearer something to snap to snaps.
      const raw = Math.max(0, step.start + by);
      const head = snap(raw, drag.step, drag.perPixel), tail = snap(raw + length, drag.step, drag.perPixel);
      const snapped = head.by <= tail.by ? head.seconds : tail.by < Infinity ? tail.seconds - length : raw;
      drag.snapAt = head.by <= tail.by ? (head.by < Infinity ? head.seconds : null) : tail.seconds;
      values.start = round(Math.max(0, snapped));
      drag.span = { start: values.start, end: values.start + length };
    } else {
      const edge = snap((drag.edge === 'start' ? step.start : step.end) + by, drag.step, drag.perPixel);
      drag.snapAt = edge.by < Infinity ? edge.seconds : null;
      const start = drag.edge === 'start' ? round(clamp(edge.seconds, 0, step.end - 0.01)) : step.start;
      const end = drag.edge === 'end' ? Math.max(step.start + 0.01, edge.seconds) : step.end;
      // A step of no length takes the span's length, through its speed and repetitions.
      const cycles = step.repeat * (step.autoreverse ? 2 : 1) / step.speed;
      values.duration = round(Math.max(0.001, length > 0 ? step.duration * (end - start) / length : (end - start) / cycles));
      if (drag.edge === 'start') values.start = start;
      drag.span = { start: start, end: end };
    }
    if (!Object.values(values).every(Number.isFinite)) return;
    drag.values = values;
    drawTracks(view.frame / view.timeline.fps);
    preview(setting(step.pointer, values).ops);
  });

  // The change a drag made, built when its write's turn comes.
  function dragChange(drag) {
    const step = ed.info.steps[drag.step];
    if (drag.kind === 'bar') {
      const change = setting(step.pointer, drag.values);
      change.label = step.label + ': ' + Object.entries(drag.values).map(([k, v]) => k + ' ' + v).join(', ');
      return change;
    }
    const change = setting(step.pointer, { timing: { 'cubic-bezier': drag.points.slice() } });
    change.label = step.label + ': cubic-bezier(' + drag.points.join(', ') + ')';
    return change;
  }

  function endDrag() {
    const drag = ed.drag;
    if (!drag) return;
    ed.drag = null;
    if (drag.values || drag.moved) write(() => dragChange(drag));
    else { preview(null); show(view.frame); }
  }
  for (const canvas of [tracks, chart]) {
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) canvas.addEventListener(type, endDrag);
  }

  // The chart: a Bézier's handles, for the selected step.
  chart.addEventListener('pointerdown', event => {
    if (event.button !== 0) return;
    const point = local(event, chart);
    const handle = ed.handles.find(h => Math.hypot(h.x - point.x, h.y - point.y) <= 9);
    if (!handle || ed.busy) return;
    const step = ed.info.steps[ed.selected];
    ed.drag = { kind: 'handle', step: ed.selected, which: handle.which, points: bezierOf(at(step.pointer + '/timing')), moved: false };
    chart.setPointerCapture(event.pointerId);
    setPlaying(false);
  });

  chart.addEventListener('pointermove', event => {
    const drag = ed.drag, point = local(event, chart);
    if (!drag || drag.kind !== 'handle') {
      chart.style.cursor = ed.handles.some(h => Math.hypot(h.x - point.x, h.y - point.y) <= 9) ? 'move' : 'default';
      return;
    }
    const step = ed.info.steps[drag.step], lane = view.chart.lanes[drag.step];
    const span = step.duration / step.speed, geometry = view.chart;
    const seconds = geometry.seconds(point.x);
    drag.points[2 * drag.which] = round(clamp((seconds - step.start) / span, 0, 1));
    drag.points[2 * drag.which + 1] = round(clamp((lane.bottom - point.y) / (lane.bottom - lane.top), -5, 6));
    drag.moved = true;
    preview(setting(step.pointer, { timing: { 'cubic-bezier': drag.points.slice() } }).ops);
    shown(view.frame / view.timeline.fps);
  });

  function select(index) {
    // A field being typed in is committed before the inspector shows another step.
    if ($('inspector').contains(document.activeElement)) document.activeElement.blur();
    ed.selected = index;
    const step = ed.info.steps[index];
    ed.layer = ed.info.layers.find(layer => layer.name === step.track) || null;
    // A step on a text animator's value shows that animator's range.
    const animated = /^textAnimators\.([0-9]+)\./.exec(String((at(step.pointer) || {}).animate));
    if (animated) ed.textAnimator = Number(animated[1]);
    inspect();
    show(view.frame);
  }

  // The inspector's pick of the text animator whose range the frame shows.
  function pickAnimator(index) {
    ed.textAnimator = index;
    inspect();
    if (view.timeline) textRange.update(view.frame / view.timeline.fps);
  }

  const { inspect } = makeInspector(ed, {
    at: at, setting: setting, write: write, status: status, bezierOf: bezierOf, pickAnimator: pickAnimator,
  });
  const { offer } = driveByHand(ed, { stage: stage, status: status, preview: preview, address: address,
    showDraftFrame: showDraftFrame, shown: shown, write: write });

  $('undo').onclick = undo;
  $('redo').onclick = redo;

  refresh().then(() => { if (view.timeline) show(view.frame); }, error => status(error.message, true));

  return {
    shown: shown,
    refresh: () => refresh().catch(error => status(error.message, true)),
    showsDraft: () => ed.draft !== null || ed.releasePlaying || ed.gesture !== null,
    key: event => {
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' && event.key.toLowerCase() !== 'y') return false;
      if (['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName)) return false;
      event.preventDefault();
      if (event.key.toLowerCase() === 'y' || event.shiftKey) redo(); else undo();
      return true;
    },
  };
}