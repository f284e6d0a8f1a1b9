// The editor's timeline: one track per layer a step acts on, in the order the steps first name
// them, then one per other layer that shows footage, each with its name in a gutter on its left.
// A track's bars sit in lanes: each bar, in the steps' order, in the first lane where it meets no
// bar (a step that would overlap another goes to a lane below). A label that does not fit its bar
// or the gutter is elided; its title carries its full text. Above them, the ruler: seconds and the
// render's frames on the bars' time axis, which runs to the render's end; clicking or dragging on
// it moves the playhead. The footage's thumbnails and the sound's lanes are lanes.js's.
import { sizeCanvas } from './chart.js';
import { makeLanes } from './lanes.js';
import { clamp } from './patch.js';
import { $, lastFrame, playRange, setPlaying, show, view } from './player.js';

// A pointer's place in `element`, its scrolled content included.
export function local(event, element) {
  const box = element.getBoundingClientRect();
  return { x: event.clientX - box.left + element.scrollLeft, y: event.clientY - box.top + element.scrollTop };
}

export function makeTracks(ed) {
  const tracks = $('tracks');
  const laneHeight = 22, pad = 8, gutter = 96, waveHeight = 36, soundHeight = 28;
  const drawn = { tracks: null, ruler: null };
  const { thumbnail, thumbTiles, loadWave, drawWave, drawSound } = makeLanes(ed, tracks);

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


  return { drawTracks: drawTracks };
}
