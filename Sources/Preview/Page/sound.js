// The pipeline's sound (GET /sound.wav, mixed as pipeline run mixes it) plays in step
// with the frames: it starts where playing starts, and again from there when playing
// loops back to the first frame. It is fetched when playing first needs it (once per
// version), whole, so that the page can start it anywhere.
import { $, view } from './player.js';
import { showProblem } from './viewer.js';

let soundVersion = null;

// Whether this version's sound is playing, so that its clock can be read.
export function soundHeard() {
  const sound = $('sound');
  return view.timeline.hasSound && soundVersion === view.timeline.version && !sound.paused && !sound.seeking
    && sound.readyState >= 2;
}

export async function syncSound(from) {
  const sound = $('sound');
  if (!view.timeline || !view.timeline.hasSound) return;
  if (!view.playing || view.rate < 0) { sound.pause(); return; }
  sound.playbackRate = view.rate;
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
  // A position given before the sound's metadata has loaded can be lost to its loading (a busy
  // machine showed the sound starting from 0): wait for the metadata, then place it.
  if (sound.readyState === 0) {
    await new Promise(resolve => {
      sound.addEventListener('loadedmetadata', resolve, { once: true });
      sound.addEventListener('error', resolve, { once: true });
    });
    if (!view.playing) return;
    from = undefined;
  }
  sound.currentTime = (from === undefined ? view.frame : from) / view.timeline.fps;
  sound.play().catch(() => {});
}

