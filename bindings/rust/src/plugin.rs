use crate::abi::*;
use crate::{param, Layer, Params};
use core::ffi::{c_char, c_void, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What `apply` gets about the step and the frame besides its parameters (`anim_apply_args_t`;
/// a mixer gets the same in [`crate::MixArgs`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The step's progress after its timing curve: 0 at the start, 1 at the end. Springs and
    /// overshooting curves leave [0, 1]: extrapolate rather than clamp. A reversed step gets
    /// 1 - curve(t).
    pub progress: f64,
    /// Seconds since the pipeline's start.
    pub time: f64,
    /// The step's duration in seconds.
    pub duration: f64,
    /// The canvas in canvas pixels.
    pub canvas: anim_size_t,
}

impl Step {
    /// How far into the step `progress` is, in seconds: `progress × duration` (with a linear
    /// timing curve, the seconds since the step started).
    pub fn seconds(&self) -> f64 {
        self.progress * self.duration
    }
}

/// What `create` gets: the step's parameters and target as the pipeline file describes them
/// (`anim_create_args_t`). Animators, mixers and effects alike.
pub struct Create<'a> {
    /// The parameters; a layer parameter's layer is in its base state.
    pub params: Params<'a>,
    /// The target layer as the pipeline file describes it (for an effect, the layer it filters);
    /// `None` for mixers.
    pub target: Option<&'a Layer>,
    /// The canvas in canvas pixels.
    pub canvas: anim_size_t,
    /// The step's duration in seconds.
    pub duration: f64,
    /// Image pixels per canvas pixel of this render (0.5 under `--scale 0.5`); 1 from a host
    /// older than ABI 1.1.
    pub render_scale: f64,
}

impl<'a> Create<'a> {
    /// The safe view of what the host passed to `create`, for the parameters `descs`.
    ///
    /// # Safety
    /// `args` is what the host passed, valid for `'a`.
    pub(crate) unsafe fn from_host(args: &'a anim_create_args_t, descs: &'static [param::Desc]) -> Self {
        Create {
            params: Params::new(descs, unsafe { values(args.params, args.param_count) }),
            target: unsafe { args.target.as_ref() },
            canvas: args.canvas,
            duration: args.duration,
            render_scale: if crate::anim_has_field!(args, anim_create_args_t, render_scale) {
                args.render_scale
            } else {
                1.0
            },
        }
    }
}

/// The `count` values at `params`, as a slice (empty for 0, whatever the pointer).
///
/// # Safety
/// `params` points at `count` values valid for `'a` when `count` is not 0.
pub(crate) unsafe fn values<'a>(params: *const anim_value_t, count: u32) -> &'a [anim_value_t] {
    match count {
        0 => &[],
        n => unsafe { core::slice::from_raw_parts(params, n as usize) },
    }
}

/// An animator: given the step's progress, time and parameters, writes properties of the target
/// layer (never pixels).
///
/// The host creates one instance per timeline step with [`Animator::create`] (by default
/// `Self::default()`, free for the unit struct an animator usually is) and drops it after the
/// step's last frame. It calls `apply` on that instance for any frame, in any order, on several
/// threads at once, so `apply` takes `&self` and keeps no state from one call to the next.
pub trait Animator: Default + Send + Sync + 'static {
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
    /// `ANIM_CONCURRENCY_SERIAL`: the host never runs two calls of one instance at once (for an
    /// animator built on something that is not thread-safe).
    const SERIAL: bool = false;

    /// Makes the step's instance, once per timeline step, on the main thread, before rendering:
    /// work that depends only on the parameters (a table, a parsed string) belongs here. An `Err`
    /// stops the render with its message. By default `Self::default()`.
    fn create(args: &Create) -> Result<Self, String> {
        let _ = args;
        Ok(Self::default())
    }

    /// Writes the layer's properties for `step` (its progress, the time, the step's duration).
    /// `layer` holds the layer as earlier steps left it: change only what this animator
    /// animates. An `Err` stops the render and is reported with the plugin, the step and the
    /// frame.
    fn apply(&self, step: &Step, params: &Params, layer: &mut Layer) -> Result<(), String>;
}

/// The concurrency level of `serial`.
pub(crate) const fn concurrency(serial: bool) -> u32 {
    if serial {
        ANIM_CONCURRENCY_SERIAL
    } else {
        ANIM_CONCURRENCY_REENTRANT
    }
}

/// `params` as the descriptor's pointer: NULL for none.
pub(crate) const fn params_pointer(params: &'static [param::Desc]) -> *const param::Desc {
    if params.is_empty() {
        core::ptr::null()
    } else {
        params.as_ptr()
    }
}

/// The descriptor of animator `A`, with `create`, `destroy` and `apply` wrapped by trampolines
/// that catch panics.
pub const fn animator_desc<A: Animator>() -> anim_animator_desc_t {
    anim_animator_desc_t {
        struct_size: core::mem::size_of::<anim_animator_desc_t>() as u32,
        concurrency: concurrency(A::SERIAL),
        name: A::NAME.as_ptr(),
        version: A::VERSION.as_ptr(),
        doc: A::DOC.as_ptr(),
        params: params_pointer(A::PARAMS),
        param_count: A::PARAMS.len() as u32,
        reserved: 0,
        create: Some(animator_create_trampoline::<A>),
        destroy: Some(destroy_trampoline::<A>),
        apply: Some(apply_trampoline::<A>),
        flags: if A::BRINGS_IN { ANIM_ANIMATOR_BRINGS_IN } else { 0 },
        reserved2: 0,
    }
}

/// Boxes what `make` returns as an instance for the host, or writes its `Err` (or panic) into
/// the host's error buffer and returns NULL.
///
/// # Safety
/// `error` and `error_size` are the buffer the host passed.
pub(crate) unsafe fn create_instance<T>(
    name: &CStr,
    make: impl FnOnce() -> Result<T, String>,
    error: *mut c_char,
    error_size: u32,
) -> *mut c_void {
    let mut instance = core::ptr::null_mut();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        instance = Box::into_raw(Box::new(make()?)).cast::<c_void>();
        Ok(())
    }));
    if unsafe { report(name, outcome, error, error_size) } {
        instance
    } else {
        core::ptr::null_mut()
    }
}

unsafe extern "C" fn animator_create_trampoline<A: Animator>(
    args: *const anim_create_args_t,
    error: *mut c_char,
    error_size: u32,
) -> *mut c_void {
    // SAFETY: the host passes valid arguments for the duration of the call.
    let make = || A::create(&unsafe { Create::from_host(&*args, A::PARAMS) });
    unsafe { create_instance(A::NAME, make, error, error_size) }
}

/// Drops an instance a create trampoline of `T` made.
pub(crate) unsafe extern "C" fn destroy_trampoline<T>(instance: *mut c_void) {
    if !instance.is_null() {
        // SAFETY: the host hands back, once, what `create_instance::<T>` returned.
        let _ = catch_unwind(AssertUnwindSafe(|| {
            drop(unsafe { Box::from_raw(instance.cast::<T>()) })
        }));
    }
}

/// Runs `call` on the instance the host passed, or on `T::default()` when it passed none.
///
/// # Safety
/// `instance` is NULL or what `create_instance::<T>` returned, not yet destroyed.
pub(crate) unsafe fn with_instance<T: Default, R>(instance: *mut c_void, call: impl FnOnce(&T) -> R) -> R {
    match unsafe { instance.cast::<T>().as_ref() } {
        Some(instance) => call(instance),
        None => call(&T::default()),
    }
}

unsafe extern "C" fn apply_trampoline<A: Animator>(
    args: *const anim_apply_args_t,
    target: *mut anim_layer_t,
    error: *mut c_char,
    error_size: u32,
) -> bool {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the host passes valid arguments, `param_count` values, the instance `create`
        // made and a writable layer, all for the duration of this call.
        let args = unsafe { &*args };
        let params = Params::new(A::PARAMS, unsafe { values(args.params, args.param_count) });
        let step = Step {
            progress: args.progress,
            time: args.time,
            duration: args.duration,
            canvas: args.canvas,
        };
        unsafe { with_instance(args.instance, |a: &A| a.apply(&step, &params, &mut *target)) }
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

/// Registers each of `descs` with `register`, the host's function for their kind; a refused
/// descriptor is logged through the host's log service, naming it, and makes the result false.
///
/// # Safety
/// `host` is the pointer the host passed to `init`; `register` one of its `register_*`.
pub(crate) unsafe fn register_all<D>(
    host: *const anim_host_t,
    register: Option<unsafe extern "C" fn(*const anim_host_t, *const D) -> bool>,
    descs: &'static [D],
    kind: &str,
    name: fn(&D) -> *const c_char,
) -> bool {
    if descs.is_empty() {
        return true;
    }
    let Some(register) = register else {
        unsafe { log(host, ANIM_LOG_ERROR, &format!("this host cannot register a {kind}")) };
        return false;
    };
    let mut all = true;
    for desc in descs {
        if unsafe { register(host, desc) } {
            continue;
        }
        all = false;
        let name = unsafe { CStr::from_ptr(name(desc)) }.to_string_lossy();
        unsafe { log(host, ANIM_LOG_ERROR, &format!("the host refused the {kind} `{name}`")) };
    }
    all
}

/// Registers every animator descriptor with the host; part of the `init` that
/// [`animator_plugin!`] exports. A refused descriptor is logged through the host's log service,
/// and makes `init` fail.
///
/// # Safety
/// `host` is the pointer the host passed to `init`.
pub unsafe fn register_animators(host: *const anim_host_t, animators: &'static [anim_animator_desc_t]) -> bool {
    catch_unwind(|| unsafe { register_all(host, (*host).register_animator, animators, "animator", |d| d.name) })
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

/// A requirement (`anim_requirement_t`): the host service `id` at `version`, as `get_service`
/// takes them; `animator_plugin!`'s `requires: [...]` lists them.
pub const fn requirement(id: &'static CStr, version: u32) -> anim_requirement_t {
    anim_requirement_t {
        id: id.as_ptr(),
        version,
        reserved: 0,
    }
}

/// The element that ends a list of requirements (its id is null).
pub const REQUIREMENTS_END: anim_requirement_t = anim_requirement_t {
    id: core::ptr::null(),
    version: 0,
    reserved: 0,
};

/// The "about" extension (`anim_about_v1_t`): who made the plugin and under which licence, which
/// `pipeline plugins` shows; `None` for a field leaves it NULL. `animator_plugin!`'s `about:`
/// takes it.
pub const fn about(
    author: Option<&'static CStr>,
    homepage: Option<&'static CStr>,
    license: Option<&'static CStr>,
) -> anim_about_v1_t {
    const fn pointer(text: Option<&'static CStr>) -> *const c_char {
        match text {
            Some(text) => text.as_ptr(),
            None => core::ptr::null(),
        }
    }
    anim_about_v1_t {
        struct_size: core::mem::size_of::<anim_about_v1_t>() as u32,
        reserved: 0,
        author: pointer(author),
        homepage: pointer(homepage),
        license: pointer(license),
    }
}

/// Exports a plugin: the `anim_entry_v1` constant, an `init` that keeps the host (for
/// [`crate::log`] and [`crate::service`]) and registers the animators, mixers ([`crate::Mixer`]),
/// effects ([`crate::Effect`]) and timing curves ([`crate::Curve`]), each list optional, and
/// optionally the host services the plugin requires, its "about" extension and a `deinit`. With
/// effects, the entry also requires the "effects" service, so a host older than ABI 1.2 skips the
/// plugin naming it. The keys come in this order:
///
/// ```ignore
/// animator_plugin! {
///     id: "org.example.nudge-rs", version: "1.0.0", description: "Nudges layers",
///     animators: [Nudge],
///     mixers: [Wipe],
///     effects: [Blur],
///     curves: [Elastic],
///     requires: [(c"native-pixels", 1)],
///     about: pipeline_animator::about(Some(c"Ada <ada@example.org>"), None, Some(c"MIT")),
///     deinit: release_tables,  // a plain `fn()`, called once when the host is done
/// }
/// ```
#[macro_export]
macro_rules! animator_plugin {
    (id: $id:literal, version: $version:literal, description: $description:literal
     $(, animators: [$($animator:ty),* $(,)?])?
     $(, mixers: [$($mixer:ty),* $(,)?])?
     $(, effects: [$($effect:ty),* $(,)?])?
     $(, curves: [$($curve:ty),* $(,)?])?
     $(, requires: [$(($service:expr, $service_version:expr)),* $(,)?])?
     $(, about: $about:expr)?
     $(, deinit: $deinit:path)? $(,)?) => {
        static __PIPELINE_ANIMATORS: &[$crate::abi::anim_animator_desc_t] =
            &[$($($crate::animator_desc::<$animator>()),*)?];
        static __PIPELINE_MIXERS: &[$crate::abi::anim_mixer_desc_t] = &[$($($crate::mixer_desc::<$mixer>()),*)?];
        static __PIPELINE_EFFECTS: &[$crate::abi::anim_effect_desc_t] =
            &[$($($crate::effect_desc::<$effect>()),*)?];
        static __PIPELINE_CURVES: &[$crate::abi::anim_curve_desc_t] = &[$($($crate::curve_desc::<$curve>()),*)?];
        const __PIPELINE_EFFECT_COUNT: usize = <[&str]>::len(&[$($(stringify!($effect)),*)?]);
        const __PIPELINE_REQUIRED_COUNT: usize = <[&str]>::len(&[$($(stringify!($service)),*)?]);
        // The plugin's own requirements, then "effects" when it has effects, then the end.
        const __PIPELINE_REQUIREMENTS: &[$crate::abi::anim_requirement_t] = &[
            $($($crate::requirement($service, $service_version),)*)?
            if __PIPELINE_EFFECT_COUNT == 0 {
                $crate::REQUIREMENTS_END
            } else {
                $crate::requirement($crate::abi::ANIM_SERVICE_EFFECTS, 1)
            },
            $crate::REQUIREMENTS_END,
        ];
        static __PIPELINE_ABOUT: ::core::option::Option<$crate::abi::anim_about_v1_t> = {
            #[allow(unused_mut)]
            let mut about = ::core::option::Option::None;
            $(about = ::core::option::Option::Some($about);)?
            about
        };
        const __PIPELINE_DEINIT: ::core::option::Option<fn()> = {
            #[allow(unused_mut)]
            let mut deinit: ::core::option::Option<fn()> = ::core::option::Option::None;
            $(deinit = ::core::option::Option::Some($deinit as fn());)?
            deinit
        };

        unsafe extern "C" fn __pipeline_init(host: *const $crate::abi::anim_host_t) -> bool {
            unsafe {
                $crate::init_plugin(host, __PIPELINE_ANIMATORS, __PIPELINE_MIXERS, __PIPELINE_EFFECTS, __PIPELINE_CURVES)
            }
        }

        unsafe extern "C" fn __pipeline_deinit() {
            $crate::deinit_plugin(__PIPELINE_DEINIT)
        }

        unsafe extern "C" fn __pipeline_get_extension(
            id: *const ::core::ffi::c_char,
            version: u32,
        ) -> *const ::core::ffi::c_void {
            unsafe { $crate::get_extension(&__PIPELINE_ABOUT, id, version) }
        }

        /// The plugin's entry, read by the host after `dlopen`.
        #[no_mangle]
        #[allow(non_upper_case_globals)]
        pub static anim_entry_v1: $crate::abi::anim_entry_t = $crate::abi::anim_entry_t {
            deinit: Some(__pipeline_deinit),
            get_extension: Some(__pipeline_get_extension),
            ..$crate::entry_requiring(
                concat!($id, "\0"),
                concat!($version, "\0"),
                concat!($description, "\0"),
                __pipeline_init,
                if __PIPELINE_REQUIRED_COUNT + __PIPELINE_EFFECT_COUNT == 0 {
                    core::ptr::null()
                } else {
                    __PIPELINE_REQUIREMENTS.as_ptr()
                },
            )
        };
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
        fn apply(&self, step: &Step, params: &Params, layer: &mut Layer) -> Result<(), String> {
            let p = step.progress;
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

    /// Keeps `by` × 2 from `create`; refuses a `by` of 0 there.
    #[derive(Default)]
    struct Doubled {
        twice: f64,
    }

    impl Animator for Doubled {
        const NAME: &'static CStr = c"doubled";
        const DOC: &'static CStr = c"Moves the layer right by twice `by`";
        const PARAMS: &'static [param::Desc] = &[param::number(c"by")];
        const SERIAL: bool = true;
        fn create(args: &Create) -> Result<Self, String> {
            match args.params.number("by") {
                0.0 => Err(format!("by is 0 on a {}-pixel-wide canvas", args.canvas.width)),
                by => Ok(Doubled { twice: 2.0 * by }),
            }
        }
        fn apply(&self, step: &Step, _: &Params, layer: &mut Layer) -> Result<(), String> {
            layer.translation.x += self.twice * step.progress + step.time + step.duration;
            Ok(())
        }
    }

    #[test]
    fn create_makes_the_instance_apply_gets_and_destroy_drops() {
        let desc = animator_desc::<Doubled>();
        assert_eq!(desc.concurrency, ANIM_CONCURRENCY_SERIAL);
        let mut value = anim_value_t {
            type_: ANIM_PARAM_NUMBER,
            is_set: 1,
            v: [3.0, 0.0, 0.0, 0.0],
            i: 0,
            s: core::ptr::null(),
            layer: core::ptr::null(),
        };
        let create_args = |value: &anim_value_t| anim_create_args_t {
            struct_size: core::mem::size_of::<anim_create_args_t>() as u32,
            param_count: 1,
            canvas: anim_size_t {
                width: 64.0,
                height: 32.0,
            },
            params: value,
            target: core::ptr::null(),
            duration: 2.0,
            render_scale: 1.0,
            user_data: core::ptr::null(),
        };
        let mut error = [0 as c_char; 64];
        let instance = unsafe { desc.create.unwrap()(&create_args(&value), error.as_mut_ptr(), 64) };
        assert!(!instance.is_null());
        let args = anim_apply_args_t {
            struct_size: core::mem::size_of::<anim_apply_args_t>() as u32,
            param_count: 1,
            progress: 0.5,
            time: 10.0,
            duration: 2.0,
            canvas: anim_size_t {
                width: 64.0,
                height: 32.0,
            },
            params: &value,
            instance,
        };
        let mut layer: anim_layer_t = unsafe { core::mem::zeroed() };
        assert!(unsafe { desc.apply.unwrap()(&args, &mut layer, error.as_mut_ptr(), 64) });
        assert_eq!(
            layer.translation.x,
            3.0 + 10.0 + 2.0,
            "twice 3 × 0.5, plus the time and the duration"
        );
        unsafe { desc.destroy.unwrap()(instance) };

        value.v[0] = 0.0;
        let refused = unsafe { desc.create.unwrap()(&create_args(&value), error.as_mut_ptr(), 64) };
        assert!(refused.is_null());
        let text = unsafe { CStr::from_ptr(error.as_ptr()) }.to_str().unwrap();
        assert_eq!(text, "by is 0 on a 64-pixel-wide canvas");
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
