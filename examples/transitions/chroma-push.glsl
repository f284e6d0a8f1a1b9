// `to` pushes `from` out along `direction`, the red, green and blue channels each a little apart.
uniform vec2 direction; // = vec2(1.0, 0.0)
uniform float split; // = 0.03

vec4 pushed(vec2 uv, float t) {
  vec2 p = uv + direction * t; // where `from` is seen; past its edge, `to` follows it in
  bool inside = p.x >= 0.0 && p.x <= 1.0 && p.y >= 0.0 && p.y <= 1.0;
  return inside ? getFromColor(p) : getToColor(p - direction);
}

vec4 transition(vec2 uv) {
  float t = progress * (1.0 + 2.0 * split);
  vec4 green = pushed(uv, clamp(t - split, 0.0, 1.0));
  return vec4(pushed(uv, clamp(t, 0.0, 1.0)).r, green.g, pushed(uv, clamp(t - 2.0 * split, 0.0, 1.0)).b, green.a);
}
