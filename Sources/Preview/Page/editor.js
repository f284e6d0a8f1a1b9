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
import { $, fitFrame, lastFrame, loadTimeline, pausedBlur, playRange, setPlaying, show, view } from './player.js';
import { makeTextRange } from './textrange.js';

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

  // The tracks: one per layer a step acts on, in the order the steps first name them, then one per
  // other layer that shows footage, each with its name in a gutter on its left. A track's bars sit in lanes: each bar, in the steps' order, in the first
  // lane where it meets no bar (a step that would overlap another goes to a lane below). A label
  // that does not fit its bar or the gutter is elided; its title carries its full text. Above
  // them, the ruler: seconds and the render's frames on the bars' time axis, which runs to the
  // render's end; clicking or dragging on it moves the playhead.
  //
  // A track of a layer that shows footage carries thumbnails of its frames, one at each tile's
  // left edge, fitted to the track's height (`/thumbnail`, fetched once per version, time and
  // height). Under the tracks, when the pipeline plays sound, a lane draws its waveform: the
  // loudest level of each pixel column's span of the mix (`/waveform.json`, once per version);
  // under it, one lane per sound draws that sound's volume over its own waveform.
  const laneHeight = 22, pad = 8, gutter = 96, waveHeight = 36, soundHeight = 28, waveBuckets = 4000;
  const drawn = { tracks: null, ruler: null };
  const thumbs = { version: null, made: new Map() }, wave = { version: null, peaks: null };

  // The object URL of a thumbnail (null when the layer shows no frame then), fetched once.
  function thumbnail(layer, seconds, height) {
    if (thumbs.version !== view.version) {
      for (const url of thumbs.made.values()) url.then(made => made && URL.revokeObjectURL(made), () => {});
      thumbs.made.clear();
      thumbs.version = view.version;
    }
    const key = JSON.stringify([layer, seconds, height]);
    if (!thumbs.made.has(key)) {
      const query = new URLSearchParams({ layer: layer, t: String(seconds), height: String(height) });
      thumbs.made.set(key, fetch('thumbnail?' + query.toString())
        .then(response => response.status === 200 ? response.blob().then(blob => URL.createObjectURL(blob)) : null));
    }
    return thumbs.made.get(key);
  }

  // The tiles of a footage track: each one's left edge in the track and the frame time it shows.
  function thumbTiles(footage, axis, height, fps) {
    const wide = Math.max(8, Math.round(height * footage.width / Math.max(1, footage.height)));
    const last = lastFrame() / fps, tiles = [];
    for (let px = axis.gutter; px < axis.width - axis.pad; px += wide) {
      const seconds = Math.round(axis.seconds(px) * fps) / fps;
      if (seconds > last + 1e-9) break;
      tiles.push({ left: px - axis.gutter, width: wide, seconds: Math.max(0, seconds) });
    }
    return tiles;
  }

  // A lane's canvas sized to its pixels and cleared, to draw this version at this zoom; null when
  // it shows them already.
  function freshLane(canvas, axis) {
    const key = JSON.stringify([axis.from, axis.perSecond, canvas.clientWidth, wave.version]);
    if (canvas.dataset.drawn === key) return null;
    canvas.dataset.drawn = key;
    const ratio = window.devicePixelRatio || 1, wide = canvas.clientWidth, high = canvas.clientHeight;
    canvas.width = Math.max(1, Math.round(wide * ratio));
    canvas.height = Math.max(1, Math.round(high * ratio));
    const context = canvas.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, wide, high);
    return { context: context, wide: wide, high: high };
  }

  // The waveform's columns in `canvas`: each the loudest bucket its span of seconds takes.
  function drawWave(canvas, axis) {
    if (!canvas || !wave.peaks || wave.version !== view.version) return;
    const lane = freshLane(canvas, axis);
    if (!lane) return;
    const { context, wide, high } = lane, { duration, peaks } = wave.peaks;
    context.fillStyle = '#6fc3a0';
    const perBucket = duration / peaks.length, middle = high / 2;
    let columns = 0;
    for (let column = 0; column < wide; column++) {
      const from = axis.seconds(axis.gutter + column), to = axis.seconds(axis.gutter + column + 1);
      const first = Math.floor(from / perBucket), end = Math.max(first + 1, Math.ceil(to / perBucket));
      let peak = 0;
      for (let i = Math.max(0, first); i < Math.min(peaks.length, end); i++) peak = Math.max(peak, peaks[i]);
      const half = peak * (middle - 1);
      if (half > 0) columns++;
      context.fillRect(column, middle - half, 1, Math.max(1, 2 * half));
    }
    canvas.dataset.columns = columns;
  }

  // A sound's lane: the loudest level of its own sound in each pixel column, and over it its gain
  // as a line, the lane's height standing for the larger of 1 and its highest gain.
  function drawSound(canvas, axis) {
    const sound = wave.peaks && wave.version === view.version && Array.isArray(wave.peaks.sounds)
      ? wave.peaks.sounds[Number(canvas.dataset.index)] : null;
    const lane = sound ? freshLane(canvas, axis) : null;
    if (!lane) return;
    const { context, wide, high } = lane, { peaks, gains } = sound, duration = wave.peaks.duration;
    const perBucket = duration / peaks.length, middle = high / 2, top = Math.max(1, ...gains);
    const bucketAt = column => Math.floor(axis.seconds(axis.gutter + column + 0.5) / perBucket);
    context.fillStyle = '#4f7f6c';
    for (let column = 0; column < wide; column++) {
      const first = Math.floor(axis.seconds(axis.gutter + column) / perBucket);
      const end = Math.max(first + 1, Math.ceil(axis.seconds(axis.gutter + column + 1) / perBucket));
      let peak = 0;
      for (let i = Math.max(0, first); i < Math.min(peaks.length, end); i++) peak = Math.max(peak, peaks[i]);
      if (peak > 0) context.fillRect(column, middle - peak * (middle - 1), 1, Math.max(1, 2 * peak * (middle - 1)));
    }
    context.strokeStyle = '#ffb347';
    context.lineWidth = 1.5;
    context.beginPath();
    let points = 0;
    for (let column = 0; column < wide; column++) {
      const bucket = bucketAt(column);
      if (bucket < 0 || bucket >= gains.length) continue;
      const y = high - 1 - gains[bucket] / top * (high - 2);
      if (points++ === 0) context.moveTo(column, y); else context.lineTo(column, y);
    }
    context.stroke();
    canvas.dataset.points = points;
  }

  // The waveform of this version, fetched once; the lane is drawn when it comes.
  function loadWave() {
    if (wave.version === view.version) return;
    wave.version = view.version;
    wave.peaks = null;
    const version = view.version;
    fetch('waveform.json?buckets=' + waveBuckets).then(response => response.ok ? response.json() : null).then(peaks => {
      if (version !== view.version || !peaks) return;
      wave.peaks = peaks;
      if (ed.tracksGeometry) {
        drawWave(tracks.querySelector('[data-role="waveform"]'), ed.tracksGeometry);
        for (const lane of tracks.querySelectorAll('[data-role="sound"]')) drawSound(lane, ed.tracksGeometry);
      }
    }, () => {});
  }

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

  // The time axis's end: the render's when it follows the timeline, else (a gesture, a
  // dismissal) the timeline's own.
  function axisEnd(t) {
    const info = ed.info;
    if (!info.followsTimeline) return info.timelineEnd || 1;
    return t.duration || t.frameCount / t.fps || 1;
  }

  // The time axis at the timeline's zoom: `x(seconds)` in the tracks' and the ruler's pixels, its
  // inverse, and how many pixels a second takes. `end` is the axis's end at zoom 1.
  function timeAxis(width, end) {
    const span = Math.max(1, width - gutter - pad);
    const perSecond = span / end * ed.timeZoom;
    const visible = span / perSecond;
    ed.timeStart = clamp(ed.timeStart, 0, Math.max(0, end - visible));
    const from = ed.timeStart;
    return {
      x: seconds => gutter + (seconds - from) * perSecond,
      seconds: px => from + (px - gutter) / perSecond,
      perSecond: perSecond, from: from, to: from + visible, end: end, gutter: gutter, pad: pad, width: width,
    };
  }

  function drawTracks(now) {
    const info = ed.info, t = view.draftTimeline || view.timeline;
    if (!info || !t) return;
    const names = [];
    for (const step of info.steps) if (!names.includes(step.track)) names.push(step.track);
    // A layer that shows footage has a track for its thumbnails, steps or not.
    for (const entry of info.footage || []) if (!names.includes(entry.track)) names.push(entry.track);
    const width = tracks.clientWidth || 800;
    // While a bar is dragged the scale stays as it was when the drag began, so the bar
    // stays under the pointer even when the change makes the render longer.
    const end = ed.drag && ed.drag.kind === 'bar' ? ed.drag.end : axisEnd(t);
    let axis = timeAxis(width, end);
    // Playing keeps the playhead in sight.
    if (view.playing && (now < axis.from || now > axis.to)) {
      ed.timeStart = now;
      axis = timeAxis(width, end);
    }
    const x = axis.x;
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
    ed.tracksGeometry = axis;

    const footage = new Map((info.footage || []).map(entry => [entry.track, entry]));
    const tiles = names.map((name, index) => footage.has(name)
      ? thumbTiles(footage.get(name), axis, clamp(counts[index] * laneHeight, 8, 360), t.fps) : []);
    const sounding = t.hasSound === true;
    if (sounding) loadWave();
    const waveTop = height;
    if (sounding) height += waveHeight + 4;
    // One lane per sound the mix plays, its volume curve over its own waveform.
    const soundLabels = sounding && Array.isArray(t.sounds) ? t.sounds : [];
    const soundTop = height;
    height += soundLabels.length * (soundHeight + 4);

    // The elements are built again only when what they show changed; the playheads move.
    const key = JSON.stringify([width, names, counts, bars, ed.selected, tiles, sounding, soundLabels, view.version]);
    if (drawn.tracks !== key) {
      drawn.tracks = key;
      tracks.style.height = Math.max(1, height) + 'px';
      const children = [];
      names.forEach((name, index) => {
        const track = node('div', 'track', {
          left: gutter + 'px', width: (width - gutter - pad) + 'px', top: tops[index] + 'px',
          height: (counts[index] * laneHeight) + 'px',
        });
        track.dataset.layer = name;
        const tall = clamp(counts[index] * laneHeight, 8, 360);
        for (const tile of tiles[index]) {
          const image = node('img', 'thumb', { left: tile.left + 'px', width: tile.width + 'px', height: tall + 'px' });
          image.alt = '';
          image.dataset.layer = name;
          image.dataset.seconds = tile.seconds;
          thumbnail(name, tile.seconds, tall).then(url => { if (url) image.src = url; else image.remove(); }, () => {});
          track.appendChild(image);
        }
        for (const bar of bars.filter(b => b.track === name)) {
          // A pixel narrower than its span: bars end to end in a lane keep a gap between them.
          const made = node('div', 'bar' + (ed.selected === bar.step ? ' selected' : ''), {
            left: (bar.x0 - gutter) + 'px', top: (bar.y0 - tops[index]) + 'px',
            width: Math.max(1, bar.x1 - bar.x0 - 1) + 'px', height: (bar.y1 - bar.y0) + 'px',
            lineHeight: (bar.y1 - bar.y0) + 'px',
            background: 'hsla(' + (bar.step * 67 % 360) + ', 60%, 50%, ' + (bar.own ? 0.85 : 0.4) + ')',
          });
          made.dataset.step = bar.step;
          made.textContent = bar.label;
          made.title = bar.label;
          made.setAttribute('aria-label', 'step ' + bar.step + ': ' + bar.label);
          made.setAttribute('role', 'button');
          made.tabIndex = 0;
          track.appendChild(made);
        }
        const layer = node('span', 'layer', {
          top: tops[index] + 'px', width: (gutter - 4) + 'px', height: (counts[index] * laneHeight) + 'px',
          lineHeight: laneHeight + 'px',
        });
        layer.textContent = name;
        layer.title = name;
        children.push(track, layer);
      });
      if (sounding) {
        const lane = node('canvas', 'waveform', {
          left: gutter + 'px', width: (width - gutter - pad) + 'px', top: (waveTop + 2) + 'px', height: waveHeight + 'px',
        });
        lane.dataset.role = 'waveform';
        lane.setAttribute('role', 'img');
        lane.setAttribute('aria-label', 'waveform of the pipeline\'s sound');
        const label = node('span', 'layer', {
          top: (waveTop + 2) + 'px', width: (gutter - 4) + 'px', height: waveHeight + 'px', lineHeight: waveHeight + 'px',
        });
        label.textContent = 'sound';
        label.title = 'the pipeline\'s sound, as mixed for playing';
        children.push(lane, label);
      }
      soundLabels.forEach((name, index) => {
        const top = soundTop + index * (soundHeight + 4) + 2;
        const lane = node('canvas', 'waveform', {
          left: gutter + 'px', width: (width - gutter - pad) + 'px', top: top + 'px', height: soundHeight + 'px',
        });
        lane.dataset.role = 'sound';
        lane.dataset.index = index;
        lane.setAttribute('role', 'img');
        lane.setAttribute('aria-label', 'volume of ' + name + ' over its waveform');
        const label = node('span', 'layer', {
          top: top + 'px', width: (gutter - 4) + 'px', height: soundHeight + 'px', lineHeight: soundHeight + 'px',
        });
        label.textContent = '♪ ' + name;
        label.title = name + ': its volume (the line: animated, fades, crossfades, ducking) over its own sound';
        children.push(lane, label);
      });
      children.push(node('div', 'playhead'), node('div', 'snapline'));
      // The bar the keyboard was on keeps the focus when the bars are made again.
      const focused = tracks.contains(document.activeElement) ? document.activeElement.dataset.step : undefined;
      tracks.replaceChildren(...children);
      if (focused !== undefined) {
        const again = tracks.querySelector('[data-step="' + focused + '"]');
        if (again) again.focus();
      }
    }
    if (sounding) drawWave(tracks.querySelector('[data-role="waveform"]'), axis);
    for (const lane of tracks.querySelectorAll('[data-role="sound"]')) drawSound(lane, axis);
    // Where a dragged end snaps, a line across the tracks.
    const snapline = tracks.querySelector('.snapline'), snapAt = ed.drag && ed.drag.kind === 'bar' ? ed.drag.snapAt : null;
    snapline.hidden = snapAt === null || snapAt === undefined;
    if (!snapline.hidden) snapline.style.left = x(snapAt) + 'px';
    const playhead = tracks.querySelector('.playhead');
    playhead.style.display = info.followsTimeline && now >= axis.from && now <= axis.to ? 'block' : 'none';
    playhead.style.left = x(now) + 'px';
    drawRuler(axis, t.fps, now);
  }

  // The ruler: a label every second at the default zoom of a render of a few seconds (every
  // tenth, fifth, ... of a second zoomed in, or every 2, 5, ... seconds zoomed out: whichever
  // keeps the labels apart), a tick per frame (or per 2, 5, 10, ... frames when frames are too
  // close for one each), and the in/out range playing loops over.
  function drawRuler(axis, fps, now) {
    const ruler = $('ruler'), { x, perSecond, width } = axis;
    const key = JSON.stringify([width, axis.end, axis.from, perSecond, fps]);
    if (drawn.ruler !== key) {
      drawn.ruler = key;
      const canvas = ruler.querySelector('canvas');
      const { g } = sizeCanvas(canvas, 20);
      const every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find(k => k * perSecond / fps >= 3) || 1000;
      const visible = seconds => seconds >= axis.from - 1e-9 && seconds <= Math.min(axis.to, axis.end) + 1e-9;
      g.strokeStyle = '#777';
      g.beginPath();
      for (let n = Math.ceil(axis.from * fps / every) * every; n / fps <= axis.to + 1e-9; n += every) {
        if (!visible(n / fps)) continue;
        const px = Math.round(x(n / fps)) + 0.5;
        g.moveTo(px, 20); g.lineTo(px, 16);
      }
      g.stroke();
      const labels = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600].find(k => k * perSecond >= 40) || 600;
      const children = [canvas];
      g.strokeStyle = '#bbb';
      g.font = '10px system-ui, sans-serif';
      g.beginPath();
      for (let i = Math.ceil(axis.from / labels - 1e-9); i * labels <= axis.to + 1e-9; i++) {
        const seconds = Math.round(i * labels * 10) / 10, px = Math.round(x(seconds)) + 0.5;
        if (!visible(seconds)) continue;
        g.moveTo(px, 20); g.lineTo(px, 11);
        // A label that would run past the ruler's end ends at its tick instead.
        const text = seconds + ' s', wide = g.measureText(text).width;
        const label = node('span', 'second', { left: (px + 2 + wide <= width ? px + 2 : px - 2 - wide) + 'px' });
        label.dataset.seconds = seconds;
        label.textContent = text;
        children.push(label);
      }
      g.stroke();
      children.push(node('div', 'range'), node('div', 'playhead'));
      ruler.replaceChildren(...children);
    }
    const range = ruler.querySelector('.range');
    range.hidden = !view.loop;
    if (view.loop) {
      const { first, last } = playRange(), left = Math.max(gutter, x(first / fps));
      range.style.left = left + 'px';
      range.style.width = Math.max(2, Math.min(width, x((last + 1) / fps)) - left) + 'px';
    }
    // For screen readers, the ruler is a slider over the render's time.
    ruler.setAttribute('aria-valuemax', String(Math.round(axis.end * 1000) / 1000));
    ruler.setAttribute('aria-valuenow', String(Math.round(now * 1000) / 1000));
    ruler.setAttribute('aria-valuetext', $('clock').textContent);
    const playhead = ruler.querySelector('.playhead');
    playhead.style.display = now >= axis.from && now <= axis.to ? 'block' : 'none';
    playhead.style.left = x(now) + 'px';
  }

  function seek(event) {
    const geometry = ed.tracksGeometry, t = view.timeline;
    if (!geometry || !t) return;
    const seconds = geometry.seconds(local(event, $('ruler')).x);
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

  // Ctrl/⌘ + wheel on the ruler or the tracks zooms the time axis about the pointer; Shift +
  // wheel (or a sideways wheel) scrolls it; the fit button shows all of it again.
  function zoomTime(factor, px) {
    const geometry = ed.tracksGeometry;
    if (!geometry) return;
    const pointed = geometry.seconds(px);
    // From the whole axis in the tracks' width to 200 pixels a frame at most.
    const most = Math.max(1, 200 * view.timeline.fps * geometry.end / Math.max(1, geometry.width - gutter - pad));
    ed.timeZoom = clamp(ed.timeZoom * factor, 1, most);
    const perSecond = (geometry.width - gutter - pad) / geometry.end * ed.timeZoom;
    ed.timeStart = pointed - (px - gutter) / perSecond;
    show(view.frame);
  }
  $('timeline').addEventListener('wheel', event => {
    if (!ed.tracksGeometry) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      zoomTime(Math.exp(-event.deltaY / 300), local(event, $('ruler')).x);
    } else if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
      event.preventDefault();
      ed.timeStart += (event.deltaX || event.deltaY) / ed.tracksGeometry.perSecond;
      show(view.frame);
    }
  }, { passive: false });
  $('timefit').onclick = () => { ed.timeZoom = 1; ed.timeStart = 0; show(view.frame); };

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

  // A pointer's place in `element`, its scrolled content included.
  function local(event, element) {
    const box = element.getBoundingClientRect();
    return { x: event.clientX - box.left + element.scrollLeft, y: event.clientY - box.top + element.scrollTop };
  }

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