// `from` opens as two doors sliding apart from its middle while `to` comes forward behind them.
uniform bool vertical; // = false
uniform float depth; // = 0.3
uniform vec3 shade; // = vec3(0.0, 0.0, 0.0)

vec2 across(vec2 p) { return vertical ? p.yx : p; } // the doors move along x, or along y when vertical

vec4 transition(vec2 uv) {
  vec2 p = across(uv);
  float travel = progress * 0.5; // each door's, in image widths
  if (p.x < 0.5 - travel) return getFromColor(across(vec2(p.x + travel, p.y)));
  if (p.x >= 0.5 + travel) return getFromColor(across(vec2(p.x - travel, p.y)));
  float scale = 1.0 - depth * (1.0 - progress);
  vec4 behind = getToColor((uv - 0.5) * scale + 0.5);
  return vec4(mix(behind.rgb, shade * behind.a, (1.0 - progress) * 0.6), behind.a);
}
