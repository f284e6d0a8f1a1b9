// Any greyscale image as a wipe: `to` shows first where `mask` is darkest, last where it is lightest.
uniform sampler2D mask;
uniform float softness; // = 0.1
uniform bool invert; // = false

vec4 transition(vec2 uv) {
  float level = dot(texture2D(mask, uv).rgb, vec3(0.2126, 0.7152, 0.0722));
  if (invert) level = 1.0 - level;
  float reach = progress * (1.0 + softness);
  return mix(getFromColor(uv), getToColor(uv), smoothstep(level, level + softness, reach));
}
