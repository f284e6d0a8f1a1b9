/* The version is a header only; SwiftPM wants one source file per C target. */
