// The inspector's typed controls, one for each kind of value the schema (`/editor.json`) gives:
// numbers and integers with a range as a slider and a field, points, sizes, rects and vec2–4 /
// ivec2–4 as one field per component, strings, colours as a picker with an alpha slider and the
// text, choices as menus, booleans as switches, layers as a menu of the pipeline's layers, images
// and other files as a menu of the pipeline folder's files of their kind, objects as their keys,
// lists of objects (a shape's `paths`, a mask's `shapes`) as each item's keys.
// Every change is a JSON Patch through the editor's `write`, written when it is committed (Enter,
// leaving a field, releasing a slider, picking from a menu).
import { escape } from './patch.js';

// The files a key names, by the end of its pointer (or a parameter's type): the extensions
// offered in its menu.
const fileKinds = {
  image: ['png', 'jpg', 'jpeg', 'webp', 'svg'],
  svg: ['svg'],
  lottie: ['json'],
  video: ['mp4', 'mov', 'webm', 'gif', 'mkv', 'm4v', 'avi'],
  parameterImage: ['png', 'jpg', 'jpeg', 'webp'],
};
const fileKeys = { image: 'image', svg: 'svg', lottie: 'lottie', 'lottie/file': 'lottie', video: 'video', 'video/file': 'video' };
// Keys whose value is another layer's name: a snapshot's, and a matte's `layer`.
const layerKeys = ['snapshot', 'layer'];
// What each component of a tuple is called, by the parameter's type or the tuple's length.
const componentNames = {
  point: ['x', 'y'], size: ['width', 'height'], rect: ['x', 'y', 'width', 'height'],
  2: ['x', 'y'], 3: ['x', 'y', 'z'], 4: ['x', 'y', 'z', 'w'],
};

const unescape = token => token.split('~1').join('/').split('~0').join('~');

// A new element of `tag` with `className` and `text` when given.
function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function isTuple(schema) {
  return schema && schema.type === 'array' && Array.isArray(schema.prefixItems)
    && schema.prefixItems.every(item => item.type === 'number' || item.type === 'integer');
}

function isObject(schema) {
  return schema && schema.type === 'object' && schema.properties && Object.keys(schema.properties).length > 0;
}

// A text's `textAnimators`: a list of {select, properties}.
function isTextAnimatorList(schema) {
  return schema && schema.type === 'array' && schema.items && schema.items.properties
    && 'select' in schema.items.properties && 'properties' in schema.items.properties;
}

// An array of objects the file has items of: each item's keys.
function isObjectList(schema, value) {
  return schema && schema.type === 'array' && isObject(schema.items) && Array.isArray(value) && value.length > 0;
}

function isEffectList(schema) {
  return schema && schema.type === 'array' && schema.items && schema.items.properties && 'effect' in schema.items.properties;
}

// The kind of control for a value of `schema` (`hint`: a parameter's type from `paramTypes`,
// or the file kind or `layer` its key implies), given the file's `value` when it has one.
function kindOf(schema, value, hint) {
  if (!schema) return 'json';
  if (hint === 'layer') return 'layer';
  if (hint === 'image' || fileKinds[hint]) {
    if (schema.anyOf && value !== undefined && typeof value === 'object') return 'object';
    if (schema.anyOf) return 'fileOrObject';
    return 'file';
  }
  if (schema.$ref === '#/$defs/color') return 'color';
  if (schema.anyOf) {
    const kinds = schema.anyOf.map(alternative => kindOf(alternative));
    // A point or rect that may also be a layer's name.
    if (kinds.includes('numbers') && kinds.includes('string')) return 'numbersOrLayer';
    if (kinds.includes('string') && kinds.includes('object')) {
      return value !== undefined && typeof value === 'object' ? 'object' : 'stringOrObject';
    }
    for (const [i, alternative] of schema.anyOf.entries()) {
      if (kinds[i] !== 'json' && fits(kinds[i], value)) return kindOf(alternative, value);
    }
    return 'json';
  }
  if (schema.enum) return 'enum';
  if (['number', 'integer', 'boolean', 'string'].includes(schema.type)) return schema.type;
  if (isTuple(schema)) return 'numbers';
  if (isEffectList(schema)) return 'effects';
  if (isTextAnimatorList(schema)) return 'textAnimators';
  if (isObjectList(schema, value)) return 'objects';
  if (isObject(schema)) return 'object';
  return 'json';
}

function fits(kind, value) {
  if (value === undefined) return true;
  switch (kind) {
  case 'number': case 'integer': return typeof value === 'number';
  case 'boolean': return typeof value === 'boolean';
  case 'numbers': return Array.isArray(value) && value.every(v => typeof v === 'number');
  case 'object': return value !== null && typeof value === 'object' && !Array.isArray(value);
  default: return typeof value === 'string';
  }
}

// The alternative of `schema` a control of `kind` edits, with the whole's description and default.
function option(schema, kind) {
  if (!schema.anyOf) return schema;
  const chosen = schema.anyOf.find(o => kindOf(o) === kind) || {};
  return Object.assign({}, chosen, { description: schema.description, default: schema.default });
}

// The controls of the editor whose state is `ed`: `at(pointer)` reads the file, `setting(base,
// values)` makes a change, `write(make)` queues it and `status(text, failed)` says how it went;
// `pickAnimator(i)` shows text animator i's range on the frame.
export function makeControls(ed, { at, setting, write, status, pickAnimator }) {
  // The change that sets the value at `pointer`: where objects on its way are not in the file
  // yet, the change adds the nearest one that is missing, holding the rest.
  function settingAt(pointer, value) {
    const parts = pointer.split('/');
    let key = unescape(parts.pop()), nested = value;
    while (parts.length > 1 && (at(parts.join('/')) === undefined || at(parts.join('/')) === null)) {
      nested = { [key]: nested };
      key = unescape(parts.pop());
    }
    return setting(parts.join('/'), { [key]: nested });
  }

  function commitAt(pointer, value) {
    return write(() => Object.assign(settingAt(pointer, value), { label: pointer + ' = ' + JSON.stringify(value) }));
  }

  function input(type, pointer, shown) {
    const made = document.createElement('input');
    made.type = type;
    if (shown !== undefined) made.value = shown;
    made.dataset.pointer = pointer;
    return made;
  }

  function number(itemSchema, pointer, shown, placeholder) {
    const made = input('number', pointer, shown);
    made.step = itemSchema.type === 'integer' ? '1' : 'any';
    if (itemSchema.minimum !== undefined) made.min = itemSchema.minimum;
    if (itemSchema.maximum !== undefined) made.max = itemSchema.maximum;
    if (placeholder !== undefined) made.placeholder = placeholder;
    return made;
  }

  // The number in `made`, or null (and a message) when it is not one `itemSchema` allows.
  function read(made, itemSchema, pointer) {
    const v = made.valueAsNumber;
    if (!Number.isFinite(v) || (itemSchema.type === 'integer' && !Number.isInteger(v))
        || (itemSchema.minimum !== undefined && v < itemSchema.minimum)
        || (itemSchema.maximum !== undefined && v > itemSchema.maximum)) {
      status(pointer + ': give ' + (itemSchema.type === 'integer' ? 'a whole number' : 'a number')
        + (itemSchema.minimum !== undefined ? ' from ' + itemSchema.minimum + ' to ' + itemSchema.maximum : ''), true);
      return null;
    }
    return v;
  }

  function menu(pointer, choices, value, unset) {
    const select = document.createElement('select');
    select.dataset.pointer = pointer;
    if (value === undefined || !choices.includes(value)) {
      select.append(new Option(value === undefined ? unset : value, value === undefined ? '' : value, false, true));
    }
    for (const choice of choices) select.append(new Option(choice, choice, false, choice === value));
    return select;
  }

  // The pipeline folder's files of a kind, relative to the pipeline file.
  function filesOf(kind) {
    const extensions = fileKinds[kind] || [];
    return (ed.info.files || []).filter(name => extensions.includes(name.split('.').pop().toLowerCase()));
  }

  function numbersControl(s, pointer, value, commit, names) {
    const control = element('span', 'values');
    const defaults = Array.isArray(s.default) ? s.default : [];
    const inputs = s.prefixItems.map((item, i) => {
      const made = number(item, pointer + '/' + i, value ? value[i] : undefined, defaults[i]);
      made.setAttribute('aria-label', names[i] || String(i));
      made.title = names[i] || '';
      return made;
    });
    inputs.forEach(made => {
      made.onchange = () => {
        // An empty box keeps the value the file has there, else the default.
        const values = inputs.map((other, j) => other.value !== '' ? read(other, s.prefixItems[j], pointer)
          : Array.isArray(value) && value[j] !== undefined ? value[j] : defaults[j] !== undefined ? defaults[j] : null);
        if (values.includes(null)) status(pointer + ': give all ' + inputs.length + ' numbers', true);
        else commit(values);
      };
    });
    control.append(...inputs);
    return control;
  }

  function colorControl(s, pointer, value, commit) {
    const control = element('span', 'values color');
    const form = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;
    const hex = typeof value === 'string' && form.test(value) ? value : null;
    // Where the file has no colour, the picker and the slider show the default.
    const shown = hex || (typeof s.default === 'string' && form.test(s.default) ? s.default : '#000000');
    const picker = input('color', pointer + '#picker', shown.slice(0, 7).toLowerCase());
    picker.setAttribute('aria-label', 'colour');
    // A range's value is set after its bounds: the browser clamps it to those it has.
    const alpha = input('range', pointer + '#alpha');
    alpha.min = 0;
    alpha.max = 255;
    alpha.step = 1;
    alpha.value = shown.length === 9 ? parseInt(shown.slice(7), 16) : 255;
    alpha.title = 'alpha';
    alpha.setAttribute('aria-label', 'alpha, 0 to 255');
    const text = input('text', pointer, value === undefined ? '' : value);
    text.placeholder = s.default || '#rrggbbaa';
    text.setAttribute('aria-label', 'colour as #rrggbb or #rrggbbaa');
    const byte = n => (n < 16 ? '0' : '') + n.toString(16);
    // The alpha is written when the file has one or the slider is below opaque.
    const composed = () => picker.value + (hex && hex.length === 9 || alpha.valueAsNumber < 255 ? byte(alpha.valueAsNumber) : '');
    picker.onchange = () => commit(composed());
    alpha.onchange = () => commit(picker.value + byte(alpha.valueAsNumber));
    text.onchange = () => { if (text.value) commit(text.value); };
    control.append(picker, alpha, text);
    return control;
  }

  function sliderAndField(s, pointer, value, commit) {
    const control = element('span', 'values slider');
    const box = number(s, pointer, value, s.default);
    box.setAttribute('aria-label', 'value');
    box.onchange = () => { const v = read(box, s, pointer); if (v !== null) commit(v); };
    // A slider where its travel means something: not over an hour of seconds or 72,000 degrees.
    const bounded = Number.isFinite(s.minimum) && Number.isFinite(s.maximum) && s.maximum > s.minimum
      && s.maximum - s.minimum <= 1000;
    if (bounded) {
      const slider = input('range', pointer + '#slider');
      slider.min = s.minimum;
      slider.max = s.maximum;
      slider.step = s.type === 'integer' ? 1 : 'any';
      slider.value = value !== undefined ? value : s.default !== undefined ? s.default : s.minimum;
      slider.setAttribute('aria-label', 'value from ' + s.minimum + ' to ' + s.maximum);
      slider.oninput = () => { box.value = slider.value; };
      slider.onchange = () => {
        const v = s.type === 'integer' ? Math.round(slider.valueAsNumber) : Math.round(slider.valueAsNumber * 1000) / 1000;
        commit(v);
      };
      control.append(slider);
    }
    control.append(box);
    return control;
  }

  // A labelled control for the value at `pointer` of `schema`; `hint` as for `kindOf`.
  // The layers a key naming a layer may name, by name (the last part of a layer's path), each
  // once: a matte's, the other layers of the matted layer's list; a snapshot's, every layer but
  // the one showing it and those holding it; any other key's, every layer.
  function layerChoices(pointer) {
    const named = layers => [...new Set(layers.map(layer => layer.name.split('/').pop()))];
    const matte = /^(.*)\/matte\/layer$/.exec(pointer);
    if (matte) {
      const list = p => p.replace(/\/\d+$/, '');
      return named(ed.info.layers.filter(layer => layer.pointer !== matte[1] && list(layer.pointer) === list(matte[1])));
    }
    const snapshot = /^(.*)\/snapshot$/.exec(pointer);
    if (snapshot) return named(ed.info.layers.filter(layer => !(snapshot[1] + '/').startsWith(layer.pointer + '/')));
    return named(ed.info.layers);
  }

  function field(key, schema, value, pointer, hint) {
    // A layer's own keys (not a plugin's parameters) may name a file or a layer.
    const own = !/\/params(\/|$)/.test(pointer);
    const fileHint = hint || (own ? fileKeyHint(pointer) || (layerKeys.includes(key) ? 'layer' : undefined) : undefined);
    const kind = kindOf(schema, value, fileHint), s = option(schema, kind === 'fileOrObject' || kind === 'stringOrObject' ? 'string' : kind);
    const row = element(['object', 'effects', 'textAnimators', 'objects'].includes(kind) ? 'div' : 'label', 'field ' + kind);
    row.title = s.description || schema.description || '';
    row.dataset.kind = kind;
    row.append(element('span', null, key));
    const commit = newValue => commitAt(pointer, newValue);
    let control;
    switch (kind) {
    case 'number': case 'integer':
      control = sliderAndField(s, pointer, value, commit);
      break;
    case 'boolean':
      control = input('checkbox', pointer);
      control.setAttribute('role', 'switch');
      control.checked = value === undefined ? s.default === true : value;
      control.onchange = () => commit(control.checked);
      break;
    case 'enum':
      control = menu(pointer, s.enum, value, 'default' + (s.default !== undefined ? ' (' + s.default + ')' : ''));
      control.onchange = () => { if (control.value) commit(control.value); };
      break;
    case 'layer':
      control = menu(pointer, layerChoices(pointer), value, '—');
      control.onchange = () => { if (control.value) commit(control.value); };
      break;
    case 'file': case 'fileOrObject': {
      const files = filesOf(hint === 'image' ? 'parameterImage' : fileHint);
      const select = menu(pointer, files, value, files.length ? '— a file —' : 'no file of this kind beside the pipeline');
      select.onchange = () => { if (select.value) commit(select.value); };
      control = kind === 'file' ? select : expandable(select, schema, pointer, value);
      break;
    }
    case 'stringOrObject': {
      const text = input('text', pointer, value === undefined ? '' : value);
      text.onchange = () => commit(text.value);
      control = expandable(text, schema, pointer, value);
      break;
    }
    case 'numbers':
      control = numbersControl(s, pointer, value, commit, componentNames[hint] || componentNames[s.prefixItems.length] || []);
      break;
    case 'numbersOrLayer': {
      const tuple = schema.anyOf.find(isTuple);
      control = element('span', 'values');
      const names = componentNames[tuple.prefixItems.length === 4 ? 'rect' : 'point'];
      control.append(numbersControl(Object.assign({ default: schema.default }, tuple), pointer,
        Array.isArray(value) ? value : undefined, commit, names));
      const layers = menu(pointer + '#layer', ed.info.layers.map(layer => layer.name),
        typeof value === 'string' ? value : undefined, 'or a layer');
      layers.setAttribute('aria-label', 'or a layer, followed every frame');
      layers.onchange = () => { if (layers.value) commit(layers.value); };
      control.append(layers);
      break;
    }
    case 'color':
      control = colorControl(s, pointer, value, commit);
      break;
    case 'string':
      control = input('text', pointer, value === undefined ? '' : value);
      if (s.default !== undefined) control.placeholder = s.default;
      control.onchange = () => commit(control.value);
      break;
    case 'object':
      control = objectControl(option(schema, 'object'), pointer, value);
      break;
    case 'effects':
      control = effectList(pointer, value);
      break;
    case 'textAnimators':
      control = textAnimatorList(s, pointer, value);
      break;
    case 'objects':
      control = objectList(s, pointer, value);
      break;
    default:
      control = input('text', pointer, value === undefined ? '' : JSON.stringify(value));
      control.placeholder = 'JSON';
      control.onchange = () => {
        try { commit(JSON.parse(control.value)); } catch (error) { status(pointer + ': not JSON: ' + error.message, true); }
      };
    }
    row.append(control);
    return row;
  }

  // The file kind of `…/video/file` and the like, from the pointer's last two keys.
  function fileKeyHint(pointer) {
    const parts = pointer.split('/');
    return fileKeys[parts.slice(-2).join('/')] || fileKeys[parts[parts.length - 1]];
  }

  // A string (a file's name) that may also be written as an object (`{"file": …, "start": …}`):
  // the button turns it into the object, keeping the string as its first required key.
  function expandable(control, schema, pointer, value) {
    const object = schema.anyOf.find(isObject);
    const key = object && (object.required || Object.keys(object.properties))[0];
    // A shape's path data is no key of its object form ({rect}, {ellipse}, {polystar}).
    if (!object || kindOf(object.properties[key]) !== 'string') return control;
    const wrap = element('span', 'values');
    const button = element('button', 'expand', '⋯');
    button.type = 'button';
    button.dataset.pointer = pointer + '#object';
    button.title = 'write it as {' + Object.keys(object.properties).join(', ') + '}';
    button.setAttribute('aria-label', button.title);
    button.onclick = () => write(() => Object.assign(settingAt(pointer, value === undefined ? {} : { [key]: value }),
      { label: pointer + ' as an object' }));
    wrap.append(control, button);
    return wrap;
  }

  // An object's keys, each typed: those the file writes first, the rest under "more".
  function objectControl(schema, pointer, value) {
    const box = element('div', 'object');
    const doc = value !== null && typeof value === 'object' ? value : {};
    const more = element('details');
    more.append(element('summary', null, 'more'));
    for (const [key, keySchema] of Object.entries(schema.properties)) {
      const made = field(key, keySchema, doc[key], pointer + '/' + escape(key));
      if (key in doc) box.append(made);
      else if (made.dataset.kind !== 'json') more.append(made);
    }
    if (more.children.length > 1) box.append(more);
    return box;
  }

  // A list of objects: each item's keys, with a button that removes it; a button at the end adds
  // a copy of the last item.
  function objectList(schema, pointer, value) {
    const list = element('div', 'objects');
    list.dataset.pointer = pointer;
    const change = (ops, inverse, label) => write(() => ({ ops: ops, inverse: inverse, label: label }));
    value.forEach((item, i) => {
      const itemPointer = pointer + '/' + i;
      const box = element('div', 'list-item');
      box.dataset.pointer = itemPointer;
      const head = element('div', 'effect-head', String(i));
      const remove = element('button', 'effect-button', '✕');
      remove.type = 'button';
      remove.dataset.pointer = itemPointer + '#remove';
      remove.title = 'remove';
      remove.setAttribute('aria-label', 'remove item ' + i);
      remove.disabled = value.length <= (schema.minItems || 0);
      remove.onclick = () => change([{ op: 'remove', path: itemPointer }],
        [{ op: 'add', path: itemPointer, value: at(itemPointer) }], 'removed ' + itemPointer);
      head.append(remove);
      box.append(head, objectControl(schema.items, itemPointer, item));
      list.append(box);
    });
    const add = element('button', 'expand', 'add');
    add.type = 'button';
    add.dataset.pointer = pointer + '#add';
    add.title = 'add a copy of the last item';
    add.disabled = schema.maxItems !== undefined && value.length >= schema.maxItems;
    add.onclick = () => change([{ op: 'add', path: pointer + '/' + value.length, value: value[value.length - 1] }],
      [{ op: 'remove', path: pointer + '/' + value.length }], 'added an item to ' + pointer);
    list.append(add);
    return list;
  }

  // A layer's `filters` or `backdropFilters`: each effect in order, its name a menu of the
  // installed effects (a plugin's, frei0r's) and its parameters typed from its plugin, with
  // buttons that move it up or down or remove it; a menu at the end adds one.
  function effectList(pointer, value) {
    const list = element('div', 'effects');
    list.dataset.pointer = pointer;
    const items = Array.isArray(value) ? value : [];
    const names = ed.info.effects.map(effect => effect.name);
    const change = (ops, inverse, label) => write(() => ({ ops: ops, inverse: inverse, label: label }));
    items.forEach((item, i) => {
      const itemPointer = pointer + '/' + i, current = item && typeof item === 'object' ? item : {};
      const effect = ed.info.effects.find(e => e.name === current.effect);
      const box = element('div', 'effect');
      box.dataset.pointer = itemPointer;
      const head = element('div', 'effect-head');
      const select = menu(itemPointer + '/effect', names, current.effect, '—');
      select.setAttribute('aria-label', 'effect ' + (i + 1));
      // Another effect takes none of the parameters the one before had.
      select.onchange = () => {
        if (!select.value) return;
        change([{ op: 'replace', path: itemPointer, value: { effect: select.value } }],
          [{ op: 'replace', path: itemPointer, value: at(itemPointer) }], itemPointer + ': ' + select.value);
      };
      const button = (text, what, title, act, disabled) => {
        const made = element('button', 'effect-button', text);
        made.type = 'button';
        made.dataset.pointer = itemPointer + '#' + what;
        made.title = title;
        made.setAttribute('aria-label', title + ': ' + (current.effect || 'effect ' + (i + 1)));
        made.disabled = disabled;
        made.onclick = act;
        return made;
      };
      const moveTo = j => change([{ op: 'move', from: itemPointer, path: pointer + '/' + j }],
        [{ op: 'move', from: pointer + '/' + j, path: itemPointer }], itemPointer + ' to ' + j);
      head.append(select,
        button('↑', 'up', 'move up', () => moveTo(i - 1), i === 0),
        button('↓', 'down', 'move down', () => moveTo(i + 1), i === items.length - 1),
        button('✕', 'remove', 'remove', () => change([{ op: 'remove', path: itemPointer }],
          [{ op: 'add', path: itemPointer, value: at(itemPointer) }], 'removed ' + itemPointer), false));
      box.append(head);
      if (effect) {
        box.title = effect.doc + ' (' + effect.origin + ')';
        const params = current.params && typeof current.params === 'object' ? current.params : {};
        for (const [key, schema] of Object.entries(effect.params.properties || {})) {
          box.append(field(key, schema, params[key], itemPointer + '/params/' + escape(key), effect.paramTypes[key]));
        }
      }
      list.append(box);
    });
    const add = menu(pointer + '#add', names, undefined, 'add an effect…');
    add.setAttribute('aria-label', 'add an effect');
    add.onchange = () => {
      if (!add.value) return;
      const name = add.value;
      if (at(pointer) === undefined) commitAt(pointer, [{ effect: name }]);
      else change([{ op: 'add', path: pointer + '/' + items.length, value: { effect: name } }],
        [{ op: 'remove', path: pointer + '/' + items.length }], 'added ' + name + ' to ' + pointer);
    };
    list.append(add);
    return list;
  }

  // A text's `textAnimators`: each animator's selector (or each of its list of selectors) and
  // its properties, typed from the schema (numbers, the shape, unit and mode menus, colours),
  // with a button that shows the characters it selects on the frame and one that removes it; a
  // button at the end adds an animator that fades what it selects.
  function textAnimatorList(schema, pointer, value) {
    const list = element('div', 'text-animators');
    list.dataset.pointer = pointer;
    const items = Array.isArray(value) ? value : [];
    const item = schema.items, select = item.properties.select;
    const selector = select.anyOf ? select.anyOf.find(isObject) : select;
    const change = (ops, inverse, label) => write(() => ({ ops: ops, inverse: inverse, label: label }));
    items.forEach((animator, i) => {
      const itemPointer = pointer + '/' + i, current = animator && typeof animator === 'object' ? animator : {};
      const box = element('div', 'text-animator');
      box.dataset.pointer = itemPointer;
      const head = element('div', 'effect-head');
      const show = element('button', 'show-range', 'animator ' + i);
      show.type = 'button';
      show.dataset.pointer = itemPointer + '#show';
      show.title = 'show the characters animator ' + i + ' selects on the frame';
      show.setAttribute('aria-pressed', String((ed.textAnimator || 0) === i));
      show.onclick = () => { if (pickAnimator) pickAnimator(i); };
      const remove = element('button', 'effect-button', '✕');
      remove.type = 'button';
      remove.dataset.pointer = itemPointer + '#remove';
      remove.title = 'remove';
      remove.setAttribute('aria-label', 'remove animator ' + i);
      remove.onclick = () => change([{ op: 'remove', path: itemPointer }],
        [{ op: 'add', path: itemPointer, value: at(itemPointer) }], 'removed ' + itemPointer);
      head.append(show, remove);
      box.append(head);
      if (Array.isArray(current.select)) {
        current.select.forEach((one, j) => box.append(field('select ' + j, selector, one, itemPointer + '/select/' + j)));
      } else {
        box.append(field('select', selector, current.select, itemPointer + '/select'));
      }
      box.append(field('properties', item.properties.properties, current.properties, itemPointer + '/properties'));
      list.append(box);
    });
    const add = element('button', 'expand', 'add an animator');
    add.type = 'button';
    add.dataset.pointer = pointer + '#add';
    add.title = 'add an animator that fades the characters it selects';
    const made = { select: { shape: 'square' }, properties: { opacity: 0 } };
    add.onclick = () => {
      if (at(pointer) === undefined) commitAt(pointer, [made]);
      else change([{ op: 'add', path: pointer + '/' + items.length, value: made }],
        [{ op: 'remove', path: pointer + '/' + items.length }], 'added an animator to ' + pointer);
    };
    list.append(add);
    return list;
  }

  return { field: field, commitAt: commitAt };
}
