// The inspector: the selected step's start, duration, timing curve (a name, a Bézier's four
// numbers, a spring's parameters in one of its three forms) and parameters, and the selected
// layer's keys, each control typed from the schema (`/editor.json`, see controls.js): a plugin's
// parameters by their types, a layer's `filters` and `backdropFilters` as a list of effects, its
// `video` as a file menu or the clip's keys, its text's `textAnimators` as a list of animators
// (their selectors and properties). A change is written when it is committed (Enter, leaving a
// field, releasing a slider, picking from a menu).
import { makeControls } from './controls.js';
import { makeHandles } from './handles.js';
import { escape } from './patch.js';
import { $ } from './player.js';

// The inspector's own styles, beside the page's.
if (!document.querySelector('link[href="inspector.css"]')) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = 'inspector.css';
  document.head.append(link);
}

function heading(panel, text) {
  const element = document.createElement('h3');
  element.textContent = text;
  panel.append(element);
}

// The inspector of the editor whose state is `ed`: `inspect()` builds it anew. The editor's
// `at(pointer)` reads the file, `setting(base, values)` makes a change, `write(make)` queues it,
// `status(text, failed)` says how it went, `bezierOf(timing)` gives a curve's handles and
// `pickAnimator(i)` shows text animator i's range on the frame.
export function makeInspector(ed, { at, setting, write, status, bezierOf, pickAnimator }) {
  const { field, commitAt } = makeControls(ed, {
    at: at, setting: setting, write: write, status: status, pickAnimator: pickAnimator,
  });
  const handles = makeHandles(ed, { commitAt: commitAt });

  function timingFields(panel, step, doc) {
    const timing = doc.timing, pointer = step.pointer + '/timing';
    const current = timing === undefined ? 'linear' : typeof timing === 'string' ? timing
      : timing['cubic-bezier'] ? 'cubic-bezier' : timing.spring ? 'spring' : timing.curve;
    const row = document.createElement('label');
    row.className = 'field';
    const caption = document.createElement('span');
    caption.textContent = 'timing';
    const select = document.createElement('select');
    select.dataset.pointer = pointer;
    const names = ed.info.curves.concat(['cubic-bezier', 'spring']);
    if (!names.includes(current)) names.unshift(current);
    for (const name of names) select.append(new Option(name, name, false, name === current));
    select.onchange = () => {
      const name = select.value;
      const value = name === 'cubic-bezier' ? { 'cubic-bezier': bezierOf(timing) || [0.25, 0.1, 0.25, 1] }
        : name === 'spring' ? { spring: { dampingRatio: 0.7 } } : name;
      write(() => {
        const change = setting(step.pointer, { timing: value });
        change.label = step.label + ': timing ' + name;
        return change;
      });
    };
    row.append(caption, select);
    panel.append(row);
    if (timing && timing['cubic-bezier']) {
      const bezier = { type: 'array', prefixItems: [0, 1, 2, 3].map(i => ({ type: 'number', minimum: i % 2 ? -100 : 0, maximum: i % 2 ? 100 : 1 })) };
      panel.append(field('cubic-bezier', bezier, timing['cubic-bezier'], pointer + '/cubic-bezier'));
    }
    if (timing && timing.spring && typeof timing.spring === 'object') {
      const forms = ed.info.springSchemas, keys = Object.keys(timing.spring);
      const index = Math.max(0, forms.findIndex(form => keys.every(key => key in form.properties)));
      const formRow = document.createElement('label');
      formRow.className = 'field';
      const formCaption = document.createElement('span');
      formCaption.textContent = 'spring';
      const formSelect = document.createElement('select');
      formSelect.dataset.pointer = pointer + '/spring#form';
      ['damping ratio', 'mass, stiffness, damping', 'duration and bounce'].forEach((name, i) =>
        formSelect.append(new Option(name, String(i), false, i === index)));
      formSelect.onchange = () => {
        const form = forms[Number(formSelect.value)], spring = {};
        for (const [key, schema] of Object.entries(form.properties)) if (schema.default !== undefined) spring[key] = schema.default;
        if (Object.keys(spring).length === 0) spring.dampingRatio = 0.7;
        const label = step.label + ': a ' + formSelect.selectedOptions[0].text + ' spring';
        write(() => Object.assign(setting(step.pointer, { timing: { spring: spring } }), { label: label }));
      };
      formRow.append(formCaption, formSelect);
      panel.append(formRow);
      for (const [key, schema] of Object.entries(forms[index].properties)) {
        panel.append(field(key, schema, timing.spring[key], pointer + '/spring/' + escape(key)));
      }
    }
  }

  function inspect() {
    const panel = $('inspector');
    panel.replaceChildren();
    if (!ed.info) return;
    const selected = ed.selected === null ? null : ed.info.steps[ed.selected];
    handles.show(selected, selected && (at(selected.pointer) || {}).params);
    if (ed.selected === null) {
      heading(panel, 'steps');
      const hint = document.createElement('p');
      hint.textContent = 'Click a bar to edit its step. Drag a bar to move it, its ends to change its duration; '
        + 'drag the white handles on the chart to shape its curve, those on the frame to place its rects and centres. '
        + 'Ctrl+Z undoes.';
      panel.append(hint);
    } else {
      const step = ed.info.steps[ed.selected], doc = at(step.pointer) || {};
      heading(panel, step.label);
      if (step.alongside === undefined) {
        const time = { type: 'number', minimum: 0, maximum: 3600 };
        panel.append(field('start', Object.assign({ default: 0 }, time), doc.start, step.pointer + '/start'));
        panel.append(field('duration', Object.assign({ default: 0.25 }, time), doc.duration, step.pointer + '/duration'));
        timingFields(panel, step, doc);
      } else {
        const note = document.createElement('p');
        note.textContent = 'It runs alongside ' + ed.info.steps[step.alongside].label + ', on its timing.';
        panel.append(note);
      }
      if (step.params && step.params.properties) {
        heading(panel, 'params');
        const types = step.paramTypes || {};
        for (const [key, schema] of Object.entries(step.params.properties)) {
          panel.append(field(key, schema, (doc.params || {})[key], step.pointer + '/params/' + escape(key), types[key]));
        }
      }
    }
    if (ed.info.layers.length === 0) return;
    heading(panel, 'layer');
    const choose = document.createElement('select');
    choose.setAttribute('aria-label', 'the layer to edit');
    choose.dataset.pointer = '#layer';
    const chosen = ed.layer || ed.info.layers[0];
    ed.info.layers.forEach((layer, i) => choose.append(new Option(layer.name, String(i), false, layer.pointer === chosen.pointer)));
    choose.onchange = () => { ed.layer = ed.info.layers[Number(choose.value)]; inspect(); };
    panel.append(choose);
    const layer = chosen, doc = at(layer.pointer) || {};
    const properties = ed.info.layerSchema.properties, skipped = ['name', 'sublayers'];
    for (const key of Object.keys(doc)) {
      if (properties[key] && !skipped.includes(key)) panel.append(field(key, properties[key], doc[key], layer.pointer + '/' + escape(key)));
    }
    const more = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'other keys';
    more.append(summary);
    for (const [key, schema] of Object.entries(properties)) {
      if (key in doc || skipped.includes(key)) continue;
      const made = field(key, schema, undefined, layer.pointer + '/' + escape(key));
      if (made.dataset.kind !== 'json') more.append(made);
    }
    panel.append(more);
  }

  return { inspect: inspect };
}
