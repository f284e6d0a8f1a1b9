// The inspector: the selected step's start, duration, timing curve (a name, a Bézier's four
// numbers, a spring's parameters in one of its three forms) and parameters, and the selected
// layer's keys, each field made from the schema (`/editor.json`): numbers with their range,
// choices, colours, points and rects, switches; anything else as JSON text. A field's change is
// written when it is committed (Enter, or leaving it).
import { escape } from './patch.js';
import { $ } from './player.js';

function kindOf(schema, value) {
  if (!schema) return 'json';
  if (schema.$ref === '#/$defs/color') return 'color';
  if (schema.anyOf) {
    for (const alternative of schema.anyOf) {
      const kind = kindOf(alternative, value);
      if (kind !== 'json' && fits(kind, value)) return kind;
    }
    return 'json';
  }
  if (schema.enum) return 'enum';
  if (schema.type === 'number' || schema.type === 'integer' || schema.type === 'boolean' || schema.type === 'string') return schema.type;
  if (schema.type === 'array' && Array.isArray(schema.prefixItems)
      && schema.prefixItems.every(item => item.type === 'number' || item.type === 'integer')) return 'numbers';
  return 'json';
}

function fits(kind, value) {
  if (value === undefined) return true;
  switch (kind) {
  case 'number': case 'integer': return typeof value === 'number';
  case 'boolean': return typeof value === 'boolean';
  case 'numbers': return Array.isArray(value) && value.every(v => typeof v === 'number');
  default: return typeof value === 'string';
  }
}

function option(schema, kind) {
  if (!schema.anyOf) return schema;
  const chosen = schema.anyOf.find(o => kindOf(o) === kind) || {};
  return Object.assign({}, chosen, { description: schema.description, default: schema.default });
}

function heading(panel, text) {
  const element = document.createElement('h3');
  element.textContent = text;
  panel.append(element);
}

// The inspector of the editor whose state is `ed`: `inspect()` builds it anew. The editor's
// `at(pointer)` reads the file, `setting(base, values)` makes a change, `write(make)` queues it,
// `status(text, failed)` says how it went, and `bezierOf(timing)` gives a curve's handles.
export function makeInspector(ed, { at, setting, write, status, bezierOf }) {
  // A labelled field for `key` of the object at `base` (`parent` when that object is not in
  // the file yet: the change then adds it with this one key).
  function field(key, schema, value, base, parent) {
    const kind = kindOf(schema, value), s = option(schema, kind);
    const row = document.createElement('label');
    row.className = 'field';
    row.title = s.description || '';
    const caption = document.createElement('span');
    caption.textContent = key;
    row.append(caption);
    const pointer = base + '/' + escape(key);
    const commit = newValue => write(() => {
      const change = parent && at(base) === undefined
        ? setting(parent.pointer, { [parent.key]: { [key]: newValue } }) : setting(base, { [key]: newValue });
      change.label = pointer + ' = ' + JSON.stringify(newValue);
      return change;
    });
    const input = (type, shown) => {
      const element = document.createElement('input');
      element.type = type;
      if (shown !== undefined) element.value = shown;
      element.dataset.pointer = pointer;
      return element;
    };
    const number = (itemSchema, shown, placeholder) => {
      const element = input('number', shown);
      element.step = itemSchema.type === 'integer' ? '1' : 'any';
      if (itemSchema.minimum !== undefined) element.min = itemSchema.minimum;
      if (itemSchema.maximum !== undefined) element.max = itemSchema.maximum;
      if (placeholder !== undefined) element.placeholder = placeholder;
      return element;
    };
    const read = (element, itemSchema) => {
      const v = element.valueAsNumber;
      if (!Number.isFinite(v) || (itemSchema.type === 'integer' && !Number.isInteger(v))
          || (itemSchema.minimum !== undefined && v < itemSchema.minimum)
          || (itemSchema.maximum !== undefined && v > itemSchema.maximum)) {
        status(pointer + ': give ' + (itemSchema.type === 'integer' ? 'a whole number' : 'a number')
          + ' from ' + itemSchema.minimum + ' to ' + itemSchema.maximum, true);
        return null;
      }
      return v;
    };
    let control;
    switch (kind) {
    case 'number': case 'integer':
      control = number(s, value, s.default);
      control.onchange = () => { const v = read(control, s); if (v !== null) commit(v); };
      break;
    case 'boolean':
      control = input('checkbox');
      control.checked = value === undefined ? s.default === true : value;
      control.onchange = () => commit(control.checked);
      break;
    case 'enum':
      control = document.createElement('select');
      control.dataset.pointer = pointer;
      if (value === undefined) control.append(new Option('default' + (s.default !== undefined ? ' (' + s.default + ')' : ''), ''));
      for (const choice of s.enum) control.append(new Option(choice, choice, false, choice === value));
      control.onchange = () => { if (control.value) commit(control.value); };
      break;
    case 'numbers': {
      control = document.createElement('span');
      control.className = 'values';
      const defaults = Array.isArray(s.default) ? s.default : [];
      const inputs = s.prefixItems.map((item, i) => number(item, value ? value[i] : undefined, defaults[i]));
      inputs.forEach((element, i) => {
        element.dataset.pointer = pointer + '/' + i;
        element.onchange = () => {
          // An empty box keeps the value the file has there, else the default.
          const values = inputs.map((other, j) => other.value !== '' ? read(other, s.prefixItems[j])
            : value && value[j] !== undefined ? value[j] : defaults[j] !== undefined ? defaults[j] : null);
          if (values.includes(null)) status(pointer + ': give all ' + inputs.length + ' numbers', true);
          else commit(values);
        };
      });
      control.append(...inputs);
      break;
    }
    case 'color': {
      control = document.createElement('span');
      control.className = 'values';
      const text = input('text', value === undefined ? '' : value);
      text.placeholder = s.default || '#rrggbbaa';
      const picker = input('color', /^#[0-9a-fA-F]{6}/.test(value || '') ? value.slice(0, 7) : '#000000');
      picker.dataset.pointer = pointer + '#picker';
      text.onchange = () => { if (text.value) commit(text.value); };
      picker.onchange = () => { commit(picker.value + (/^#[0-9a-fA-F]{8}$/.test(value || '') ? value.slice(7) : '')); };
      control.append(picker, text);
      break;
    }
    case 'string':
      control = input('text', value === undefined ? '' : value);
      if (s.default !== undefined) control.placeholder = s.default;
      control.onchange = () => commit(control.value);
      break;
    default:
      control = input('text', value === undefined ? '' : JSON.stringify(value));
      control.placeholder = 'JSON';
      control.onchange = () => {
        try { commit(JSON.parse(control.value)); } catch (error) { status(pointer + ': not JSON: ' + error.message, true); }
      };
    }
    row.append(control);
    return row;
  }

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
      panel.append(field('cubic-bezier', bezier, timing['cubic-bezier'], pointer));
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
        panel.append(field(key, schema, timing.spring[key], pointer + '/spring'));
      }
    }
  }

  function inspect() {
    const panel = $('inspector');
    panel.replaceChildren();
    if (!ed.info) return;
    if (ed.selected === null) {
      heading(panel, 'steps');
      const hint = document.createElement('p');
      hint.textContent = 'Click a bar to edit its step. Drag a bar to move it, its ends to change its duration; '
        + 'drag the white handles on the chart to shape its curve. Ctrl+Z undoes.';
      panel.append(hint);
    } else {
      const step = ed.info.steps[ed.selected], doc = at(step.pointer) || {};
      heading(panel, step.label);
      if (step.alongside === undefined) {
        const time = { type: 'number', minimum: 0, maximum: 3600 };
        panel.append(field('start', Object.assign({ default: 0 }, time), doc.start, step.pointer));
        panel.append(field('duration', Object.assign({ default: 0.25 }, time), doc.duration, step.pointer));
        timingFields(panel, step, doc);
      } else {
        const note = document.createElement('p');
        note.textContent = 'It runs alongside ' + ed.info.steps[step.alongside].label + ', on its timing.';
        panel.append(note);
      }
      if (step.params && step.params.properties) {
        heading(panel, 'params');
        const parent = doc.params === undefined ? { pointer: step.pointer, key: 'params' } : undefined;
        for (const [key, schema] of Object.entries(step.params.properties)) {
          panel.append(field(key, schema, (doc.params || {})[key], step.pointer + '/params', parent));
        }
      }
    }
    if (ed.info.layers.length === 0) return;
    heading(panel, 'layer');
    const choose = document.createElement('select');
    choose.setAttribute('aria-label', 'the layer to edit');
    const chosen = ed.layer || ed.info.layers[0];
    ed.info.layers.forEach((layer, i) => choose.append(new Option(layer.name, String(i), false, layer.pointer === chosen.pointer)));
    choose.onchange = () => { ed.layer = ed.info.layers[Number(choose.value)]; inspect(); };
    panel.append(choose);
    const layer = chosen, doc = at(layer.pointer) || {};
    const properties = ed.info.layerSchema.properties, skipped = ['name', 'sublayers'];
    for (const key of Object.keys(doc)) {
      if (properties[key] && !skipped.includes(key)) panel.append(field(key, properties[key], doc[key], layer.pointer));
    }
    const more = document.createElement('details');
    const summary = document.createElement('summary');
    summary.textContent = 'other keys';
    more.append(summary);
    for (const [key, schema] of Object.entries(properties)) {
      if (key in doc || skipped.includes(key) || kindOf(schema) === 'json') continue;
      more.append(field(key, schema, undefined, layer.pointer));
    }
    panel.append(more);
  }

  return { inspect: inspect };
}
