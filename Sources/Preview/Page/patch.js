// The editor's changes as JSON Patch (RFC 6902), and the values in them.

// Numbers are written to the millisecond (three decimals).
export const round = v => Math.round(v * 1000) / 1000;
export const clamp = (v, low, high) => Math.min(high, Math.max(low, v));
// A key as one token of a JSON Pointer.
export const escape = key => String(key).split('~').join('~0').split('/').join('~1');

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

// The patch as the server reads it, each value written as people write it.
export function patchText(ops) {
  return '[' + ops.map(op => '{"op": "' + op.op + '"' + ('from' in op ? ', "from": ' + JSON.stringify(op.from) : '')
    + ', "path": ' + JSON.stringify(op.path)
    + ('value' in op ? ', "value": ' + written(op.value) : '') + '}').join(', ') + ']';
}
