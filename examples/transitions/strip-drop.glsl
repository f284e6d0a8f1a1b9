// `to` falls in from the top in `strips` vertical strips, each starting at its own moment.
uniform int strips; // = 12
uniform float spread; // = 0.5

vec4 transition(vec2 uv) {
  float strip = floor(uv.x * float(strips));
  float start = fract(strip * 0.618034) * spread; // starts spread evenly, in no visible order
  float t = clamp((progress - start) / (1.0 - spread), 0.0, 1.0);
  float bottom = 1.0 - t * t; // where the strip's lower edge has fallen to, accelerating
  return uv.y >= bottom ? getToColor(vec2(uv.x, uv.y - bottom)) : getFromColor(uv);
}
