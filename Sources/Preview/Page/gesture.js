// Driving an interactive transition by hand on the frame: the drag's direction is set by its
// first few pixels; its distance over the frame's extent that way is the percent complete, sampled
// with its time. On release the server renders the rest from that track as `pipeline run` would
// (finish or cancel by the rule, completion speed and curve), and the page plays it; "keep this
// gesture" writes the track into `interaction`.
import { clamp, round } from './patch.js';
import { $, setPlaying, view } from './player.js';

// At most `count` samples, evenly chosen, the first and the last kept; to the
// millisecond, each later than the one before.
function thin(samples, count) {
  const chosen = samples.length <= count ? samples
    : Array.from({ length: count }, (_, i) => samples[Math.round(i * (samples.length - 1) / (count - 1))]);
  const track = [];
  for (const [time, progress] of chosen) {
    const sample = [round(time), round(progress)];
    if (track.length === 0 || sample[0] > track[track.length - 1][0]) track.push(sample);
    // A later sample in the same millisecond replaces the one before (the first stays).
    else if (track.length > 1) track[track.length - 1] = sample;
  }
  return track;
}

// Driving for the editor whose state is `ed`, on its `stage` (the frame): `preview(ops,
// seconds)` shows a draft, `showDraftFrame(patch, seconds, wanted)` one draft frame, `shown(now)`
// redraws the tracks and handles, `address(path, query)` adds the token, `write(make)` queues a
// change and `status(text, failed)` says how it went. Its controls show only while the pipeline
// has an interaction to drive: `offer(interactive)` says whether it has (editor.json's `interactive`).
export function driveByHand(ed, { stage, status, preview, address, showDraftFrame, shown, write }) {
  const drive = $('drive'), keep = $('keep');
  function setDriving(driving) {
    ed.driving = driving;
    document.body.classList.toggle('driving', ed.driving);
    drive.textContent = ed.driving ? 'driving: drag on the frame' : 'drive by hand';
  }
  drive.onclick = () => setDriving(!ed.driving);

  function offer(interactive) {
    drive.hidden = !interactive;
    keep.hidden = !interactive;
    if (!interactive && ed.driving) setDriving(false);
  }

  // The patch that makes `track` the pipeline's gesture: its own interaction's track, or
  // a new interaction that finishes when released at least half way.
  function gestureOps(track) {
    return ed.doc.interaction !== undefined
      ? [{ op: 'add', path: '/interaction/track', value: track }]
      : [{ op: 'add', path: '/interaction', value: { track: track, finishIf: { progressAtLeast: 0.5 } } }];
  }

  stage.addEventListener('pointerdown', event => {
    if (!ed.driving || ed.busy || !ed.doc || event.button !== 0) return;
    event.preventDefault();
    setPlaying(false);
    stage.setPointerCapture(event.pointerId);
    ed.gestureRun = (ed.gestureRun || 0) + 1;
    ed.gesture = { began: performance.now(), from: { x: event.clientX, y: event.clientY }, axis: null, samples: [[0, 0]], progress: 0 };
    ed.released = null;
    ed.releasePlaying = false;
    keep.disabled = true;
    preview(gestureOps([[0, 0]]), 0);
  });

  stage.addEventListener('pointermove', event => {
    const gesture = ed.gesture;
    if (!gesture) return;
    const dx = event.clientX - gesture.from.x, dy = event.clientY - gesture.from.y;
    if (!gesture.axis) {
      if (Math.hypot(dx, dy) < 6) return;
      gesture.axis = Math.abs(dx) >= Math.abs(dy) ? { x: Math.sign(dx), y: 0 } : { x: 0, y: Math.sign(dy) };
    }
    const frame = $('frame'), extent = gesture.axis.x ? frame.clientWidth : frame.clientHeight;
    gesture.progress = clamp((dx * gesture.axis.x + dy * gesture.axis.y) / extent, 0, 1);
    const seconds = (performance.now() - gesture.began) / 1000;
    const last = gesture.samples[gesture.samples.length - 1];
    if (seconds - last[0] >= 0.01) gesture.samples.push([seconds, gesture.progress]);
    else if (gesture.samples.length > 1) last[1] = gesture.progress;
    status('driving: ' + Math.round(gesture.progress * 100) + ' %');
    preview(gestureOps([[0, round(gesture.progress)]]), 0);
  });

  function release() {
    const gesture = ed.gesture;
    if (!gesture) return;
    ed.gesture = null;
    ed.draft = null;
    const samples = gesture.samples, seconds = (performance.now() - gesture.began) / 1000;
    if (seconds - samples[samples.length - 1][0] >= 0.001) samples.push([seconds, gesture.progress]);
    const end = samples[samples.length - 1];
    let k = samples.length - 2;
    while (k > 0 && end[0] - samples[k][0] < 0.1) k--;
    const velocity = k >= 0 && end[0] > samples[k][0] ? (end[1] - samples[k][1]) / (end[0] - samples[k][0]) : 0;
    const track = thin(samples, 40);
    track[track.length - 1] = track[track.length - 1].concat([round(velocity)]);
    const rule = (ed.doc.interaction && ed.doc.interaction.finishIf) || { progressAtLeast: 0.5 };
    const last = track[track.length - 1];
    const finishes = rule.progressAtLeast !== undefined ? last[1] >= rule.progressAtLeast
      : rule.velocityAbove !== undefined ? last[2] > rule.velocityAbove : false;
    ed.released = { track: track, ops: gestureOps(track), finishes: finishes, run: ed.gestureRun };
    status('released at ' + Math.round(last[1] * 100) + ' %, ' + last[2] + ' per second: it '
      + (finishes ? 'finishes' : 'cancels') + ' (' + JSON.stringify(rule) + '). Keep this gesture to write it.');
    keep.disabled = false;
    playRelease(ed.released);
  }
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) stage.addEventListener(type, release);

  // Plays the rest of the gesture, rendered by the server from the track just made, as
  // pipeline run renders it: from the release to the render's end, in real time.
  async function playRelease(released) {
    ed.releasePlaying = true;
    const still = () => ed.released === released && ed.gestureRun === released.run;
    try {
      const patch = JSON.stringify(released.ops);
      const response = await fetch(address('timeline.json', { draft: patch }));
      if (!response.ok) throw new Error((await response.json()).error.message);
      const timeline = await response.json();
      const releaseTime = released.track[released.track.length - 1][0];
      const first = Math.min(timeline.frameCount - 1, Math.floor(releaseTime * timeline.fps + 1e-9));
      const began = performance.now();
      released.frames = 0;
      for (let n = first; n < timeline.frameCount && still(); n++) {
        await showDraftFrame(patch, n / timeline.fps, still);
        const due = began + (n - first) / timeline.fps * 1000 - performance.now();
        if (due > 0) await new Promise(resolve => setTimeout(resolve, due));
        if (!still()) break;
        view.draftTimeline = timeline;
        shown(n / timeline.fps);
        released.frames++;
      }
    } catch (error) {
      status('gesture: ' + error.message, true);
    } finally {
      if (ed.gestureRun === released.run) ed.releasePlaying = false;
    }
  }

  keep.onclick = () => {
    const released = ed.released;
    if (!released) return;
    ed.released = null;
    ed.releasePlaying = false;
    keep.disabled = true;
    write(() => {
      const old = ed.doc.interaction;
      return {
        ops: gestureOps(released.track),
        inverse: old !== undefined ? [{ op: 'add', path: '/interaction/track', value: old.track }]
          : [{ op: 'remove', path: '/interaction' }],
        label: 'the gesture (' + released.track.length + ' samples)',
      };
    });
  };
  return { offer: offer };
}
