//! Checks the Rust mirror against `animator.h` itself: a C program compiled with `cc` against
//! the header prints the size and alignment of every struct and the offset and size of every field, and
//! each must equal what Rust computes. The fields listed here must also fill each Rust struct
//! without a gap, so a field missing from this list fails too.

use pipeline_animator::abi::*;
use std::path::PathBuf;
use std::process::Command;

/// One struct as both sides see it.
struct Layout {
    name: &'static str,
    size: usize,
    align: usize,
    /// (C field name, Rust offset, Rust size, Rust alignment) in declaration order.
    fields: Vec<(&'static str, usize, usize, usize)>,
}

fn field_layout<S, F>(_: fn(&S) -> &F) -> (usize, usize) {
    (core::mem::size_of::<F>(), core::mem::align_of::<F>())
}

macro_rules! layouts {
    ($($type:ident { $($field:ident),* $(,)? }),* $(,)?) => {
        vec![$(Layout {
            name: stringify!($type),
            size: core::mem::size_of::<$type>(),
            align: core::mem::align_of::<$type>(),
            fields: vec![$({
                let (size, align) = field_layout(|s: &$type| &s.$field);
                (stringify!($field).trim_end_matches('_'), core::mem::offset_of!($type, $field), size, align)
            }),*],
        }),*]
    };
}

fn rust_layouts() -> Vec<Layout> {
    layouts! {
        anim_point_t { x, y },
        anim_size_t { width, height },
        anim_rect_t { x, y, width, height },
        anim_color_t { r, g, b, a },
        anim_mask_shape_t { kind, reserved, rect, corner_radius },
        anim_mask_t { shape_count, fill_rule, inverted, reserved, shapes },
        anim_shadow_t { color, opacity, radius, offset },
        anim_layer_t { struct_size, hidden, name, frame, anchor, scale, rotation, translation, opacity,
                       corner_radius, shadow, mask },
        anim_param_desc_t { struct_size, type_, flags, reserved, id, doc, unit, min, max, default_value,
                            default_string, choices },
        anim_value_t { type_, is_set, v, i, s, layer },
        anim_create_args_t { struct_size, param_count, canvas, params, target, duration, render_scale, user_data },
        anim_apply_args_t { struct_size, param_count, progress, time, duration, canvas, params, instance },
        anim_animator_desc_t { struct_size, concurrency, name, version, doc, params, param_count, reserved,
                               create, destroy, apply, flags, reserved2 },
        anim_image_t { struct_size, width, height, stride, pixels },
        anim_mix_args_t { struct_size, param_count, progress, time, duration, params, instance, from, to, out,
                          row_begin, row_end, canvas, render_scale, pixel_order, reserved },
        anim_mixer_desc_t { struct_size, concurrency, name, version, doc, params, param_count, reserved,
                            create, destroy, mix, flags, reserved2, user_data },
        anim_reach_t { left, top, right, bottom, read, reserved },
        anim_effect_args_t { struct_size, param_count, params, instance, user_data, time, canvas, render_scale,
                             pixel_order, row_begin, row_end, reserved, in_, out },
        anim_effect_desc_t { struct_size, concurrency, name, version, doc, params, param_count, flags, create,
                             destroy, reach, apply, user_data },
        anim_curve_desc_t { struct_size, reserved, name, doc, signature, arg_names, arg_defaults, function },
        anim_host_t { struct_size, abi_major, abi_minor, reserved, host_name, host_version, host_data,
                      register_animator, register_mixer, register_curve, get_service, register_effect },
        anim_log_service_v1_t { struct_size, reserved, log },
        anim_native_pixels_v1_t { struct_size, red, green, blue, alpha, reserved },
        anim_effects_v1_t { struct_size, max_reach },
        anim_about_v1_t { struct_size, reserved, author, homepage, license },
        anim_requirement_t { id, version, reserved },
        anim_entry_t { abi_major, abi_minor, struct_size, reserved, plugin_id, plugin_version, description,
                       init, deinit, requirements, get_extension },
    }
}

/// The C program's source: one `printf` per struct and per field, in the same order as Rust's.
fn c_program(layouts: &[Layout]) -> String {
    let mut source = String::from("#include <stdio.h>\n#include <stddef.h>\n#include \"animator.h\"\n");
    source += "int main(void) {\n";
    for layout in layouts {
        let t = layout.name;
        source += &format!("    printf(\"{t} size %zu align %zu\\n\", sizeof({t}), _Alignof({t}));\n");
        for (field, ..) in &layout.fields {
            source += &format!(
                "    printf(\"{t}.{field} %zu size %zu\\n\", offsetof({t}, {field}), sizeof((({t} *)0)->{field}));\n"
            );
        }
    }
    source + "    return 0;\n}\n"
}

fn rust_lines(layouts: &[Layout]) -> Vec<String> {
    let mut lines = Vec::new();
    for layout in layouts {
        lines.push(format!("{} size {} align {}", layout.name, layout.size, layout.align));
        for (field, offset, size, _) in &layout.fields {
            lines.push(format!("{}.{field} {offset} size {size}", layout.name));
        }
    }
    lines
}

fn header_directory() -> PathBuf {
    match std::env::var_os("ANIMATOR_H_DIR") {
        Some(directory) => PathBuf::from(directory),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../Sources/CAnimatorABI/include"),
    }
}

#[test]
fn every_struct_and_field_matches_the_c_header() {
    let layouts = rust_layouts();
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let source = scratch.join("layout.c");
    let program = scratch.join("layout");
    std::fs::write(&source, c_program(&layouts)).unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let compile = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Werror", "-I"])
        .arg(header_directory())
        .arg(&source)
        .arg("-o")
        .arg(&program)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
    assert!(
        compile.status.success(),
        "{cc} failed:\n{}",
        String::from_utf8_lossy(&compile.stderr)
    );
    let run = Command::new(&program).output().unwrap();
    assert!(run.status.success());
    let c_lines: Vec<String> = String::from_utf8(run.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let rust = rust_lines(&layouts);
    for (c, r) in c_lines.iter().zip(&rust) {
        assert_eq!(c, r, "C (left) and Rust (right) disagree");
    }
    assert_eq!(c_lines.len(), rust.len());
}

/// The header leaves no padding anywhere (its `reserved` fields fill what would be gaps), so
/// the listed fields must follow one another without a byte between them and end at the
/// struct's end: a field missing from this list leaves a gap.
#[test]
fn the_listed_fields_cover_every_rust_struct() {
    for layout in rust_layouts() {
        let mut end: usize = 0;
        for (field, offset, size, _) in &layout.fields {
            assert_eq!(*offset, end, "{}.{field}: a field before it is not listed", layout.name);
            end = offset + size;
        }
        assert_eq!(
            layout.size, end,
            "{}: a field after the last listed one is not listed",
            layout.name
        );
    }
}

#[test]
fn the_versions_match_the_header() {
    let header = std::fs::read_to_string(header_directory().join("animator.h")).unwrap();
    assert!(header.contains(&format!("#define ANIM_ABI_MAJOR {ANIM_ABI_MAJOR}\n")));
    assert!(header.contains(&format!("#define ANIM_ABI_MINOR {ANIM_ABI_MINOR}\n")));
    assert!(header.contains(&format!("#define ANIM_ENTRY_SYMBOL \"{ANIM_ENTRY_SYMBOL}\"\n")));
}

/// A constant's value as the C program prints it: a number, or a string in quotes.
trait ConstantText {
    /// The value's text and the `printf` argument that prints the same for the C macro `name`.
    fn text(&self, name: &str) -> (String, String);
}

impl ConstantText for u32 {
    fn text(&self, name: &str) -> (String, String) {
        (self.to_string(), format!("printf(\"%u\", (unsigned){name})"))
    }
}

impl ConstantText for &core::ffi::CStr {
    fn text(&self, name: &str) -> (String, String) {
        (
            format!("\"{}\"", self.to_str().unwrap()),
            format!("printf(\"\\\"%s\\\"\", {name})"),
        )
    }
}

impl ConstantText for &str {
    fn text(&self, name: &str) -> (String, String) {
        (format!("\"{self}\""), format!("printf(\"\\\"%s\\\"\", {name})"))
    }
}

macro_rules! constants {
    ($($name:ident),* $(,)?) => {
        vec![$({ let (text, print) = $name.text(stringify!($name)); (stringify!($name), text, print) }),*]
    };
}

/// Every value constant of the mirror: (name, Rust's value as text, the C statement printing C's).
fn rust_constants() -> Vec<(&'static str, String, String)> {
    constants! {
        ANIM_ABI_MAJOR, ANIM_ABI_MINOR, ANIM_ENTRY_SYMBOL,
        ANIM_MASK_SHAPE_RECT, ANIM_MASK_SHAPE_ROUNDED_RECT, ANIM_MASK_SHAPE_CIRCLE, ANIM_MASK_SHAPE_ELLIPSE,
        ANIM_FILL_NONZERO, ANIM_FILL_EVEN_ODD, ANIM_MASK_MAX_SHAPES,
        ANIM_PARAM_NUMBER, ANIM_PARAM_INTEGER, ANIM_PARAM_BOOL, ANIM_PARAM_COLOR, ANIM_PARAM_POINT, ANIM_PARAM_SIZE,
        ANIM_PARAM_RECT, ANIM_PARAM_STRING, ANIM_PARAM_ENUM, ANIM_PARAM_LAYER, ANIM_PARAM_REQUIRED,
        ANIM_PARAM_ACCEPTS_LAYER, ANIM_CONCURRENCY_REENTRANT, ANIM_CONCURRENCY_SERIAL,
        ANIM_SERVICE_LOG, ANIM_LOG_DEBUG, ANIM_LOG_INFO, ANIM_LOG_WARNING, ANIM_LOG_ERROR,
        ANIM_SERVICE_NATIVE_PIXELS, ANIM_EXTENSION_ABOUT, ANIM_PIXELS_RGBA, ANIM_PIXELS_NATIVE,
        ANIM_MIXER_NATIVE_PIXELS, ANIM_MIXER_KEEPS_OPAQUE, ANIM_SERVICE_EFFECTS, ANIM_REACH_MAX, ANIM_EFFECT_NATIVE_PIXELS,
        ANIM_EFFECT_WHOLE_IMAGE,
        ANIM_EFFECT_USES_TIME,
        ANIM_EFFECT_TRANSPARENT_EDGES,
        ANIM_EFFECT_EDGES_PARAM,
        ANIM_ANIMATOR_BRINGS_IN,
    }
}

/// Compiles `main`'s body against the header and returns what the program prints.
fn run_c(name: &str, body: &str) -> String {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let source = scratch.join(format!("{name}.c"));
    let program = scratch.join(name);
    std::fs::write(
        &source,
        format!("#include <stdio.h>\n#include \"animator.h\"\nint main(void) {{\n{body}    return 0;\n}}\n"),
    )
    .unwrap();
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let compile = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Werror", "-I"])
        .arg(header_directory())
        .arg(&source)
        .arg("-o")
        .arg(&program)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
    assert!(
        compile.status.success(),
        "{cc} failed:\n{}",
        String::from_utf8_lossy(&compile.stderr)
    );
    let run = Command::new(&program).output().unwrap();
    assert!(run.status.success());
    String::from_utf8(run.stdout).unwrap()
}

/// Each constant has C's value, and every `#define` of a number or a string in the header is
/// among them, so a constant the header gains and the mirror lacks fails too.
#[test]
fn every_constant_matches_the_c_header() {
    let constants = rust_constants();
    let mut body = String::new();
    for (name, _, print) in &constants {
        body += &format!("    printf(\"{name} \"); {print}; printf(\"\\n\");\n");
    }
    let c = run_c("constants", &body);
    for ((name, rust, _), line) in constants.iter().zip(c.lines()) {
        assert_eq!(line, format!("{name} {rust}"), "C (left) and Rust (right) disagree");
    }
    assert_eq!(c.lines().count(), constants.len());

    // animator.h and the part it includes, so a constant moved between them is still checked.
    let header = ["animator.h", "animator_images.h"]
        .map(|name| std::fs::read_to_string(header_directory().join(name)).unwrap())
        .join("\n");
    for line in header.lines() {
        let mut words = line.split_whitespace();
        let (Some("#define"), Some(name), Some(value)) = (words.next(), words.next(), words.next()) else {
            continue;
        };
        let is_value = value.starts_with('"') || value.trim_end_matches('u').parse::<u64>().is_ok();
        if is_value {
            assert!(
                constants.iter().any(|(n, ..)| *n == name),
                "{name} ({value}) is not in the Rust mirror"
            );
        }
    }
}
