// Playback: frames are fetched as PNG blobs by frame number and kept for the current version, so
// playing, stepping and scrubbing back show them at once; playing fetches a second ahead. A new
// version (polled from /version) drops them and refetches. Two problems can be on show at once: the
// last reload's and the shown frame's (a plugin that failed). The frame shows at its natural size,
// or scaled down (never up) so that all of it, the controls and the chart fit in the window
// without scrolling (`fitFrame`).
import { drawChart } from './chart.js';

export const $ = id => document.getElementById(id);
// The editor, when the page's address carries the token of pipeline preview --edit (`attachEditor`).
let editor = null;
// draftTimeline: the chart of a change being dragged, before it is sent (the editor's).
export const view = { timeline: null, draftTimeline: null, version: 0, frame: 0, playing: false, playStart: 0, playFrom: 0 };
const frames = new Map();  // frame number → Promise of an object URL
const problems = { version: null, frame: null };
const maxInFlight = 4;
// Below this, a short window scrolls rather than shrink the frame to nothing.
const minimumFrameHeight = 120;
let inFlight = 0;

export function lastFrame() { return view.timeline.frameCount - 1; }
function frameAt(seconds) {
  return Math.min(lastFrame(), Math.max(0, Math.floor(seconds * view.timeline.fps + 1e-9)));
}

function fetchFrame(n) {
  if (!frames.has(n)) {
    inFlight++;
    const url = fetch('frame?t=' + (n / view.timeline.fps))
      .then(async response => {
        if (!response.ok) throw new Error('frame ' + n + ': ' + messageOf(await response.text()));
        return URL.createObjectURL(await response.blob());
      })
      .finally(() => { inFlight--; });
    frames.set(n, url);
  }
  return frames.get(n);
}

// An error's message from the answer's text: {"error": {"message": …}}, or the text itself.
function messageOf(text) {
  try {
    return JSON.parse(text).error.message || text;
  } catch (notJSON) {
    return text;
  }
}

function prefetch(from) {
  const ahead = Math.ceil(view.timeline.fps);
  // A frame that fails is reported when it is shown; its failure is kept with it, as the
  // same frame fails the same way until the version changes.
  for (let i = 0; i <= ahead && inFlight < maxInFlight; i++) fetchFrame((from + i) % (lastFrame() + 1)).catch(() => {});
}

export function show(n) {
  view.frame = n;
  const t = view.timeline;
  $('scrubber').value = n / t.fps;
  $('clock').textContent = (n / t.fps).toFixed(3) + ' s · frame ' + n + ' of 0–' + lastFrame() + ' · ' + t.fps + ' fps';
  // A draft's chart stays only while the draft is on show.
  if (editor && !editor.showsDraft()) view.draftTimeline = null;
  view.chart = drawChart($('chart'), view.draftTimeline || t, n / t.fps, editor ? 60 : 44);
  if (editor) editor.shown(n / t.fps);
  fitFrame();
  if (editor && editor.showsDraft()) return;
  const pending = fetchFrame(n);
  pending.then(url => {
    // A reload since the request revoked its URL: the new version's frame is on its way.
    if (view.frame !== n || frames.get(n) !== pending) return;
    $('frame').src = url;
    showProblem('frame', null);
  }, problem => { if (view.frame === n) showProblem('frame', problem.message); });
}

// While the sound plays, the picture follows the sound's clock: a frame that comes late is
// skipped, not waited for, so the picture never falls behind what is heard. Otherwise (no sound,
// or not yet started) it follows the wall clock, and looping to the first frame starts the sound
// again from there.
function tick(now) {
  if (!view.playing) return;
  const sound = $('sound');
  const heard = view.timeline.hasSound && soundVersion === view.timeline.version && !sound.paused
    && !sound.seeking && sound.readyState >= 2;
  let n;
  if (heard) {
    n = Math.min(lastFrame(), Math.floor(sound.currentTime * view.timeline.fps + 1e-6));
    view.playStart = now;
    view.playFrom = n;
  } else {
    n = (view.playFrom + Math.floor((now - view.playStart) / 1000 * view.timeline.fps)) % (lastFrame() + 1);
    if (n < view.frame) syncSound(n);
  }
  if (n !== view.frame) show(n);
  prefetch(n);
  requestAnimationFrame(tick);
}

export function setPlaying(playing) {
  view.playing = playing;
  $('play').textContent = playing ? '❚❚' : '▶︎';
  if (playing) { view.playStart = performance.now(); view.playFrom = view.frame; requestAnimationFrame(tick); }
  syncSound();
}

function step(by) {
  setPlaying(false);
  show(Math.min(lastFrame(), Math.max(0, view.frame + by)));
}

function showProblem(kind, message) {
  problems[kind] = message || null;
  const text = [problems.version, problems.frame].filter(Boolean).join('\n');
  $('problem').textContent = text;
  $('problem').style.display = text ? 'block' : 'none';
  fitFrame();
}

// The pipeline's sound (GET /sound.wav, mixed as pipeline run mixes it) plays in step
// with the frames: it starts where playing starts, and again from there when playing
// loops back to the first frame. It is fetched when playing first needs it (once per
// version), whole, so that the page can start it anywhere.
let soundVersion = null;
async function syncSound(from) {
  const sound = $('sound');
  if (!view.timeline || !view.timeline.hasSound) return;
  if (!view.playing) { sound.pause(); return; }
  if (soundVersion !== view.timeline.version) {
    soundVersion = view.timeline.version;
    try {
      const response = await fetch('sound.wav?version=' + soundVersion);
      if (!response.ok) throw new Error('the sound: ' + (await response.text()));
      const old = sound.src;
      sound.src = URL.createObjectURL(await response.blob());
      if (old.startsWith('blob:')) URL.revokeObjectURL(old);
    } catch (error) {
      showProblem('frame', error.message);
      return;
    }
    // The frames went on while it came.
    if (!view.playing) return;
    from = undefined;
  }
  sound.currentTime = (from === undefined ? view.frame : from) / view.timeline.fps;
  sound.play().catch(() => {});
}

export async function loadTimeline() {
  const t = await (await fetch('timeline.json')).json();
  for (const url of frames.values()) url.then(URL.revokeObjectURL, () => {});
  frames.clear();
  view.timeline = t;
  view.version = t.version;
  $('warnings').replaceChildren(...t.warnings.map(text => {
    const item = document.createElement('li');
    item.textContent = 'warning: ' + text;
    return item;
  }));
  $('scrubber').max = lastFrame() / t.fps;
  $('scrubber').step = 1 / t.fps;
}

// The frame's size on the page: its own, or less so that the page fits the window, each
// side scaled alike. What is not the frame (padding, controls, chart, problems) keeps its size.
function fitFrame() {
  const t = view.timeline, frame = $('frame');
  if (!t) return;
  // The inspector beside the frame's column does not count: it scrolls on its own.
  const around = document.body.offsetHeight - $('main').offsetHeight + $('left').offsetHeight - frame.offsetHeight;
  const room = { width: $('left').clientWidth - 2, height: window.innerHeight - around };
  const scale = Math.min(1, room.width / t.width, Math.max(room.height, minimumFrameHeight) / t.height);
  frame.style.width = Math.max(1, Math.floor(t.width * scale)) + 'px';
  frame.style.height = Math.max(1, Math.floor(t.height * scale)) + 'px';
}

async function watchVersion() {
  try {
    const status = await (await fetch('version')).json();
    showProblem('version', status.error);
    if (status.version !== view.version) {
      // The editor's copy of the file too: the next change applies to the file as it is.
      if (editor) await editor.refresh();
      await loadTimeline();
      show(Math.min(view.frame, lastFrame()));
    }
  } catch (error) {
    showProblem('version', 'the preview server stopped: ' + error.message);
  }
  setTimeout(watchVersion, 500);
}

export function attachEditor(made) {
  editor = made;
}

// Starts the page: its first frame (at `?t=SECONDS` in the page's address, else 0) is asked for by
// the frame's own image, so that it is on show by the time the page reports itself loaded (an
// image on its way holds the load event back); then the timeline, the controls, and the watch for
// new versions.
export function start() {
  const asked = parseFloat(new URLSearchParams(location.search).get('t'));
  const seconds = Number.isFinite(asked) ? asked : 0;
  const frame = $('frame');
  // Its address once shown, or null (past the render's end there is none: the last frame shows).
  const firstFrame = new Promise(resolve => {
    frame.addEventListener('load', () => resolve(frame.src), { once: true });
    frame.addEventListener('error', () => resolve(null), { once: true });
  });
  frame.src = 'frame?t=' + seconds;

  window.addEventListener('resize', fitFrame);
  $('play').onclick = () => setPlaying(!view.playing);
  $('back').onclick = () => step(-1);
  $('forward').onclick = () => step(1);
  $('scrubber').oninput = event => { setPlaying(false); show(frameAt(parseFloat(event.target.value))); };
  document.addEventListener('keydown', event => {
    if (editor && editor.key(event)) return;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName)) {
      if (event.target.id !== 'scrubber' || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    }
    if (event.key === 'ArrowLeft') { step(-1); event.preventDefault(); }
    if (event.key === 'ArrowRight') { step(1); event.preventDefault(); }
    if (event.key === ' ') { setPlaying(!view.playing); event.preventDefault(); }
  });

  Promise.all([loadTimeline(), firstFrame]).then(([, shown]) => {
    const first = frameAt(seconds);
    // The frame the image showed stays, not fetched again.
    if (shown) frames.set(first, Promise.resolve(shown));
    show(first);
    watchVersion();
  }, error => showProblem('version', 'cannot read the timeline: ' + error.message));
}
