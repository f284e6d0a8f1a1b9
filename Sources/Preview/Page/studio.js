// The studio's page, as `pipeline preview` serves it: the frame at the current time, the
// controls and the timing chart (player.js, viewer.js, sound.js, chart.js); with `--edit`, whose
// address carries a token, the editor too (editor.js, its tracks in tracks.js and lanes.js) and
// the render button (render.js). `?t=SECONDS` in the address opens it at that time. It loads
// nothing but its own files from the preview, so it works offline.
import { makeEditor } from './editor.js';
import { attachEditor, start, view } from './player.js';
import { attachRender } from './render.js';

// The playback's state, which the browser tests read as they read the editor's (`window.studio`).
window.view = view;
start();
const token = new URLSearchParams(location.search).get('token');
if (token) {
  attachEditor(makeEditor(token));
  attachRender(token);
}
