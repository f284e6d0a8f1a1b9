// A text animator's range over the viewer: for the layer the inspector edits (the one the
// selected step acts on, once one is selected), when its text has animators, each character's box
// at the playhead's time (`/text-units`), filled in proportion to its weight under the animator
// picked (the one a selected step on `textAnimators.N…` animates, until another is picked in the
// inspector), its outline drawn where the weight is not 0: blue for a positive weight, orange for
// a negative one. The boxes are where the layout puts the characters, before the animators move
// them. Asked for again when the time, the layer, the animator, the pipeline's version or the
// draft being dragged changes; one request at a time, the latest wins.
import { followPicture, geometry } from './handles.js';
import { view } from './player.js';

// `at(pointer)` reads the file; `address(path, query)` makes a request's address with the token.
export function makeTextRange(ed, { at, address }) {
  // An SVG element as the HTML parser makes one: the page's files name no address, not even a
  // namespace's; its polygons take the namespace it has.
  const made = document.createElement('template');
  made.innerHTML = '<svg></svg>';
  const overlay = made.content.firstElementChild, svgNS = overlay.namespaceURI;
  overlay.setAttribute('class', 'text-range');
  overlay.setAttribute('aria-hidden', 'true');
  overlay.dataset.role = 'text-range';
  document.body.append(overlay);
  // What is on show: {key, layer, animator, units} (units from `/text-units`); what is asked for.
  const state = { shown: null, wanted: null, busy: false };
  ed.textRange = state;

  // The layer and animator to show, or null: the inspector's layer (the selected step's, once
  // one is selected) and the animator picked (the one a selected step on `textAnimators.N…`
  // animates, until another is picked).
  function target() {
    if (!ed.info || ed.info.layers.length === 0) return null;
    const layer = ed.layer || ed.info.layers[0];
    const animators = at(layer.pointer + '/text/textAnimators');
    if (!Array.isArray(animators) || animators.length === 0) return null;
    return { layer: layer.name, animator: Math.min(ed.textAnimator || 0, animators.length - 1) };
  }

  // Asks for the boxes at `seconds` when they are not those on show or on their way.
  function update(seconds) {
    const aim = target();
    if (!aim || !view.timeline) {
      state.wanted = null;
      state.shown = null;
      place();
      return;
    }
    // While a change is dragged, the boxes are those of its draft, as the frame is.
    const draft = ed.draft ? ed.draft.patch : null;
    const key = JSON.stringify([aim.layer, seconds, view.version, draft]);
    state.wanted = Object.assign({ key: key, seconds: seconds, draft: draft }, aim);
    if (state.shown && state.shown.key === key) {
      state.shown.animator = aim.animator;
      place();
      return;
    }
    pump();
  }

  async function pump() {
    if (state.busy || !state.wanted) return;
    const wanted = state.wanted;
    state.busy = true;
    try {
      const query = { layer: wanted.layer, t: String(wanted.seconds) };
      if (wanted.draft) query.draft = wanted.draft;
      const response = await fetch(address('text-units', query));
      const answer = await response.json();
      if (!response.ok) throw new Error((answer.error && answer.error.message) || 'status ' + response.status);
      if (state.wanted && state.wanted.key === wanted.key) {
        state.shown = { key: wanted.key, layer: wanted.layer, animator: state.wanted.animator, units: answer };
        place();
      }
    } catch (error) {
      // The frame's own problems are reported beside it; the boxes just stay away.
      state.shown = null;
      place();
    } finally {
      state.busy = false;
    }
    if (state.wanted && (!state.shown || state.shown.key !== state.wanted.key) && state.wanted !== wanted) pump();
  }

  // Draws the boxes on show over the frame, where it is now on the page.
  function place() {
    const g = geometry(), shown = state.shown;
    const hidden = !g || !shown || !state.wanted || document.body.classList.contains('driving');
    overlay.style.display = hidden ? 'none' : 'block';
    if (hidden) {
      overlay.replaceChildren();
      return;
    }
    // Only over the viewer: a zoomed frame's boxes outside it are not drawn over the rest of the page.
    const stage = document.querySelector('[data-role="viewer"]');
    if (stage) {
      const b = stage.getBoundingClientRect();
      overlay.style.clipPath = 'inset(' + b.top + 'px ' + (window.innerWidth - b.right) + 'px '
        + (window.innerHeight - b.bottom) + 'px ' + b.left + 'px)';
    }
    overlay.dataset.layer = shown.layer;
    overlay.dataset.animator = String(shown.animator);
    const polygons = shown.units.characters.map(unit => {
      const weight = unit.weights[shown.animator] || 0;
      const polygon = document.createElementNS(svgNS, 'polygon');
      polygon.setAttribute('points', unit.corners.map(([x, y]) => (g.box.left + x * g.sx) + ',' + (g.box.top + y * g.sy)).join(' '));
      polygon.setAttribute('class', (weight < 0 ? 'negative' : 'positive') + (weight !== 0 ? ' selected' : ''));
      polygon.style.fillOpacity = String(Math.min(1, Math.abs(weight)) * 0.55);
      polygon.dataset.character = unit.character;
      polygon.dataset.index = String(unit.index);
      polygon.dataset.weight = String(Math.round(weight * 1000) / 1000);
      const title = document.createElementNS(svgNS, 'title');
      title.textContent = unit.character + ': ' + (Math.round(weight * 1000) / 1000);
      polygon.append(title);
      return polygon;
    });
    overlay.replaceChildren(...polygons);
  }

  followPicture(place);

  return { update: update };
}
