// A ring spreads from `center` with `to` inside it; both images ripple where the ring passes.
uniform vec2 center; // = vec2(0.5, 0.5)
uniform float amplitude; // = 0.02
uniform float waves; // = 60.0

vec4 transition(vec2 uv) {
  vec2 aspect = vec2(ratio, 1.0);
  vec2 offset = (uv - center) * aspect;
  float far = length(max(center, 1.0 - center) * aspect); // the farthest corner
  float edge = length(offset) - (progress * (far + 0.04) - 0.02); // < 0 inside the ring
  float swell = exp(-edge * edge * 300.0) * sin(progress * 3.14159265);
  vec2 bent = uv + normalize(offset + 1e-6) / aspect * sin(edge * waves) * amplitude * swell;
  return mix(getToColor(bent), getFromColor(bent), smoothstep(-0.02, 0.02, edge));
}
