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
    let message = match outcome {
        Ok(Ok(())) => return true,
        Ok(Err(message)) => message,
        Err(payload) => {
            let text = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            format!("{} panicked: {text}", A::NAME.to_string_lossy())
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

unsafe fn log(host: *const anim_host_t, level: u32, message: &str) {
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
    }
}

/// Exports a plugin: the `anim_entry_v1` constant and an `init` that registers the animators.
///
/// ```ignore
/// animator_plugin! {
///     id: "org.example.nudge-rs", version: "1.0.0", description: "Nudges layers",
///     animators: [Nudge],
/// }
/// ```
#[macro_export]
macro_rules! animator_plugin {
    (id: $id:literal, version: $version:literal, description: $description:literal,
     animators: [$($animator:ty),+ $(,)?] $(,)?) => {
        static __PIPELINE_ANIMATORS: &[$crate::abi::anim_animator_desc_t] =
            &[$($crate::animator_desc::<$animator>()),+];

        unsafe extern "C" fn __pipeline_init(host: *const $crate::abi::anim_host_t) -> bool {
            unsafe { $crate::register_animators(host, __PIPELINE_ANIMATORS) }
        }

        /// The plugin's entry, read by the host after `dlopen`.
        #[no_mangle]
        #[allow(non_upper_case_globals)]
        pub static anim_entry_v1: $crate::abi::anim_entry_t = $crate::entry(
            concat!($id, "\0"),
            concat!($version, "\0"),
            concat!($description, "\0"),
            __pipeline_init,
        );
    };
}
