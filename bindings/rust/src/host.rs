//! The host as a plugin sees it after `init`: its log and its other services, callable from any
//! thread until `deinit`. [`animator_plugin!`](crate::animator_plugin)'s `init` keeps the host
//! pointer here (the header lets a plugin keep it until `deinit` returns).

use crate::abi::*;
use crate::plugin::{log as log_to, register_all, register_animators};
use crate::register_effects;
use core::ffi::{c_char, c_void, CStr};
use core::sync::atomic::{AtomicPtr, Ordering};
use std::panic::catch_unwind;

static HOST: AtomicPtr<anim_host_t> = AtomicPtr::new(core::ptr::null_mut());

/// The host that loaded the plugin, between `init` and `deinit`; `None` outside them (in a
/// plugin's own unit tests, say).
pub fn host() -> Option<&'static anim_host_t> {
    // SAFETY: the host keeps what it passed to `init` valid until `deinit`, which clears it.
    unsafe { HOST.load(Ordering::Acquire).as_ref() }
}

/// Logs `message` through the host's "log" service at `level` (`ANIM_LOG_DEBUG` … `ANIM_LOG_ERROR`):
/// on the host's standard error, prefixed with the plugin's file name (debug and info only with
/// `PIPELINE_VERBOSE=1`). Nothing happens when the host offers no log. Callable from any thread,
/// `apply` included.
pub fn log(level: u32, message: &str) {
    if let Some(host) = host() {
        // SAFETY: `host` is the live host.
        unsafe { log_to(host, level, message) }
    }
}

/// The host's service `id` at `version`, as `get_service` returns it, or `None` when the host
/// does not offer it (the plugin then does without it).
///
/// # Safety
/// `T` is the struct the header defines for that service at that version
/// (`anim_native_pixels_v1_t` for "native-pixels" 1, …).
pub unsafe fn service<T>(id: &CStr, version: u32) -> Option<&'static T> {
    let host = host()?;
    let get_service = host.get_service?;
    // SAFETY: the host returns NULL or a service valid until `deinit`, of the type the caller names.
    unsafe { get_service(host, id.as_ptr(), version).cast::<T>().as_ref() }
}

/// The compositor's pixel layout (the "native-pixels" service, version 1), which a mixer or
/// effect declaring native pixels gets its images in; `None` when the host does not offer it.
pub fn native_pixels() -> Option<&'static anim_native_pixels_v1_t> {
    // SAFETY: "native-pixels" 1 is `anim_native_pixels_v1_t`.
    unsafe { service(ANIM_SERVICE_NATIVE_PIXELS, 1) }
}

/// The body of the `init` that [`animator_plugin!`](crate::animator_plugin) exports: keeps the
/// host, then registers everything. A host without a kind's `register_*`, or refusing a
/// descriptor, is logged, and makes `init` fail.
///
/// # Safety
/// `host` is the pointer the host passed to `init`.
pub unsafe fn init_plugin(
    host: *const anim_host_t,
    animators: &'static [anim_animator_desc_t],
    mixers: &'static [anim_mixer_desc_t],
    effects: &'static [anim_effect_desc_t],
    curves: &'static [anim_curve_desc_t],
) -> bool {
    HOST.store(host.cast_mut(), Ordering::Release);
    catch_unwind(|| unsafe {
        let animators = register_animators(host, animators);
        let mixers = register_all(host, (*host).register_mixer, mixers, "mixer", |d| d.name);
        let curves = register_all(host, (*host).register_curve, curves, "timing curve", |d| d.name);
        let effects = register_effects(host, effects);
        animators && mixers && curves && effects
    })
    .unwrap_or(false)
}

/// The body of the exported `deinit`: runs the plugin's own `deinit`, if any, and forgets the host.
pub fn deinit_plugin(deinit: Option<fn()>) {
    if let Some(deinit) = deinit {
        let _ = catch_unwind(deinit);
    }
    HOST.store(core::ptr::null_mut(), Ordering::Release);
}

/// The body of the exported `get_extension`: the "about" extension, version 1, when the plugin
/// gives one; nothing else.
///
/// # Safety
/// `id` is NULL or a NUL-terminated string.
pub unsafe fn get_extension(about: &'static Option<anim_about_v1_t>, id: *const c_char, version: u32) -> *const c_void {
    if id.is_null() {
        return core::ptr::null();
    }
    // SAFETY: the host passes a NUL-terminated id.
    let id = unsafe { CStr::from_ptr(id) };
    match about {
        Some(about) if id == ANIM_EXTENSION_ABOUT && version == 1 => (about as *const anim_about_v1_t).cast(),
        _ => core::ptr::null(),
    }
}
