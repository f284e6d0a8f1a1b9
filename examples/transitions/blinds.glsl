// Venetian blinds: `to` opens out from the middle of each of `count` horizontal slats.
uniform int count; // = 10
uniform float smoothness; // = 0.1

vec4 transition(vec2 uv) {
  float fromMiddle = abs(fract(uv.y * float(count)) - 0.5) * 2.0; // 0 at a slat's middle, 1 at its edges
  float reach = progress * (1.0 + smoothness);
  return mix(getFromColor(uv), getToColor(uv), 1.0 - smoothstep(reach - smoothness, reach, fromMiddle));
}
