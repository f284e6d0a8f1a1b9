// Playback: frames are fetched as blobs by frame number and kept for the current version, so
// playing, stepping and scrubbing back show them at once. Playing renders ahead: it fetches a
// second of frames ahead as JPEGs (for an opaque frame: a few times fewer bytes than its PNG, and
// quicker to make) and decodes each before its time comes, so that a frame is put on show in the
// very animation frame its time is reached, never later; a paused frame is the PNG, the render's
// exact pixels. When frames at full scale keep coming too late, playing goes on with fewer motion
// blur samples (`blur`), then at a draft scale, and says so (`playScale`). A new version (polled
// from /version) drops them and refetches. Playing loops over the in/out range when one is set (I
// and O), else over the whole render; J, K and L play backwards, pause and play (again: faster).
// The frame is shown in the viewer (viewer.js), and the sound plays along with it (sound.js).
import { drawChart } from './chart.js';
import { soundHeard, syncSound } from './sound.js';
import { fitFrame, showProblem, zoomBy } from './viewer.js';

export const $ = id => document.getElementById(id);
// The editor, when the page's address carries the token of pipeline preview --edit (`attachEditor`).
let editor = null;
// draftTimeline: the chart of a change being dragged, before it is sent (the editor's).
// zoom: the frame's scale in the viewer, or null to fit it; loop: the in/out range's first and last
// frames, or null; rate: the playing speed, negative backwards; framesKept: how many fetched frames
// are kept (at most `maxKept`).
export const view = {
  timeline: null, draftTimeline: null, version: 0, frame: 0, playing: false, playStart: 0, playFrom: 0,
  zoom: null, loop: null, rate: 1, framesKept: 0,
};
const frames = new Map();  // frame number (or playing key) → Promise of an object URL
// At most this many frames are kept (about 12 MB of 720p JPEGs); past it, those farthest from the
// playhead are let go, never those within two seconds of it.
const maxKept = 240;
const maxInFlight = 4;
let inFlight = 0;

export function lastFrame() { return view.timeline.frameCount - 1; }
function frameAt(seconds) {
  return Math.min(lastFrame(), Math.max(0, Math.floor(seconds * view.timeline.fps + 1e-9)));
}

// The JPEG quality frames are played at.
const playingQuality = 85;
// The scale frames are played at: 1, or a draft scale once full-scale frames came too late.
const playback = { scale: 1, draftScales: [0.5, 0.25] };

// Motion blur, for a pipeline whose canvas has it (the timeline's `motionBlurSamples`): `on` is
// the switch beside the controls (off, frames are asked for with blur=off); `samples` the most
// samples frames are asked for with while playing or scrubbing, null for the file's own, lowered
// (`steps`) before the scale when frames come too late; `while` what lowered it. A paused frame
// is always drawn with the file's own.
const blur = { on: true, samples: null, steps: [4, 2], while: 'playing' };

// What a frame's address adds for the motion blur: nothing for the file's own.
function blurQuery(moving) {
  if (!view.timeline || !view.timeline.motionBlurSamples) return '';
  if (!blur.on) return '&blur=off';
  return moving && blur.samples ? '&blur=' + blur.samples : '';
}

// `/frame`'s blur for a frame drawn while paused (the editor's drafts too): 'off' when the switch
// is off, else null (the file's own).
export function pausedBlur() { return blurQuery(false) ? 'off' : null; }

// Fewer motion blur samples for frames that come too late, the next of `steps` below those asked
// for now; false when there is no blur to lower (or it is as low as it goes).
function lowerBlur(reason) {
  const most = view.timeline && view.timeline.motionBlurSamples;
  if (!blur.on || !most) return false;
  const next = blur.steps.find(samples => samples < (blur.samples || most));
  if (next === undefined) return false;
  blur.samples = next;
  blur.while = reason;
  showPlayNote();
  return true;
}

// A frame's key: its number for a paused frame as the file draws it; else with what it is drawn
// at (the playing scale, the blur asked for) before it.
function frameKey(n, playing, lowered = false) {
  const drawn = blurQuery(playing || lowered);
  if (playing) return 'playing ' + playScale() + drawn + ' ' + n;
  return drawn ? 'still' + drawn + ' ' + n : n;
}

export function playScale() { return playback.scale; }

// Makes room for one frame more (`fetching`, frame `from`) while `maxKept` are kept: lets go first
// of frames made another way (at a scale or motion blur playing has left), then of those farthest
// from frame `from`, counted round the range playing loops over (the frames after its end are
// those at its start) when both are in it; frames within two seconds of it only when no other is
// left, so the cap holds however often playing changes its scale.
function trimFrames(from, fetching) {
  if (frames.size < maxKept) return;
  const numberOf = key => (typeof key === 'number' ? key : parseInt(key.slice(key.lastIndexOf(' ') + 1), 10));
  const { first, last } = playRange(), count = last - first + 1, near = Math.ceil(view.timeline.fps * 2);
  const distance = key => {
    const n = numberOf(key);
    if (n < first || n > last || from < first || from > last) return Math.abs(n - from);
    const apart = Math.abs(n - from) % count;
    return Math.min(apart, count - apart);
  };
  const variant = key => (typeof key === 'number' ? '' : key.slice(0, key.lastIndexOf(' ')));
  const wanted = variant(fetching);
  const rank = key => (variant(key) !== wanted ? 2 : distance(key) > near ? 1 : 0);
  const order = [...frames.keys()].sort((a, b) => rank(b) - rank(a) || distance(b) - distance(a));
  for (const key of order.slice(0, frames.size - maxKept + 1)) {
    frames.get(key).then(URL.revokeObjectURL, () => {});
    frames.delete(key);
  }
  view.framesKept = frames.size;
}

function fetchFrame(n, playing = view.playing, lowered = false) {
  const key = frameKey(n, playing, lowered);
  if (!frames.has(key)) {
    trimFrames(n, key);
    inFlight++;
    const url = fetch('frame?t=' + (n / view.timeline.fps)
      + (playing ? '&format=jpeg&quality=' + playingQuality + (playScale() < 1 ? '&scale=' + playScale() : '') : '')
      + blurQuery(playing || lowered))
      .then(async response => {
        if (!response.ok) throw new Error('frame ' + n + ': ' + messageOf(await response.text()));
        return URL.createObjectURL(await response.blob());
      })
      .finally(() => { inFlight--; });
    frames.set(key, url);
    view.framesKept = frames.size;
  }
  return frames.get(key);
}

// Playing frames decoded ahead, by key: the image (kept, so that its decoded pixels are) and
// whether it is ready. A frame is put on show only once it is ready; the ones behind the playhead
// are let go.
const decoded = new Map();

function decodeAhead(n) {
  const key = frameKey(n, true);
  if (decoded.has(key)) return;
  const entry = { image: new Image(), ready: false, failed: false }, asked = performance.now();
  decoded.set(key, entry);
  fetchFrame(n, true).then(url => {
    entry.image.src = url;
    return entry.image.decode();
  }).then(() => {
    entry.ready = true;
    timed(performance.now() - asked);
  }, () => { entry.failed = true; });
}

// How quickly playing frames come, as moving averages: from asking to decoded (ms), and between
// one frame ready and the next (ms).
const speed = { latency: 0, interval: 0, lastReady: 0 };

function timed(took) {
  const now = performance.now(), average = (old, value) => (old ? 0.8 * old + 0.2 * value : value);
  speed.latency = average(speed.latency, took);
  if (speed.lastReady) speed.interval = average(speed.interval, Math.min(1000, now - speed.lastReady));
  speed.lastReady = now;
}

// Which frames playing asks for: from `lead` frames ahead (those nearer would come after their
// time), a second's worth, every `stride`-th (when frames come more slowly than they are due,
// those in between would be skipped anyway). Frames that come as fast as they are due come one
// period apart, so the stride is the periods between two frames, rounded: not raised to 2 by an
// average a hair over one period.
function reach() {
  const rate = view.timeline.fps * Math.abs(view.rate) / 1000;
  if (!view.playing) return { lead: 0, stride: 1, ahead: Math.ceil(view.timeline.fps) };
  const lead = Math.ceil(speed.latency * rate) + 1;
  return { lead, stride: Math.max(1, Math.round(speed.interval * rate)), ahead: lead + Math.ceil(view.timeline.fps) };
}

// Puts a decoded image in the viewer in place of the one there: unlike a new address for the
// image there, which the browser may load and paint frames later, it is painted in this very
// animation frame. It takes the viewer's image's name and size.
function place(image) {
  const old = $('frame');
  if (old === image) return;
  image.id = 'frame';
  image.alt = old.alt;
  image.draggable = false;
  image.style.width = old.style.width;
  image.style.height = old.style.height;
  old.replaceWith(image);
}

// Lets go of the decoded frames that playing has passed (a couple are kept) or will not reach
// within the second it renders ahead, counted along the range it loops over, and of those at
// another scale.
function forgetDecoded(from) {
  const direction = view.rate < 0 ? -1 : 1, ahead = reach().ahead + 2;
  const { first, last } = playRange(), count = last - first + 1, prefix = frameKey('', true);
  for (const key of decoded.keys()) {
    const n = key.startsWith(prefix) ? parseInt(key.slice(prefix.length), 10) : NaN;
    const steps = ((((n - from) * direction) % count) + count) % count;
    if (!(steps <= ahead || steps >= count - 2)) decoded.delete(key);
  }
}

// An error's message from the answer's text: {"error": {"message": …}}, or the text itself.
function messageOf(text) {
  try {
    return JSON.parse(text).error.message || text;
  } catch (notJSON) {
    return text;
  }
}

// The frames playing goes over: the in/out range, or the whole render.
export function playRange() {
  const loop = view.loop;
  return loop ? { first: Math.min(loop.in, lastFrame()), last: Math.min(loop.out, lastFrame()) }
    : { first: 0, last: lastFrame() };
}

// `n` brought into the range playing goes over, wrapping at its ends.
function wrap(n) {
  const { first, last } = playRange(), count = last - first + 1;
  return first + (((n - first) % count) + count) % count;
}

function prefetch(from) {
  const { lead, stride, ahead } = reach(), direction = view.rate < 0 ? -1 : 1;
  // A frame that fails is reported when it is shown; its failure is kept with it, as the
  // same frame fails the same way until the version changes.
  for (let i = lead; i <= ahead && inFlight < maxInFlight; i++) {
    const n = wrap(from + direction * i);
    if (!view.playing) fetchFrame(n).catch(() => {});
    else if (n % stride === 0) decodeAhead(n);
  }
}

export function show(n) {
  view.frame = n;
  showPlace(n);
  if (editor && editor.showsDraft()) return;
  // Playing: a frame decoded ahead goes on show at once, in this animation frame.
  const ready = view.playing && decoded.get(frameKey(n, true));
  if (ready && ready.ready) {
    place(ready.image);
    showProblem('frame', null);
    return;
  }
  // Scrubbing lowers the blur's samples once a frame with all of them comes too slowly.
  const playing = view.playing, lowered = !playing && scrub.active && blur.samples !== null;
  const key = frameKey(n, playing, lowered), asked = frames.has(key) ? null : performance.now();
  const pending = fetchFrame(n, playing, lowered);
  pending.then(url => {
    if (asked !== null && scrub.active && !playing && performance.now() - asked > scrub.slowest) {
      lowerBlur('scrubbing');
    }
    // A reload since the request revoked its URL: the new version's frame is on its way.
    if (view.frame !== n || view.playing !== playing || frames.get(key) !== pending) return;
    $('frame').src = url;
    showProblem('frame', null);
  }, problem => { if (view.frame === n) showProblem('frame', problem.message); });
}

// Everything around the frame that says where frame `n` is: the scrubber, the time read-out, the
// playhead on the timeline and the curves.
function showPlace(n) {
  const t = view.timeline;
  $('scrubber').value = n / t.fps;
  $('clock').textContent = (n / t.fps).toFixed(3) + ' s · frame ' + n + ' of 0–' + lastFrame() + ' · ' + t.fps + ' fps';
  // A draft's chart stays only while the draft is on show.
  if (editor && !editor.showsDraft()) view.draftTimeline = null;
  // The editor draws the selected step's curve; the plain preview charts every step.
  if (editor) editor.shown(n / t.fps);
  else view.chart = drawChart($('chart'), t, n / t.fps, 44);
  fitFrame();
}

// While the sound plays, the picture follows the sound's clock: a frame that comes late is
// skipped, not waited for, so the picture never falls behind what is heard. Otherwise (no sound,
// not yet started, or playing backwards) it follows the wall clock. Past the range's last frame
// (first, backwards) it goes on from its other end, and the sound starts again from there.
function tick(now) {
  if (!view.playing) return;
  const began = performance.now();
  const sound = $('sound'), fps = view.timeline.fps, { first, last } = playRange();
  const heard = view.rate > 0 && soundHeard();
  let n;
  if (heard) {
    // The frame of the time the sound will be at when this animation frame is painted: after
    // this tick's own work, which takes longer on a busy machine.
    n = Math.min(lastFrame(), Math.floor((sound.currentTime + pace.work / 1000) * fps + 1e-6));
    view.playStart = now;
    view.playFrom = n;
  } else {
    const elapsed = (now - view.playStart) / 1000 * fps * Math.abs(view.rate);
    n = view.playFrom + Math.sign(view.rate) * Math.floor(elapsed);
  }
  if (n > last || n < first) {
    n = view.rate < 0 ? last : first;
    view.playStart = now;
    view.playFrom = n;
    syncSound(n);
  }
  // A frame not decoded by its time is skipped: the one on show stays until a later one is ready.
  // A ready one goes on show first thing; what says where it is (the read-out, the playhead, the
  // curves: drawing them takes time) follows in a task of its own, after this animation frame.
  if (n !== view.frame) {
    const entry = decoded.get(frameKey(n, true));
    if (entry && entry.ready && !(editor && editor.showsDraft())) {
      view.frame = n;
      place(entry.image);
      showProblem('frame', null);
      pace.shown++;
      setTimeout(() => { if (view.frame === n) showPlace(n); }, 0);
    } else if (entry && entry.failed) {
      show(n);
    }
  }
  keepPace(now);
  prefetch(n);
  forgetDecoded(n);
  pace.work = 0.8 * pace.work + 0.2 * (performance.now() - began);
  requestAnimationFrame(tick);
}

// How many frames went on show in the second that playing is in: when fewer than four in five of
// the frames due were ready by their time, two seconds running (the first second, while the first
// frames come, aside), playing goes on at the next draft scale, and the page says so.
// `work`: how long a tick takes (ms), a moving average.
const pace = { since: 0, shown: 0, slow: 0, started: 0, work: 0 };

function keepPace(now) {
  if (now - pace.since < 1000) return;
  const due = view.timeline.fps * Math.abs(view.rate) * (now - pace.since) / 1000;
  const warm = now - pace.started > 1000;
  pace.slow = warm && pace.shown < 0.8 * due ? pace.slow + 1 : 0;
  pace.since = now;
  pace.shown = 0;
  if (pace.slow < 2) return;
  // Fewer motion blur samples first, then a smaller scale.
  if (lowerBlur('playing')) {
    pace.slow = 0;
    return;
  }
  const next = playback.draftScales.find(scale => scale < playback.scale);
  if (next === undefined) return;
  pace.slow = 0;
  playback.scale = next;
  showPlayNote();
}

// Scrubbing: whether the scrubber is being dragged, and how long (ms) a frame with all the blur's
// samples may take to come before scrubbing goes on with fewer.
const scrub = { active: false, slowest: 150 };

function showPlayNote() {
  const notes = [];
  if (blur.on && blur.samples !== null) {
    notes.push('motion blur at ' + blur.samples + ' samples while ' + blur.while + ': frames with all '
      + view.timeline.motionBlurSamples + ' could not be made in time');
  }
  if (playback.scale < 1) {
    notes.push('playing at ' + Math.round(playback.scale * 100) + ' % scale: frames at full scale could not be made in time');
  }
  const note = $('playnote');
  note.textContent = notes.join('; ');
  note.hidden = notes.length === 0;
}

// The motion blur switch: off, every frame is asked for without it; on again, as the file says.
function setBlur(on) {
  blur.on = on;
  showPlayNote();
  show(view.frame);
}

// Plays at `rate` (1 is real time, negative backwards), or pauses when `playing` is false.
export function setPlaying(playing, rate) {
  const was = view.playing;
  view.playing = playing;
  view.rate = playing ? rate || 1 : 1;
  $('play').textContent = playing ? '❚❚' : '▶︎';
  $('play').setAttribute('aria-label', playing ? 'pause' : 'play');
  if (playing) {
    // Playing starts inside the range it loops over.
    const { first, last } = playRange();
    if (view.frame < first || view.frame > last) show(view.rate < 0 ? last : first);
    view.playStart = performance.now();
    view.playFrom = view.frame;
    Object.assign(pace, { since: view.playStart, shown: 0, slow: 0, started: view.playStart });
    if (!was) requestAnimationFrame(tick);
  } else if (was) {
    // Paused: the frame on show becomes its PNG.
    show(view.frame);
  }
  syncSound();
}

function step(by) {
  setPlaying(false);
  show(Math.min(lastFrame(), Math.max(0, view.frame + by)));
}

// I and O: the range playing loops over starts or ends at the frame on show. An in after the
// out (or an out before the in) moves the other end to the render's end (start).
export function setLoop(end) {
  const n = view.frame, loop = view.loop || { in: 0, out: lastFrame() };
  if (end === 'in') view.loop = { in: n, out: loop.out >= n ? loop.out : lastFrame() };
  else if (end === 'out') view.loop = { in: loop.in <= n ? loop.in : 0, out: n };
  else view.loop = null;
  showLoop();
  show(view.frame);
}

function showLoop() {
  const loop = view.loop, fps = view.timeline ? view.timeline.fps : 1;
  $('loop').textContent = loop ? 'loop ' + (loop.in / fps).toFixed(2) + '–' + (loop.out / fps).toFixed(2)
    + ' s (frames ' + loop.in + '–' + loop.out + ')' : '';
  $('clearloop').hidden = !loop;
}

// J and L play backwards and forwards, each press again twice as fast (up to 8×); K pauses.
function shuttle(direction) {
  const same = view.playing && Math.sign(view.rate) === direction;
  setPlaying(true, direction * (same ? Math.min(8, Math.abs(view.rate) * 2) : 1));
}

export async function loadTimeline() {
  const t = await (await fetch('timeline.json')).json();
  for (const url of frames.values()) url.then(URL.revokeObjectURL, () => {});
  frames.clear();
  view.framesKept = 0;
  decoded.clear();
  // A new version may play at full scale and full samples again.
  playback.scale = 1;
  blur.samples = null;
  view.timeline = t;
  showPlayNote();
  $('blurswitch').hidden = !t.motionBlurSamples;
  view.version = t.version;
  $('warnings').replaceChildren(...t.warnings.map(text => {
    const item = document.createElement('li');
    item.textContent = 'warning: ' + text;
    return item;
  }));
  $('scrubber').max = lastFrame() / t.fps;
  $('scrubber').step = 1 / t.fps;
  if (view.loop && view.loop.in > lastFrame()) view.loop = null;
  showLoop();
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

  // The tracks and the ruler are as wide as the window leaves them.
  window.addEventListener('resize', () => { if (view.timeline) show(view.frame); });
  // The viewer's room changes as the panels around it do (the curve editor resized or closed).
  new ResizeObserver(fitFrame).observe($('stage'));
  $('play').onclick = () => setPlaying(!view.playing);
  $('back').onclick = () => step(-1);
  $('forward').onclick = () => step(1);
  $('home').onclick = () => step(-lastFrame());
  $('end').onclick = () => step(lastFrame());
  $('clearloop').onclick = () => setLoop(null);
  $('fit').onclick = () => { view.zoom = null; fitFrame(); };
  $('zoomin').onclick = () => zoomBy(1.25);
  $('zoomout').onclick = () => zoomBy(0.8);
  $('safe').onclick = () => {
    $('guides').hidden = !$('guides').hidden;
    $('safe').setAttribute('aria-pressed', String(!$('guides').hidden));
  };
  $('stage').addEventListener('wheel', event => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomBy(Math.exp(-event.deltaY / 400), { x: event.clientX, y: event.clientY });
  }, { passive: false });
  $('scrubber').oninput = event => {
    setPlaying(false);
    scrub.active = true;
    show(frameAt(parseFloat(event.target.value)));
  };
  // Let go: the frame there is drawn with all the blur's samples.
  $('scrubber').onchange = () => {
    scrub.active = false;
    if (view.timeline) show(view.frame);
  };
  $('blur').onchange = event => setBlur(event.target.checked);
  document.addEventListener('keydown', event => {
    if (editor && editor.key(event)) return;
    const arrow = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName)) {
      if (event.target.id !== 'scrubber' || !arrow) return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const second = Math.max(1, Math.round(view.timeline ? view.timeline.fps : 1));
    const keys = {
      ArrowLeft: () => step(event.shiftKey ? -second : -1),
      ArrowRight: () => step(event.shiftKey ? second : 1),
      Home: () => step(-lastFrame()),
      End: () => step(lastFrame()),
      ' ': () => setPlaying(!view.playing),
      j: () => shuttle(-1),
      k: () => setPlaying(false),
      l: () => shuttle(1),
      i: () => setLoop('in'),
      o: () => setLoop('out'),
    };
    const action = keys[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action || !view.timeline) return;
    action();
    event.preventDefault();
  });
  // Space on a focused button plays or pauses (above), and does not also press the button.
  document.addEventListener('keyup', event => {
    if (event.key === ' ' && event.target.tagName === 'BUTTON') event.preventDefault();
  });

  Promise.all([loadTimeline(), firstFrame]).then(([, shown]) => {
    const first = frameAt(seconds);
    // The frame the image showed stays, not fetched again.
    if (shown) frames.set(first, Promise.resolve(shown));
    show(first);
    watchVersion();
  }, error => showProblem('version', 'cannot read the timeline: ' + error.message));
}
