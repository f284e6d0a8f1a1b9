use crate::abi::*;
use crate::{param, Layer, Params};
use core::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// An animator: given a progress and its parameters, writes properties of the target layer.
///
/// The host may call `apply` for any frame, in any order, on several threads at once, so it
/// keeps no state between calls: each call gets a fresh `Self::default()` (free for the unit
/// struct an animator usually is).
pub trait Animator: Default {
    /// The name pipeline files use: `[a-z][a-z0-9-]*`, unique among the loaded plugins.
    const NAME: &'static CStr;
    /// The animator's version.
    const VERSION: &'static CStr = c"1.0.0";
    /// One line saying what it animates.
    const DOC: &'static CStr;
    /// Its parameters, in the order the host passes their values (see [`param`]).
    const PARAMS: &'static [param::Desc] = &[];
    /// Whether it brings its target in (`ANIM_ANIMATOR_BRINGS_IN`): a step running it without a
    /// `fillMode` holds its start state before it starts.
    const BRINGS_IN: bool = false;

    /// Writes the layer's properties for progress `p` (0 at the start, 1 at the end; overshooting
    /// curves leave that range). Change only what this animator animates. An `Err` stops the
    /// render and is reported with the plugin, the step and the frame.
    fn apply(&self, p: f64, params: &Params, layer: &mut Layer) -> Result<(), String>;
}

/// The descriptor of animator `A`, with `apply` wrapped by a trampoline that catches panics.
pub const fn animator_desc<A: Animator>() -> anim_animator_desc_t {
    anim_animator_desc_t {
        struct_size: core::mem::size_of::<anim_animator_desc_t>() as u32,
        concurrency: ANIM_CONCURRENCY_REENTRANT,
        name: A::NAME.as_ptr(),
        version: A::VERSION.as_ptr(),
        doc: A::DOC.as_ptr(),
        params: if A::PARAMS.is_empty() {
            core::ptr::null()
        } else {
            A::PARAMS.as_ptr()
        },
        param_count: A::PARAMS.len() as u32,
        reserved: 0,
        create: None,
        destroy: None,
        apply: Some(apply_trampoline::<A>),
        flags: if A::BRINGS_IN { ANIM_ANIMATOR_BRINGS_IN } else { 0 },
        reserved2: 0,
    }
}

unsafe extern "C" fn apply_trampoline<A: Animator>(
    args: *const anim_apply_args_t,
    target: *mut anim_layer_t,
    error: *mut c_char,
    error_size: u32,
) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the host passes valid arguments, `param_count` values and a writable layer,
        // all for the duration of this call.
        let args = unsafe { &*args };
        let values = match args.param_count {
            0 => &[][..],
            n => unsafe { core::slice::from_raw_parts(args.params, n as usize) },
        };
        A::default().apply(args.progress, &Params::new(A::PARAMS, values), unsafe { &mut *target })
    }));
    unsafe { report(A::NAME, outcome, error, error_size) }
}

/// What a trampoline returns to the host for the `outcome` of the call of the plugin `name`:
/// true for `Ok(Ok(()))`; otherwise false, after writing the `Err`'s message, or the panic's
/// prefixed with the name, into the host's error buffer.
///
/// # Safety
/// `error` and `error_size` are the buffer the host passed.
pub(crate) unsafe fn report(
    name: &CStr,
    outcome: std::thread::Result<Result<(), String>>,
    error: *mut c_char,
    error_size: u32,
) -> bool {
    let message = match outcome {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(payload) => {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            format!("{} panicked: {text}", name.to_string_lossy())
        }
    };
    // SAFETY: the header guarantees `error` holds `error_size` (at least 1) writable bytes.
    unsafe { write_error(&message, error, error_size) };
    false
}

/// Writes `message` NUL-terminated into the host's error buffer, cut short at a character
/// boundary when it does not fit.
unsafe fn write_error(message: &str, error: *mut c_char, error_size: u32) {
    if error.is_null() || error_size == 0 {
        return;
    }
    let mut length = message.len().min(error_size as usize - 1);
    while !message.is_char_boundary(length) {
        length -= 1;
    }
    unsafe {
        core::ptr::copy_nonoverlapping(message.as_ptr(), error.cast::<u8>(), length);
        *error.add(length) = 0;
    }
}

/// Registers every descriptor with the host; the body of the `init` that [`animator_plugin!`]
/// exports. A refused descriptor is logged through the host's log service, and makes `init` fail.
///
/// # Safety
/// `host` is the pointer the host passed to `init`.
pub unsafe fn register_animators(host: *const anim_host_t, animators: &'static [anim_animator_desc_t]) -> bool {
    catch_unwind(|| {
        let host_ref = unsafe { &*host };
        let Some(register) = host_ref.register_animator else {
            return false;
        };
        let mut all = true;
        for desc in animators {
            if unsafe { register(host, desc) } {
                continue;
            }
            all = false;
            let name = unsafe { CStr::from_ptr(desc.name) }.to_string_lossy();
            unsafe { log(host, ANIM_LOG_ERROR, &format!("the host refused the animator `{name}`")) };
        }
        all
    })
    .unwrap_or(false)
}

pub(crate) unsafe fn log(host: *const anim_host_t, level: u32, message: &str) {
    let Some(get_service) = (unsafe { &*host }).get_service else {
        return;
    };
    let service = unsafe { get_service(host, ANIM_SERVICE_LOG.as_ptr(), 1) }.cast::<anim_log_service_v1_t>();
    let Ok(text) = std::ffi::CString::new(message) else {
        return;
    };
    if let Some(log) = unsafe { service.as_ref() }.and_then(|s| s.log) {
        unsafe { log(host, level, text.as_ptr()) };
    }
}

/// The exported entry (`anim_entry_t`) for the current ABI. The strings must be NUL-terminated
/// and static; [`animator_plugin!`] passes literals.
pub const fn entry(
    plugin_id: &'static str,
    plugin_version: &'static str,
    description: &'static str,
    init: unsafe extern "C" fn(*const anim_host_t) -> bool,
) -> anim_entry_t {
    entry_requiring(plugin_id, plugin_version, description, init, core::ptr::null())
}

/// [`entry`] with `requirements`: the host services the plugin cannot do without, ended by an
/// element whose id is null (a plugin with effects passes [`crate::EFFECT_REQUIREMENTS`]), or null.
pub const fn entry_requiring(
    plugin_id: &'static str,
    plugin_version: &'static str,
    description: &'static str,
    init: unsafe extern "C" fn(*const anim_host_t) -> bool,
    requirements: *const anim_requirement_t,
) -> anim_entry_t {
    anim_entry_t {
        abi_major: ANIM_ABI_MAJOR,
        abi_minor: ANIM_ABI_MINOR,
        struct_size: core::mem::size_of::<anim_entry_t>() as u32,
        reserved: 0,
        plugin_id: plugin_id.as_ptr().cast(),
        plugin_version: plugin_version.as_ptr().cast(),
        description: description.as_ptr().cast(),
        init: Some(init),
        deinit: None,
        requirements,
        get_extension: None,
    }
}

/// Exports a plugin: the `anim_entry_v1` constant and an `init` that registers the animators
/// and the effects ([`crate::Effect`]), either list optional. With effects, the entry requires
/// the "effects" service, so a host older than ABI 1.2 skips the plugin naming it.
///
/// ```ignore
/// animator_plugin! {
///     id: "org.example.nudge-rs", version: "1.0.0", description: "Nudges layers",
///     animators: [Nudge],
///     effects: [Blur],
/// }
/// ```
#[macro_export]
macro_rules! animator_plugin {
    (id: $id:literal, version: $version:literal, description: $description:literal
     $(, animators: [$($animator:ty),* $(,)?])? $(, effects: [$($effect:ty),* $(,)?])? $(,)?) => {
        static __PIPELINE_ANIMATORS: &[$crate::abi::anim_animator_desc_t] =
            &[$($($crate::animator_desc::<$animator>()),*)?];
        static __PIPELINE_EFFECTS: &[$crate::abi::anim_effect_desc_t] =
            &[$($($crate::effect_desc::<$effect>()),*)?];
        const __PIPELINE_EFFECT_COUNT: usize = <[&str]>::len(&[$($(stringify!($effect)),*)?]);

        unsafe extern "C" fn __pipeline_init(host: *const $crate::abi::anim_host_t) -> bool {
            (__PIPELINE_ANIMATORS.is_empty() || unsafe { $crate::register_animators(host, __PIPELINE_ANIMATORS) })
                && unsafe { $crate::register_effects(host, __PIPELINE_EFFECTS) }
        }

        /// The plugin's entry, read by the host after `dlopen`.
        #[no_mangle]
        #[allow(non_upper_case_globals)]
        pub static anim_entry_v1: $crate::abi::anim_entry_t = $crate::entry_requiring(
            concat!($id, "\0"),
            concat!($version, "\0"),
            concat!($description, "\0"),
            __pipeline_init,
            if __PIPELINE_EFFECT_COUNT == 0 {
                core::ptr::null()
            } else {
                $crate::EFFECT_REQUIREMENTS.as_ptr()
            },
        );
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Shift;

    impl Animator for Shift {
        const NAME: &'static CStr = c"shift";
        const DOC: &'static CStr = c"Moves the layer right by `by`; refuses 0, panics below 0";
        const PARAMS: &'static [param::Desc] = &[param::number(c"by").range(-10.0, 10.0)];
        fn apply(&self, p: f64, params: &Params, layer: &mut Layer) -> Result<(), String> {
            let by = params.number("by");
            assert!(by >= 0.0, "by {by} is negative");
            if by == 0.0 {
                return Err("by is zero, which moves nothing".to_string());
            }
            layer.translation.x += by * p;
            Ok(())
        }
    }

    /// Calls `Shift`'s `apply` as the host does, with a `size`-byte error buffer; returns what it
    /// returned, the layer's x translation and the error text.
    fn call(by: f64, size: usize) -> (bool, f64, String) {
        let value = anim_value_t {
            type_: ANIM_PARAM_NUMBER,
            is_set: 1,
            v: [by, 0.0, 0.0, 0.0],
            i: 0,
            s: core::ptr::null(),
            layer: core::ptr::null(),
        };
        let args = anim_apply_args_t {
            struct_size: core::mem::size_of::<anim_apply_args_t>() as u32,
            param_count: 1,
            progress: 0.5,
            time: 0.0,
            duration: 1.0,
            canvas: anim_size_t {
                width: 64.0,
                height: 64.0,
            },
            params: &value,
            instance: core::ptr::null_mut(),
        };
        // SAFETY: every pointer field of the layer is null or unused by `Shift`.
        let mut layer: anim_layer_t = unsafe { core::mem::zeroed() };
        let mut error = vec![0 as c_char; size];
        let apply = animator_desc::<Shift>().apply.unwrap();
        let ok = unsafe { apply(&args, &mut layer, error.as_mut_ptr(), size as u32) };
        let text = unsafe { CStr::from_ptr(error.as_ptr()) }.to_string_lossy().into_owned();
        (ok, layer.translation.x, text)
    }

    #[test]
    fn apply_writes_the_layer() {
        assert_eq!(call(4.0, 512), (true, 2.0, String::new()));
    }

    #[test]
    fn an_err_becomes_the_error_message() {
        assert_eq!(
            call(0.0, 512),
            (false, 0.0, "by is zero, which moves nothing".to_string())
        );
    }

    #[test]
    fn a_panic_becomes_the_error_message() {
        assert_eq!(
            call(-1.0, 512),
            (false, 0.0, "shift panicked: by -1 is negative".to_string())
        );
    }

    #[test]
    fn a_long_message_is_cut_to_the_buffer() {
        assert_eq!(call(0.0, 6).2, "by is");
        assert_eq!(call(0.0, 1).2, "");
    }

    #[test]
    fn a_message_is_cut_at_a_character_boundary() {
        let mut buffer = [1 as c_char; 4];
        unsafe { write_error("aé€", buffer.as_mut_ptr(), 4) };
        assert_eq!(unsafe { CStr::from_ptr(buffer.as_ptr()) }.to_str(), Ok("aé"));
        unsafe { write_error("a€", buffer.as_mut_ptr(), 4) };
        assert_eq!(unsafe { CStr::from_ptr(buffer.as_ptr()) }.to_str(), Ok("a"));
    }

    #[test]
    fn the_descriptor_points_at_the_static_names_and_parameters() {
        let desc = animator_desc::<Shift>();
        assert_eq!(unsafe { CStr::from_ptr(desc.name) }, c"shift");
        assert_eq!(desc.param_count, 1);
        assert_eq!(unsafe { CStr::from_ptr((*desc.params).id) }, c"by");
        assert_eq!(desc.struct_size as usize, core::mem::size_of::<anim_animator_desc_t>());
    }
}
