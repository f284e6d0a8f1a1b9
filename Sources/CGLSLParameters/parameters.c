/* The parameters' numbers are a header only; SwiftPM wants one source file per C target. */
