// The viewer takes what the column leaves once the controls, timeline and chart have their room;
// the frame in it is fitted to it (scaled up or down, its proportions kept) or shown at a zoom of
// its own (`fitFrame`), over a checkerboard where it is transparent. Two problems can be on show
// over it at once: the last reload's and the shown frame's (a plugin that failed).
import { $, view } from './player.js';

const problems = { version: null, frame: null };

export function showProblem(kind, message) {
  problems[kind] = message || null;
  const text = [problems.version, problems.frame].filter(Boolean).join('\n');
  $('problem').textContent = text;
  $('problem').style.display = text ? 'block' : 'none';
  fitFrame();
}

// The frame's size in the viewer: fitted to it (up or down), or at the zoom asked for, each side
// scaled alike. A frame larger than the viewer scrolls in it.
export function fitFrame() {
  const t = view.timeline, frame = $('frame'), stage = $('stage');
  if (!t) return;
  const fit = Math.max(0.01, Math.min((stage.clientWidth - 8) / t.width, (stage.clientHeight - 8) / t.height));
  const scale = view.zoom === null ? fit : view.zoom;
  frame.style.width = Math.max(1, Math.round(t.width * scale)) + 'px';
  frame.style.height = Math.max(1, Math.round(t.height * scale)) + 'px';
  $('zoom').textContent = Math.round(scale * 100) + ' %';
  $('fit').setAttribute('aria-pressed', String(view.zoom === null));
}

// Zooms the viewer by `factor` from its present scale (fitted or not), keeping the point of the
// frame under `at` (client coordinates; the viewer's centre if none) where it is.
export function zoomBy(factor, at) {
  const t = view.timeline, stage = $('stage'), frame = $('frame');
  if (!t) return;
  const box = frame.getBoundingClientRect(), room = stage.getBoundingClientRect();
  const point = at || { x: room.left + room.width / 2, y: room.top + room.height / 2 };
  const fraction = { x: (point.x - box.left) / box.width, y: (point.y - box.top) / box.height };
  view.zoom = Math.min(16, Math.max(0.05, box.width / t.width * factor));
  fitFrame();
  const after = frame.getBoundingClientRect();
  stage.scrollLeft += after.left + fraction.x * after.width - point.x;
  stage.scrollTop += after.top + fraction.y * after.height - point.y;
}
