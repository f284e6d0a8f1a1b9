// The editor's media lanes: a footage track carries thumbnails of its frames, one at each tile's
// left edge, fitted to the track's height (`/thumbnail`, fetched once per version, time and
// height). Under the tracks, when the pipeline plays sound, a lane draws its waveform: the
// loudest level of each pixel column's span of the mix (`/waveform.json`, once per version);
// under it, one lane per sound draws that sound's volume over its own waveform.
import { lastFrame, view } from './player.js';

export function makeLanes(ed, tracks) {
  const waveBuckets = 4000;
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

  // The loudest of `peaks` (buckets of `perBucket` seconds each) over the span of seconds that
  // pixel column `column` of a lane takes.
  function columnPeak(peaks, perBucket, axis, column) {
    const first = Math.floor(axis.seconds(axis.gutter + column) / perBucket);
    const end = Math.max(first + 1, Math.ceil(axis.seconds(axis.gutter + column + 1) / perBucket));
    let peak = 0;
    for (let i = Math.max(0, first); i < Math.min(peaks.length, end); i++) peak = Math.max(peak, peaks[i]);
    return peak;
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
      const half = columnPeak(peaks, perBucket, axis, column) * (middle - 1);
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
      const peak = columnPeak(peaks, perBucket, axis, column);
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

  return { thumbnail: thumbnail, thumbTiles: thumbTiles, loadWave: loadWave, drawWave: drawWave, drawSound: drawSound };
}
