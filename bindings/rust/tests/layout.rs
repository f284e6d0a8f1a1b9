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
        anim_create_args_t { struct_size, param_count, canvas, params, target, duration, render_scale },
        anim_apply_args_t { struct_size, param_count, progress, time, duration, canvas, params, instance },
        anim_animator_desc_t { struct_size, concurrency, name, version, doc, params, param_count, reserved,
                               create, destroy, apply },
        anim_image_t { struct_size, width, height, stride, pixels },
        anim_mix_args_t { struct_size, param_count, progress, time, duration, params, instance, from, to, out,
                          row_begin, row_end, canvas, render_scale, pixel_order, reserved },
        anim_mixer_desc_t { struct_size, concurrency, name, version, doc, params, param_count, reserved,
                            create, destroy, mix, flags, reserved2 },
        anim_curve_desc_t { struct_size, reserved, name, doc, signature, arg_names, arg_defaults, function },
        anim_host_t { struct_size, abi_major, abi_minor, reserved, host_name, host_version, host_data,
                      register_animator, register_mixer, register_curve, get_service },
        anim_log_service_v1_t { struct_size, reserved, log },
        anim_native_pixels_v1_t { struct_size, red, green, blue, alpha, reserved },
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
