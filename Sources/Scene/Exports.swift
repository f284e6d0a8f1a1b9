// Pipeline files are parsed by the JSON module; its nodes, positions and syntax errors are part
// of what Scene's errors report, so Scene's clients see them without importing it.
@_exported import JSON
