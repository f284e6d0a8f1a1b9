/// The page the preview serves: the frame, the controls, the timing chart and a line for reload
/// errors. The frame shows at its natural size, or scaled down (never up) so that all of it,
/// the controls and the chart fit in the window without scrolling (`fitFrame`).
/// Self-contained (no external files), so it works offline. `?t=SECONDS` in the page's URL
/// opens it at that time.
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>pipeline preview</title>
        <style>
          body { margin: 0; padding: 16px; background: #2b2b2b; color: #ddd; font: 13px system-ui, sans-serif; }
          #stage { display: inline-block; line-height: 0; border: 1px solid #555; }
          #frame { display: block; }
          #controls { display: flex; gap: 8px; align-items: center; margin: 10px 0; }
          #scrubber { flex: 1; max-width: 640px; }
          #clock { font-variant-numeric: tabular-nums; min-width: 16em; }
          button { min-width: 3em; }
          #problem { display: none; white-space: pre-wrap; color: #ffb4a8; background: #4a1f1a; padding: 8px; margin: 8px 0; }
          #chart { display: block; width: 100%; max-width: 800px; }
          #warnings { color: #ffd27a; margin: 8px 0; padding-left: 1.2em; }
        </style>
        </head>
        <body>
        <div id="problem" role="alert"></div>
        <div id="stage"><img id="frame" alt="the frame at the current time"></div>
        <div id="controls">
          <button id="back" title="previous frame (←)">◀︎</button>
          <button id="play" title="play or pause (space)">▶︎</button>
          <button id="forward" title="next frame (→)">▶︎▏</button>
          <input id="scrubber" type="range" min="0" value="0" step="any" aria-label="time">
          <span id="clock"></span>
        </div>
        <canvas id="chart" height="0"></canvas>
        <ul id="warnings" aria-label="warnings"></ul>
        <script>
        \(script)
        </script>
        </body>
        </html>
        """
}
