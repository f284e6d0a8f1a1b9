// The timing chart, and the canvases the page draws on.

// A canvas `height` CSS pixels tall, as wide as the page gives it, cleared and drawn at
// the device's pixel ratio: its context and width.
export function sizeCanvas(canvas, height) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 800;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  canvas.style.height = height + 'px';
  const g = canvas.getContext('2d');
  g.scale(ratio, ratio);
  g.clearRect(0, 0, width, height);
  return { g: g, width: width };
}

// The timing chart on `canvas`: one lane `lane` pixels tall per timeline step, its progress over
// the render's time (0 at the lane's bottom line, 1 at its top line; springs overshoot past them),
// and a cursor at `now`. Returns where it drew: `x(seconds)` and each lane's top and bottom lines,
// for the editor's handles.
export function drawChart(canvas, timeline, now, lane) {
  const label = 16, pad = 8;
  const height = Math.max(1, timeline.steps.length) * lane + 18;
  const { g, width } = sizeCanvas(canvas, height);
  const end = timeline.times[timeline.times.length - 1] || 1;
  const x = seconds => pad + (width - 2 * pad) * seconds / end;
  g.font = '11px system-ui, sans-serif';
  const lanes = [];
  timeline.steps.forEach((step, index) => {
    const top = index * lane + label, bottom = top + lane - label - 6;
    const y = p => bottom - (bottom - top) * p;
    lanes.push({ top: top, bottom: bottom });
    g.fillStyle = '#aaa';
    g.fillText(step.label + ' · ' + step.curve, pad, top - 4);
    g.strokeStyle = '#444';
    g.beginPath(); g.moveTo(pad, y(0)); g.lineTo(width - pad, y(0)); g.moveTo(pad, y(1)); g.lineTo(width - pad, y(1)); g.stroke();
    g.strokeStyle = 'hsl(' + (index * 67 % 360) + ', 70%, 62%)';
    g.lineWidth = 1.5;
    g.beginPath();
    let drawing = false;
    step.progress.forEach((p, i) => {
      if (p === null) { drawing = false; return; }
      if (drawing) g.lineTo(x(timeline.times[i]), y(p)); else g.moveTo(x(timeline.times[i]), y(p));
      drawing = true;
    });
    g.stroke();
    g.lineWidth = 1;
  });
  g.fillStyle = '#888';
  g.fillText('0 s', pad, height - 4);
  g.fillText(end.toFixed(2) + ' s', width - pad - 40, height - 4);
  g.strokeStyle = '#fff';
  g.beginPath(); g.moveTo(x(now), 0); g.lineTo(x(now), height - 14); g.stroke();
  return { x: x, end: end, pad: pad, width: width, lanes: lanes, context: g };
}

// The curve editor on `canvas`: step `index`'s progress alone, over its own span (from `from` to
// `to` seconds), in the canvas's whole height as the page lays it out. Progress 0 and 1 lie a
// quarter of the height in from its bottom and top, so that a spring's overshoot shows. Returns
// `x(seconds)`, its inverse `seconds(x)`, the step's lane (its 0 and 1 lines) and the context,
// for the editor's handles.
export function drawCurve(canvas, timeline, now, index, from, to) {
  const pad = 8, height = Math.max(40, canvas.clientHeight || 100);
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 800;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  const g = canvas.getContext('2d');
  g.scale(ratio, ratio);
  g.clearRect(0, 0, width, height);
  const span = Math.max(1e-3, to - from);
  const x = seconds => pad + (width - 2 * pad) * (seconds - from) / span;
  const seconds = px => from + (px - pad) * span / (width - 2 * pad);
  const top = Math.round(height / 4), bottom = Math.round(height - height / 4);
  const y = p => bottom - (bottom - top) * p;
  const step = timeline.steps[index];
  g.font = '11px system-ui, sans-serif';
  g.strokeStyle = '#444';
  g.beginPath(); g.moveTo(pad, y(0)); g.lineTo(width - pad, y(0)); g.moveTo(pad, y(1)); g.lineTo(width - pad, y(1)); g.stroke();
  g.fillStyle = '#888';
  g.fillText(from.toFixed(2) + ' s', pad, height - 3);
  const last = to.toFixed(2) + ' s';
  g.fillText(last, width - pad - g.measureText(last).width, height - 3);
  if (step) {
    g.strokeStyle = 'hsl(' + (index * 67 % 360) + ', 70%, 62%)';
    g.lineWidth = 1.5;
    g.beginPath();
    let drawing = false;
    step.progress.forEach((p, i) => {
      const t = timeline.times[i];
      if (p === null || t < from - 1e-9 || t > to + 1e-9) { drawing = false; return; }
      if (drawing) g.lineTo(x(t), y(p)); else g.moveTo(x(t), y(p));
      drawing = true;
    });
    g.stroke();
    g.lineWidth = 1;
  }
  if (now >= from && now <= to) {
    g.strokeStyle = '#fff';
    g.beginPath(); g.moveTo(x(now), 0); g.lineTo(x(now), height); g.stroke();
  }
  const lanes = [];
  lanes[index] = { top: top, bottom: bottom };
  return { x: x, seconds: seconds, lanes: lanes, context: g };
}
