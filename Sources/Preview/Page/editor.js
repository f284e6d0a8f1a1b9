// The editor, on when the page's address carries the token `pipeline preview --edit` printed: a
// track of step bars per layer, handles on the chart and an inspector beside them.
//
// Every change is a JSON Patch sent to `PATCH /pipeline` with the file's version (`If-Match`), and
// kept with its inverse (the old values, or `remove` for keys that were not written) for undo and
// redo. While a bar or a handle is dragged, the frame and the chart show the change as a draft
// (`draft=` on `/frame` and `/timeline.json`), and it is sent once, on release. Numbers are written
// to the millisecond (three decimals).
//
// `window.studio` holds the editor's state (bars, handles, history): the browser tests read it.
import { drawChart, sizeCanvas } from './chart.js';
import { driveByHand } from './gesture.js';
import { makeInspector } from './inspector.js';
import { clamp, escape, patchText, round } from './patch.js';
import { $, lastFrame, loadTimeline, setPlaying, show, view } from './player.js';

export function makeEditor(token) {
  const ed = {
    doc: null, etag: null, info: null, selected: null, layer: null, history: [], future: [],
    drag: null, draft: null, draftShown: null, draftBusy: false, bars: [], handles: [], busy: 0,
    driving: false, gesture: null, released: null, releasePlaying: false, writes: 0,
    // Writes run one after another, each from the file as the one before left it.
    queue: Promise.resolve(),
    // Grows with each settled write: a draft answer from before it is not shown as current.
    generation: 0,
  };
  window.studio = ed;
  document.body.classList.add('editing');
  const tracks = $('tracks'), chart = $('chart'), stage = $('stage');

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
          view.chart = drawChart(chart, timeline, seconds, 60);
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
    const response = await fetch(address('frame', { t: seconds, draft: patch }));
    if (!response.ok) throw new Error((await response.json()).error.message);
    const blob = await response.blob();
    if (wanted && !wanted()) return;
    const url = URL.createObjectURL(blob);
    const old = $('frame').dataset.draft;
    $('frame').src = url;
    $('frame').dataset.draft = url;
    if (old) URL.revokeObjectURL(old);
  }

  // The tracks: one per layer a step acts on, in the order the steps first name them. A track's
  // bars sit in lanes: each bar, in the steps' order, in the first lane where it meets no bar
  // (a step that would overlap another goes to a lane below). A label that does not fit its bar
  // is elided; the bar's title carries its full text. Above them, the ruler: seconds and the
  // render's frames on the bars' time axis; clicking or dragging on it moves the playhead.
  const laneHeight = 22, pad = 8;
  const drawn = { tracks: null, ruler: null };

  function node(tag, className, style) {
    const made = document.createElement(tag);
    made.className = className;
    Object.assign(made.style, style || {});
    return made;
  }

  // Each bar's lane in its track, and each track's number of lanes.
  function laneOut(bars, names) {
    const lanes = new Map(names.map(name => [name, []]));
    for (const bar of bars) {
      const taken = lanes.get(bar.track);
      let index = taken.findIndex(others => others.every(o => o.x1 <= bar.x0 || bar.x1 <= o.x0));
      if (index < 0) { index = taken.length; taken.push([]); }
      taken[index].push(bar);
      bar.lane = index;
    }
    return names.map(name => Math.max(1, lanes.get(name).length));
  }

  function drawTracks(now) {
    const info = ed.info, t = view.draftTimeline || view.timeline;
    if (!info || !t) return;
    const names = [];
    for (const step of info.steps) if (!names.includes(step.track)) names.push(step.track);
    const width = tracks.clientWidth || 800;
    // While a bar is dragged the scale stays as it was when the drag began, so the bar
    // stays under the pointer even when the change makes the render longer.
    // Bars are in timeline seconds: on the chart's axis when the render follows the
    // timeline, else (a gesture, a dismissal) on the timeline's own, from 0 to its end.
    const axis = info.followsTimeline ? t.times[t.times.length - 1] || 1 : info.timelineEnd || 1;
    const end = ed.drag && ed.drag.kind === 'bar' ? ed.drag.end : axis;
    const x = seconds => pad + (width - 2 * pad) * seconds / end;
    const bars = info.steps.map((step, index) => {
      const span = ed.drag && ed.drag.kind === 'bar' && ed.drag.step === index ? ed.drag.span : step;
      const x0 = x(span.start);
      return {
        step: index, track: step.track, x0: x0, x1: Math.max(x(span.end), x0 + 4), own: step.alongside === undefined,
        label: step.label + (step.alongside === undefined ? '' : ' (alongside)'),
      };
    });
    const counts = laneOut(bars, names), tops = [];
    let height = 0;
    counts.forEach(count => { tops.push(height); height += count * laneHeight + 4; });
    for (const bar of bars) {
      bar.y0 = tops[names.indexOf(bar.track)] + 2 + bar.lane * laneHeight + 2;
      bar.y1 = bar.y0 + laneHeight - 4;
    }
    ed.bars = bars.map(b => ({ step: b.step, x0: b.x0, x1: b.x1, y0: b.y0, y1: b.y1, own: b.own, lane: b.lane }));
    ed.tracksGeometry = { x: x, end: end, pad: pad, width: width };

    // The elements are built again only when what they show changed; the playheads move.
    const key = JSON.stringify([width, names, counts, bars, ed.selected]);
    if (drawn.tracks !== key) {
      drawn.tracks = key;
      tracks.style.height = Math.max(1, height) + 'px';
      const children = names.map((name, index) => {
        const track = node('div', 'track', {
          left: pad + 'px', width: (width - 2 * pad) + 'px', top: tops[index] + 'px',
          height: (counts[index] * laneHeight) + 'px',
        });
        track.dataset.layer = name;
        for (const bar of bars.filter(b => b.track === name)) {
          // A pixel narrower than its span: bars end to end in a lane keep a gap between them.
          const made = node('div', 'bar' + (ed.selected === bar.step ? ' selected' : ''), {
            left: (bar.x0 - pad) + 'px', top: (bar.y0 - tops[index]) + 'px',
            width: Math.max(1, bar.x1 - bar.x0 - 1) + 'px', height: (bar.y1 - bar.y0) + 'px',
            lineHeight: (bar.y1 - bar.y0) + 'px',
            background: 'hsla(' + (bar.step * 67 % 360) + ', 60%, 50%, ' + (bar.own ? 0.85 : 0.4) + ')',
          });
          made.dataset.step = bar.step;
          made.textContent = bar.label;
          made.title = bar.label;
          track.appendChild(made);
        }
        const layer = node('span', 'layer', { top: '3px', lineHeight: (laneHeight - 6) + 'px' });
        layer.textContent = name;
        track.appendChild(layer);
        return track;
      });
      children.push(node('div', 'playhead'));
      tracks.replaceChildren(...children);
    }
    const playhead = tracks.querySelector('.playhead');
    playhead.style.display = info.followsTimeline ? 'block' : 'none';
    playhead.style.left = x(now) + 'px';
    drawRuler(x, end, t.fps, width, now);
  }

  // The ruler: a label every second px the default zoom of a few seconds' render (every tenth,
  // fifth, ... of a second, or every 2, 5, ... seconds, whichever keeps the labels apart), a tick
  // per frame (or per 2, 5, 10, ... frames when frames are too close for one each).
  function drawRuler(x, end, fps, width, now) {
    const ruler = $('ruler'), perSecond = (width - 2 * pad) / end;
    const key = JSON.stringify([width, end, fps]);
    if (drawn.ruler !== key) {
      drawn.ruler = key;
      const canvas = ruler.querySelector('canvas');
      const { g } = sizeCanvas(canvas, 20);
      const every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find(k => k * perSecond / fps >= 3) || 1000;
      g.strokeStyle = '#777';
      g.beginPath();
      for (let n = 0; n / fps <= end + 1e-9; n += every) {
        const px = Math.round(x(n / fps)) + 0.5;
        g.moveTo(px, 20); g.lineTo(px, 16);
      }
      g.stroke();
      const labels = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600].find(k => k * perSecond >= 40) || 600;
      const children = [canvas];
      g.strokeStyle = '#bbb';
      g.font = '10px system-ui, sans-serif';
      g.beginPath();
      for (let i = 0; i * labels <= end + 1e-9; i++) {
        const seconds = Math.round(i * labels * 10) / 10, px = Math.round(x(seconds)) + 0.5;
        g.moveTo(px, 20); g.lineTo(px, 11);
        // A label that would run past the ruler's end ends at its tick instead.
        const text = seconds + ' s', wide = g.measureText(text).width;
        const label = node('span', 'second', { left: (px + 2 + wide <= width ? px + 2 : px - 2 - wide) + 'px' });
        label.dataset.seconds = seconds;
        label.textContent = text;
        children.push(label);
      }
      g.stroke();
      children.push(node('div', 'playhead'));
      ruler.replaceChildren(...children);
    }
    ruler.querySelector('.playhead').style.left = x(now) + 'px';
  }

  function seek(event) {
    const geometry = ed.tracksGeometry, t = view.timeline;
    if (!geometry || !t) return;
    const seconds = (local(event, $('ruler')).x - geometry.pad) * geometry.end / (geometry.width - 2 * geometry.pad);
    setPlaying(false);
    show(clamp(Math.floor(seconds * t.fps + 1e-9), 0, lastFrame()));
  }
  $('ruler').addEventListener('pointerdown', event => {
    if (event.button !== 0 || ed.drag || ed.gesture) return;
    $('ruler').setPointerCapture(event.pointerId);
    seek(event);
  });
  $('ruler').addEventListener('pointermove', event => {
    if ($('ruler').hasPointerCapture(event.pointerId)) seek(event);
  });

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

  function shown(now) {
    drawTracks(now);
    drawHandles();
  }

  function local(event, element) {
    const box = element.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function secondsPer(pixels) {
    const geometry = ed.tracksGeometry;
    return pixels * geometry.end / (geometry.width - 2 * geometry.pad);
  }

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
      values.start = round(Math.max(0, step.start + by));
      drag.span = { start: values.start, end: values.start + length };
    } else {
      const start = drag.edge === 'start' ? round(clamp(step.start + by, 0, step.end - 0.01)) : step.start;
      const end = drag.edge === 'end' ? Math.max(step.start + 0.01, step.end + by) : step.end;
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
    const seconds = (point.x - geometry.pad) * geometry.end / (geometry.width - 2 * geometry.pad);
    drag.points[2 * drag.which] = round(clamp((seconds - step.start) / span, 0, 1));
    drag.points[2 * drag.which + 1] = round(clamp((lane.bottom - point.y) / (lane.bottom - lane.top), -5, 6));
    drag.moved = true;
    preview(setting(step.pointer, { timing: { 'cubic-bezier': drag.points.slice() } }).ops);
    view.chart = drawChart(chart, view.draftTimeline || view.timeline, view.frame / view.timeline.fps, 60);
    shown(view.frame / view.timeline.fps);
  });

  function select(index) {
    // A field being typed in is committed before the inspector shows another step.
    if ($('inspector').contains(document.activeElement)) document.activeElement.blur();
    ed.selected = index;
    const step = ed.info.steps[index];
    ed.layer = ed.info.layers.find(layer => layer.name === step.track) || null;
    inspect();
    show(view.frame);
  }

  const { inspect } = makeInspector(ed, { at: at, setting: setting, write: write, status: status, bezierOf: bezierOf });
  const { offer } = driveByHand(ed, { stage: stage, chart: chart, status: status, preview: preview, address: address,
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