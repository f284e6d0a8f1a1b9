// Handles on the viewer for the selected step's places: each rect parameter (a frame) as its
// outline, dragged to move it, with a handle at its bottom right corner that sizes it, and each point parameter that may name a layer (a centre) as a handle that moves it.
// Shown for a step whose track is a top-level layer (a mixer's `to`, an animator's target),
// whose parameters are in the canvas's coordinates. A drag is written on release, in whole canvas pixels, as a JSON Patch like any
// other change; the inspector's fields are the same values, for the keyboard and screen readers.
import { $, view } from './player.js';
import { clamp } from './patch.js';

// The picture of the frame: the image in the viewer (`data-role="viewer"`, a stable hook).
export function picture() {
  const viewer = document.querySelector('[data-role="viewer"]');
  return $('frame') || (viewer && (viewer.querySelector('img, canvas') || viewer));
}

// Calls `place` whenever the frame's picture may have moved or been resized with the page's layout.
export function followPicture(place) {
  const watched = picture();
  if (watched) new ResizeObserver(place).observe(watched);
  window.addEventListener('resize', place);
  window.addEventListener('scroll', place, true);
  new MutationObserver(place).observe(document.body, { attributes: true, attributeFilter: ['class'] });
}

// The frame's box on the page, and CSS pixels per canvas pixel: what places things drawn over it.
export function geometry() {
  const shown = picture(), t = view.timeline;
  if (!shown || !t) return null;
  const box = shown.getBoundingClientRect();
  if (!box.width || !box.height) return null;
  // A picture fitted into its box (object-fit) sits centred in it at the canvas's aspect.
  if (['contain', 'scale-down'].includes(getComputedStyle(shown).objectFit)) {
    const k = Math.min(box.width / t.width, box.height / t.height);
    return { box: { left: box.left + (box.width - t.width * k) / 2, top: box.top + (box.height - t.height * k) / 2 }, sx: k, sy: k };
  }
  return { box: box, sx: box.width / t.width, sy: box.height / t.height };
}

export function makeHandles(ed, { commitAt }) {
  const overlay = document.createElement('div');
  overlay.className = 'viewer-handles';
  overlay.setAttribute('aria-hidden', 'true');
  document.body.append(overlay);
  // What is shown: [{pointer, kind: 'point' | 'rect', value, low, high, elements}].
  let items = [];
  let drag = null;

  function node(className, pointer) {
    const made = document.createElement('div');
    made.className = className;
    if (pointer) made.dataset.pointer = pointer;
    return made;
  }

  function place() {
    const g = geometry();
    overlay.hidden = !g || items.length === 0 || document.body.classList.contains('driving');
    if (overlay.hidden) return;
    const at = (element, x, y) => { element.style.left = (g.box.left + x * g.sx) + 'px'; element.style.top = (g.box.top + y * g.sy) + 'px'; };
    for (const item of items) {
      const v = drag && drag.item === item ? drag.value : item.value;
      if (item.kind === 'rect') {
        const [outline, corner] = item.elements;
        at(outline, v[0], v[1]);
        outline.style.width = Math.abs(v[2] * g.sx) + 'px';
        outline.style.height = Math.abs(v[3] * g.sy) + 'px';
        at(corner, v[0] + v[2], v[1] + v[3]);
      } else {
        at(item.elements[0], v[0], v[1]);
      }
    }
  }

  function grab(item, which, element) {
    element.addEventListener('pointerdown', event => {
      if (event.button !== 0 || ed.busy) return;
      const g = geometry();
      if (!g) return;
      event.preventDefault();
      event.stopPropagation();
      element.setPointerCapture(event.pointerId);
      drag = { item: item, which: which, x: event.clientX, y: event.clientY, g: g, value: item.value.slice(), moved: false };
    });
    element.addEventListener('pointermove', event => {
      if (!drag || drag.item !== item || drag.which !== which) return;
      const dx = Math.round((event.clientX - drag.x) / drag.g.sx), dy = Math.round((event.clientY - drag.y) / drag.g.sy);
      const from = item.value, v = from.slice(), keep = n => clamp(n, item.low, item.high);
      if (which === 'move') { v[0] = keep(from[0] + dx); v[1] = keep(from[1] + dy); }
      else { v[2] = keep(Math.max(0, from[2] + dx)); v[3] = keep(Math.max(0, from[3] + dy)); }
      drag.moved = drag.moved || v.some((n, i) => n !== from[i]);
      drag.value = v;
      place();
    });
    const release = () => {
      if (!drag || drag.item !== item || drag.which !== which) return;
      const done = drag;
      drag = null;
      if (done.moved) commitAt(item.pointer, done.value);
      else place();
    };
    for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) element.addEventListener(type, release);
  }

  // Shows the handles of the selected step (`step` from `/editor.json`, `params` its values in
  // the file), or none.
  function show(step, params) {
    if (drag) return;
    items = [];
    overlay.replaceChildren();
    const layer = step && ed.info.layers.find(l => l.name === step.track);
    if (!layer || !/^\/layers\/[0-9]+$/.test(layer.pointer) || !step.params || !step.params.properties) {
      place();
      return;
    }
    for (const [key, schema] of Object.entries(step.params.properties)) {
      const type = (step.paramTypes || {})[key], given = params ? params[key] : undefined;
      const tuple = schema.anyOf ? schema.anyOf.find(s => Array.isArray(s.prefixItems)) : schema;
      const placeLike = type === 'rect' || (type === 'point' && Array.isArray(schema.anyOf));
      if (!placeLike || !tuple || !Array.isArray(tuple.prefixItems)) continue;
      const value = Array.isArray(given) ? given : Array.isArray(schema.default) ? schema.default : null;
      if (!value || value.length !== tuple.prefixItems.length) continue;
      const pointer = step.pointer + '/params/' + key, first = tuple.prefixItems[0];
      const item = { pointer: pointer, kind: type, value: value.slice(), low: first.minimum ?? -Infinity, high: first.maximum ?? Infinity };
      item.elements = type === 'rect'
        ? [node('outline', pointer + '#move'), node('handle corner', pointer + '#corner')]
        : [node('handle move', pointer + '#move')];
      item.elements.forEach(element => { element.title = key; });
      grab(item, 'move', item.elements[0]);
      if (type === 'rect') grab(item, 'corner', item.elements[1]);
      overlay.append(...item.elements);
      items.push(item);
    }
    place();
  }

  followPicture(place);

  return { show: show };
}
