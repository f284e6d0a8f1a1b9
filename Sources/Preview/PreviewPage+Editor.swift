extension PreviewPage {
    /// The editor, on when the page's address carries the token `--edit` printed.
    ///
    /// Every change is a JSON Patch sent to `PATCH /pipeline` with the file's version
    /// (`If-Match`), and kept with its inverse (the old values, or `remove` for keys that were
    /// not written) for undo and redo. While a bar or a handle is dragged, the frame and the chart
    /// show the change as a draft (`draft=` on `/frame` and `/timeline.json`), and it is sent
    /// once, on release. Numbers are written to the millisecond (three decimals).
    ///
    /// Driving an interactive transition: the drag's direction is set by its first few pixels;
    /// its distance over the frame's extent that way is the percent complete, sampled with its
    /// time. On release the server renders the rest from that track as `pipeline run` would
    /// (finish or cancel by the rule, completion speed and curve), and the page plays it;
    /// "keep this gesture" writes the track into `interaction`.
    ///
    /// `window.studio` holds the editor's state (bars, handles, history): the browser tests read it.
    static let editorScript = """
        function makeEditor(token) {
          const ed = {
            doc: null, etag: null, info: null, selected: null, layer: null, history: [], future: [],
            drag: null, draft: null, draftShown: null, draftBusy: false, bars: [], handles: [], busy: 0,
            driving: false, gesture: null, released: null, releasePlaying: false, writes: 0,
            // Writes run one after another, each from the file as the one before left it.
            queue: Promise.resolve(),
            // Grows with each settled write: a draft answer from before it is not shown as current.
            generation: 0,
          };
          window.studio = ed;
          document.body.classList.add('editing');
          const tracks = $('tracks'), chart = $('chart'), stage = $('stage');
          const round = v => Math.round(v * 1000) / 1000;
          const clamp = (v, low, high) => Math.min(high, Math.max(low, v));
          const escape = key => String(key).split('~').join('~0').split('/').join('~1');

          function address(path, query) {
            const parameters = new URLSearchParams(Object.assign({ token: token }, query || {}));
            return path + '?' + parameters.toString();
          }

          function at(pointer) {
            let value = ed.doc;
            for (const part of pointer.split('/').slice(1)) {
              if (value === null || typeof value !== 'object') return undefined;
              value = value[part.split('~1').join('/').split('~0').join('~')];
            }
            return value;
          }

          // The operations that set `values` (key → value) in the object at `base`, and their
          // inverse: each key's old value, or its removal when the file did not write it.
          function setting(base, values) {
            const ops = [], inverse = [];
            for (const [key, value] of Object.entries(values)) {
              const path = base + '/' + escape(key), old = at(path);
              if (JSON.stringify(old) === JSON.stringify(value)) continue;
              ops.push({ op: 'add', path: path, value: value });
              inverse.unshift(old === undefined ? { op: 'remove', path: path } : { op: 'add', path: path, value: old });
            }
            return { ops: ops, inverse: inverse };
          }

          function status(text, failed) {
            $('editstatus').textContent = text;
            $('editstatus').className = 'edit' + (failed ? ' failed' : '');
          }

          async function refresh() {
            const response = await fetch(address('pipeline'));
            if (!response.ok) throw new Error('cannot read the pipeline: ' + response.status);
            const etag = response.headers.get('ETag'), doc = JSON.parse(await response.text());
            const info = await (await fetch(address('editor.json'))).json();
            [ed.etag, ed.doc, ed.info] = [etag, doc, info];
            if (ed.selected !== null && ed.selected >= ed.info.steps.length) ed.selected = null;
            if (ed.layer) ed.layer = ed.info.layers.find(layer => layer.pointer === ed.layer.pointer) || null;
            // What is being typed in the inspector outlives its rebuilding.
            const focused = document.activeElement;
            const typing = focused && $('inspector').contains(focused) && focused.dataset.pointer
              ? { pointer: focused.dataset.pointer, value: focused.value } : null;
            inspect();
            if (typing) {
              const again = $('inspector').querySelector('[data-pointer="' + typing.pointer + '"]');
              if (again) { if (again.value !== undefined && again.type !== 'checkbox') again.value = typing.value; again.focus(); }
            }
            $('undo').disabled = ed.history.length === 0;
            $('redo').disabled = ed.future.length === 0;
          }

          // JSON as people write it in pipeline files, on one line: `[[0, 0.1], [0.2, 0.3]]`,
          // `{ "spring": { "dampingRatio": 0.7 } }`. The file takes a value's bytes as the patch gives them.
          function written(value) {
            if (Array.isArray(value)) return '[' + value.map(written).join(', ') + ']';
            if (value !== null && typeof value === 'object') {
              const members = Object.entries(value).map(([key, member]) => JSON.stringify(key) + ': ' + written(member));
              return members.length ? '{ ' + members.join(', ') + ' }' : '{}';
            }
            return JSON.stringify(value);
          }

          function patchText(ops) {
            return '[' + ops.map(op => '{"op": "' + op.op + '", "path": ' + JSON.stringify(op.path)
              + ('value' in op ? ', "value": ' + written(op.value) : '') + '}').join(', ') + ']';
          }

          async function send(ops) {
            const response = await fetch(address('pipeline'), {
              method: 'PATCH', body: patchText(ops),
              headers: { 'Content-Type': 'application/json-patch+json', 'If-Match': ed.etag || '' },
            });
            const answer = await response.json().catch(() => ({}));
            if (response.ok) return null;
            const message = (answer.error && answer.error.message) || answer.error || ('status ' + response.status);
            const places = ((answer.error && answer.error.problems) || []).map(p => (p.line ? p.line + ':' + p.column + ': ' : '') + p.message);
            return [message].concat(places).join('\\n') + (response.status === 409 ? '\\nthe page has reloaded the file' : '');
          }

          // Queues a write: `make()` builds the change ({ops, inverse, label}) from the file as the
          // writes before it left it; it joins the history once written.
          function write(make) {
            ed.busy++;
            ed.queue = ed.queue.then(async () => {
              try {
                const entry = make();
                if (entry && entry.ops.length) await perform(entry, entry.ops, 'wrote ', () => {
                  ed.history.push(entry);
                  ed.future = [];
                });
              } catch (error) {
                // Reported, and the queue goes on: a failed write never blocks the next.
                status('not written: ' + error.message, true);
              } finally {
                ed.busy--;
              }
            });
            return ed.queue;
          }

          // Undo and redo take their entry when their turn comes, and put it back if it is refused.
          function undoOrRedo(from, to, field, verb) {
            ed.busy++;
            ed.queue = ed.queue.then(async () => {
              try {
                const entry = from.pop();
                if (!entry) return;
                const done = await perform(entry, entry[field], verb, () => to.push(entry));
                if (!done) from.push(entry);
              } catch (error) {
                status(error.message, true);
              } finally {
                ed.busy--;
              }
            });
            return ed.queue;
          }
          const undo = () => undoOrRedo(ed.history, ed.future, 'inverse', 'undid ');
          const redo = () => undoOrRedo(ed.future, ed.history, 'ops', 'redid ');

          // Sends `ops`, shows the result, and settles on the file as it now is. True when written.
          async function perform(entry, ops, verb, onWritten) {
            let done = false;
            try {
              const failure = await send(ops);
              if (failure) {
                status('not written: ' + failure, true);
              } else {
                done = true;
                ed.writes++;
                onWritten();
                status(verb + entry.label);
              }
            } catch (error) {
              status('not written: ' + error.message, true);
            }
            try {
              await settle();
            } catch (error) {
              status(error.message, true);
            }
            return done;
          }

          // After a write (or a refused one): the file, the timeline and the frame as they are now.
          async function settle() {
            ed.generation++;
            ed.draft = null;
            ed.draftShown = null;
            view.draftTimeline = null;
            await refresh();
            await loadTimeline();
            show(Math.min(view.frame, lastFrame()));
          }

          // Drafts: the frame and chart of a change not sent yet; one request at a time, the
          // latest wins.
          function preview(ops, seconds) {
            ed.draft = ops ? { patch: JSON.stringify(ops), seconds: seconds } : null;
            pump();
          }

          async function pump() {
            if (ed.draftBusy) return;
            const draft = ed.draft, key = draft && draft.patch + '@' + draft.seconds, generation = ed.generation;
            if (key === ed.draftShown) return;
            ed.draftBusy = true;
            try {
              if (draft) {
                const response = await fetch(address('timeline.json', { draft: draft.patch }));
                if (!response.ok) throw new Error((await response.json()).error.message);
                const timeline = await response.json();
                const seconds = draft.seconds === undefined
                  ? Math.min(view.frame, timeline.frameCount - 1) / timeline.fps : draft.seconds;
                await showDraftFrame(draft.patch, seconds, () => ed.draft === draft);
                if (ed.draft === draft) {
                  view.draftTimeline = timeline;
                  view.chart = drawChart(chart, timeline, seconds, 60);
                  shown(seconds);
                }
              }
              if (generation === ed.generation) ed.draftShown = key;
            } catch (error) {
              status('draft: ' + error.message, true);
              if (generation === ed.generation) ed.draftShown = key;
            } finally {
              ed.draftBusy = false;
            }
            if (ed.draft && ed.draft.patch + '@' + ed.draft.seconds !== ed.draftShown) pump();
          }

          // Shows the draft's frame unless `wanted()` says it is no longer asked for.
          async function showDraftFrame(patch, seconds, wanted) {
            const response = await fetch(address('frame', { t: seconds, draft: patch }));
            if (!response.ok) throw new Error((await response.json()).error.message);
            const blob = await response.blob();
            if (wanted && !wanted()) return;
            const url = URL.createObjectURL(blob);
            const old = $('frame').dataset.draft;
            $('frame').src = url;
            $('frame').dataset.draft = url;
            if (old) URL.revokeObjectURL(old);
          }

          // The bars: one row per layer a step acts on, in the order the steps first name them.
          function drawTracks(now) {
            const info = ed.info, t = view.draftTimeline || view.timeline;
            if (!info || !t) return;
            const rows = [];
            for (const step of info.steps) if (!rows.includes(step.track)) rows.push(step.track);
            const row = 26, height = Math.max(1, rows.length) * row + 4;
            const { g, width } = sizeCanvas(tracks, height);
            // While a bar is dragged the scale stays as it was when the drag began, so the bar
            // stays under the pointer even when the change makes the render longer.
            // Bars are in timeline seconds: on the chart's axis when the render follows the
            // timeline, else (a gesture, a dismissal) on the timeline's own, from 0 to its end.
            const axis = info.followsTimeline ? t.times[t.times.length - 1] || 1 : info.timelineEnd || 1;
            const pad = 8, end = ed.drag && ed.drag.kind === 'bar' ? ed.drag.end : axis;
            const x = seconds => pad + (width - 2 * pad) * seconds / end;
            g.font = '11px system-ui, sans-serif';
            rows.forEach((name, index) => {
              g.fillStyle = '#3a3a3a';
              g.fillRect(pad, index * row + 3, width - 2 * pad, row - 4);
            });
            ed.bars = info.steps.map((step, index) => {
              const span = ed.drag && ed.drag.kind === 'bar' && ed.drag.step === index ? ed.drag.span : step;
              const x0 = x(span.start), x1 = Math.max(x(span.end), x0 + 4);
              const y0 = rows.indexOf(step.track) * row + 4, y1 = y0 + row - 6;
              g.fillStyle = 'hsla(' + (index * 67 % 360) + ', 60%, 50%, ' + (step.alongside === undefined ? 0.85 : 0.4) + ')';
              g.fillRect(x0, y0, x1 - x0, y1 - y0);
              if (ed.selected === index) { g.strokeStyle = '#fff'; g.lineWidth = 2; g.strokeRect(x0, y0, x1 - x0, y1 - y0); g.lineWidth = 1; }
              g.save();
              g.beginPath(); g.rect(x0, y0, x1 - x0, y1 - y0); g.clip();
              g.fillStyle = '#fff';
              g.fillText(step.label + (step.alongside === undefined ? '' : ' (alongside)'), x0 + 4, y0 + 14);
              g.restore();
              return { step: index, x0: x0, x1: x1, y0: y0, y1: y1, own: step.alongside === undefined };
            });
            // Each track's layer, at its right end, over the bars.
            g.lineWidth = 3;
            g.strokeStyle = 'rgba(0, 0, 0, 0.6)';
            g.fillStyle = '#ddd';
            rows.forEach((name, index) => {
              const left = width - pad - 6 - g.measureText(name).width;
              g.strokeText(name, left, index * row + 18);
              g.fillText(name, left, index * row + 18);
            });
            g.lineWidth = 1;
            if (info.followsTimeline) {
              g.strokeStyle = '#fff';
              g.beginPath(); g.moveTo(x(now), 0); g.lineTo(x(now), height); g.stroke();
            }
            ed.tracksGeometry = { x: x, end: end, pad: pad, width: width };
          }

          // The selected step's curve as [x1, y1, x2, y2], when it is a Bézier (a named one, or
          // linear, counts): the chart then shows its two handles.
          function bezierOf(timing) {
            if (timing === undefined || timing === 'linear') return [0, 0, 1, 1];
            if (typeof timing === 'string') return ed.info.beziers[timing] ? ed.info.beziers[timing].slice() : null;
            if (timing && Array.isArray(timing['cubic-bezier'])) return timing['cubic-bezier'].slice();
            return null;
          }

          function drawHandles() {
            ed.handles = [];
            const index = ed.selected, geometry = view.chart;
            if (index === null || !geometry || !ed.info) return;
            const step = ed.info.steps[index], lane = geometry.lanes[index];
            // The chart's axis is the render's time: a curve's handles sit on it only when that
            // is the timeline's.
            if (step.alongside !== undefined || !lane || !ed.info.followsTimeline) return;
            const points = ed.drag && ed.drag.kind === 'handle' ? ed.drag.points : bezierOf(at(step.pointer + '/timing'));
            if (!points) return;
            const span = step.duration / step.speed, g = geometry.context;
            const x = p => geometry.x(step.start + p * span), y = p => lane.bottom - (lane.bottom - lane.top) * p;
            const ends = [[x(0), y(0)], [x(1), y(1)]];
            g.strokeStyle = '#fff';
            [[points[0], points[1]], [points[2], points[3]]].forEach((point, which) => {
              const handle = { which: which, x: x(point[0]), y: y(point[1]) };
              g.beginPath(); g.moveTo(ends[which][0], ends[which][1]); g.lineTo(handle.x, handle.y); g.stroke();
              g.fillStyle = '#fff';
              g.beginPath(); g.arc(handle.x, handle.y, 5, 0, 2 * Math.PI); g.fill();
              ed.handles.push(handle);
            });
          }

          function shown(now) {
            drawTracks(now);
            drawHandles();
          }

          function local(event, element) {
            const box = element.getBoundingClientRect();
            return { x: event.clientX - box.left, y: event.clientY - box.top };
          }

          function secondsPer(pixels) {
            const geometry = ed.tracksGeometry;
            return pixels * geometry.end / (geometry.width - 2 * geometry.pad);
          }

          // Dragging a bar moves its start; dragging one of its ends changes its duration.
          tracks.addEventListener('pointerdown', event => {
            if (event.button !== 0) return;
            const point = local(event, tracks);
            const bar = ed.bars.find(b => point.x >= b.x0 - 3 && point.x <= b.x1 + 3 && point.y >= b.y0 && point.y <= b.y1);
            if (!bar) return;
            select(bar.step);
            if (!bar.own || ed.busy) return;
            const step = ed.info.steps[bar.step];
            const edge = bar.x1 - bar.x0 > 16 && point.x - bar.x0 < 6 ? 'start' : bar.x1 - point.x < 6 ? 'end' : 'move';
            ed.drag = {
              kind: 'bar', step: bar.step, edge: edge, from: point.x, span: { start: step.start, end: step.end },
              values: null, end: ed.tracksGeometry.end, perPixel: secondsPer(1),
            };
            tracks.setPointerCapture(event.pointerId);
            setPlaying(false);
          });

          tracks.addEventListener('pointermove', event => {
            const drag = ed.drag;
            if (!drag || drag.kind !== 'bar') {
              const point = local(event, tracks);
              const bar = ed.bars.find(b => point.x >= b.x0 - 3 && point.x <= b.x1 + 3 && point.y >= b.y0 && point.y <= b.y1);
              tracks.style.cursor = !bar || !bar.own ? 'default' : (point.x - bar.x0 < 6 || bar.x1 - point.x < 6) ? 'ew-resize' : 'grab';
              return;
            }
            const step = ed.info.steps[drag.step], by = (local(event, tracks).x - drag.from) * drag.perPixel;
            const length = step.end - step.start, values = {};
            if (drag.edge === 'move') {
              values.start = round(Math.max(0, step.start + by));
              drag.span = { start: values.start, end: values.start + length };
            } else {
              const start = drag.edge === 'start' ? round(clamp(step.start + by, 0, step.end - 0.01)) : step.start;
              const end = drag.edge === 'end' ? Math.max(step.start + 0.01, step.end + by) : step.end;
              // A step of no length takes the span's length, through its speed and repetitions.
              const cycles = step.repeat * (step.autoreverse ? 2 : 1) / step.speed;
              values.duration = round(Math.max(0.001, length > 0 ? step.duration * (end - start) / length : (end - start) / cycles));
              if (drag.edge === 'start') values.start = start;
              drag.span = { start: start, end: end };
            }
            if (!Object.values(values).every(Number.isFinite)) return;
            drag.values = values;
            drawTracks(view.frame / view.timeline.fps);
            preview(setting(step.pointer, values).ops);
          });

          // The change a drag made, built when its write's turn comes.
          function dragChange(drag) {
            const step = ed.info.steps[drag.step];
            if (drag.kind === 'bar') {
              const change = setting(step.pointer, drag.values);
              change.label = step.label + ': ' + Object.entries(drag.values).map(([k, v]) => k + ' ' + v).join(', ');
              return change;
            }
            const change = setting(step.pointer, { timing: { 'cubic-bezier': drag.points.slice() } });
            change.label = step.label + ': cubic-bezier(' + drag.points.join(', ') + ')';
            return change;
          }

          function endDrag() {
            const drag = ed.drag;
            if (!drag) return;
            ed.drag = null;
            if (drag.values || drag.moved) write(() => dragChange(drag));
            else { preview(null); show(view.frame); }
          }
          for (const canvas of [tracks, chart]) {
            for (const type of ['pointerup', 'pointercancel', 'lostpointercapture']) canvas.addEventListener(type, endDrag);
          }

          // The chart: a Bézier's handles, for the selected step.
          chart.addEventListener('pointerdown', event => {
            if (event.button !== 0) return;
            const point = local(event, chart);
            const handle = ed.handles.find(h => Math.hypot(h.x - point.x, h.y - point.y) <= 9);
            if (!handle || ed.busy) return;
            const step = ed.info.steps[ed.selected];
            ed.drag = { kind: 'handle', step: ed.selected, which: handle.which, points: bezierOf(at(step.pointer + '/timing')), moved: false };
            chart.setPointerCapture(event.pointerId);
            setPlaying(false);
          });

          chart.addEventListener('pointermove', event => {
            const drag = ed.drag, point = local(event, chart);
            if (!drag || drag.kind !== 'handle') {
              chart.style.cursor = ed.handles.some(h => Math.hypot(h.x - point.x, h.y - point.y) <= 9) ? 'move' : 'default';
              return;
            }
            const step = ed.info.steps[drag.step], lane = view.chart.lanes[drag.step];
            const span = step.duration / step.speed, geometry = view.chart;
            const seconds = (point.x - geometry.pad) * geometry.end / (geometry.width - 2 * geometry.pad);
            drag.points[2 * drag.which] = round(clamp((seconds - step.start) / span, 0, 1));
            drag.points[2 * drag.which + 1] = round(clamp((lane.bottom - point.y) / (lane.bottom - lane.top), -5, 6));
            drag.moved = true;
            preview(setting(step.pointer, { timing: { 'cubic-bezier': drag.points.slice() } }).ops);
            view.chart = drawChart(chart, view.draftTimeline || view.timeline, view.frame / view.timeline.fps, 60);
            shown(view.frame / view.timeline.fps);
          });

          function select(index) {
            // A field being typed in is committed before the inspector shows another step.
            if ($('inspector').contains(document.activeElement)) document.activeElement.blur();
            ed.selected = index;
            const step = ed.info.steps[index];
            ed.layer = ed.info.layers.find(layer => layer.name === step.track) || null;
            inspect();
            show(view.frame);
          }

          \(inspectorScript)
          \(gestureScript)

          $('undo').onclick = undo;
          $('redo').onclick = redo;

          refresh().then(() => { if (view.timeline) show(view.frame); }, error => status(error.message, true));

          return {
            shown: shown,
            refresh: () => refresh().catch(error => status(error.message, true)),
            showsDraft: () => ed.draft !== null || ed.releasePlaying || ed.gesture !== null,
            key: event => {
              if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' && event.key.toLowerCase() !== 'y') return false;
              if (['INPUT', 'SELECT', 'TEXTAREA'].includes(event.target.tagName)) return false;
              event.preventDefault();
              if (event.key.toLowerCase() === 'y' || event.shiftKey) redo(); else undo();
              return true;
            },
          };
        }
        editor = new URLSearchParams(location.search).get('token')
          ? makeEditor(new URLSearchParams(location.search).get('token')) : null;
        """
}

extension PreviewPage {
    /// The inspector: the selected step's start, duration, timing curve (a name, a Bézier's
    /// four numbers, a spring's parameters in one of its three forms) and parameters, and the
    /// selected layer's keys, each field made from the schema (`/editor.json`): numbers with
    /// their range, choices, colours, points and rects, switches; anything else as JSON text.
    /// A field's change is written when it is committed (Enter, or leaving it).
    static let inspectorScript = """
        function kindOf(schema, value) {
          if (!schema) return 'json';
          if (schema.$ref === '#/$defs/color') return 'color';
          if (schema.anyOf) {
            for (const option of schema.anyOf) {
              const kind = kindOf(option, value);
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

        function heading(panel, text) {
          const element = document.createElement('h3');
          element.textContent = text;
          panel.append(element);
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
            const name = select.value, springs = ed.info.springSchemas;
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
        """

    /// Driving an interactive transition by hand on the frame (see `editorScript`).
    static let gestureScript = """
        const drive = $('drive'), keep = $('keep');
        drive.onclick = () => {
          ed.driving = !ed.driving;
          document.body.classList.toggle('driving', ed.driving);
          drive.textContent = ed.driving ? 'driving: drag on the frame' : 'drive by hand';
        };

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
              view.chart = drawChart(chart, timeline, n / timeline.fps, 60);
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
        """
}
