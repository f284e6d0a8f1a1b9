// Timing
