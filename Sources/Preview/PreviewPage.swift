import Foundation

/// The page the preview serves: the frame, the controls, the timing chart and a line for reload
/// errors; with `--edit` (its URL carries the token), the editor too (`editorScript`): a
/// track of step bars per layer, handles on the chart and an inspector beside them. The frame shows at its natural size, or scaled down (never up) so that all of it,
/// the controls and the chart fit in the window without scrolling (`fitFrame`).
/// Self-contained (no external files), so it works offline. `?t=SECONDS` in the page's URL
/// opens it at that time.
enum PreviewPage {
    /// The page with `firstFrame` (a PNG) already in its frame, so that the frame is on show by
    /// the time the page reports itself loaded; the script then takes over.
    static func html(firstFrame png: [UInt8]?) -> String {
        guard let png else { return html }
        let source = "data:image/png;base64," + Data(png).base64EncodedString()
        return html.replacingOccurrences(of: frameElement, with: frameElement.dropLast() + " src=\"\(source)\">")
    }

    static let frameElement = #"<img id="frame" alt="the frame at the current time" draggable="false">"#

    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>pipeline preview</title>
        <style>
          body { margin: 0; padding: 16px; background: #2b2b2b; color: #ddd; font: 13px system-ui, sans-serif; }
          #main { display: flex; gap: 16px; align-items: flex-start; }
          #left { flex: 1 1 0; min-width: 0; }
          #stage { display: inline-block; line-height: 0; border: 1px solid #555; touch-action: none; user-select: none; }
          #frame { display: block; }
          #controls { display: flex; gap: 8px; align-items: center; margin: 10px 0; flex-wrap: wrap; }
          #scrubber { flex: 1; max-width: 640px; }
          #clock { font-variant-numeric: tabular-nums; min-width: 16em; }
          button { min-width: 3em; }
          #problem { display: none; white-space: pre-wrap; color: #ffb4a8; background: #4a1f1a; padding: 8px; margin: 8px 0; }
          #chart, #tracks { display: block; width: 100%; max-width: 800px; }
          #warnings { color: #ffd27a; margin: 8px 0; padding-left: 1.2em; }
          .edit { display: none; }
          body.editing .edit { display: revert; }
          body.editing #tracks { display: block; margin-bottom: 6px; touch-action: none; }
          body.driving #stage { cursor: grab; outline: 2px solid #7fb0ff; }
          #inspector { width: 340px; flex: none; max-height: calc(100vh - 32px); overflow: auto; background: #333;
            border: 1px solid #4a4a4a; padding: 8px 10px; box-sizing: border-box; }
          #inspector h3 { font-size: 13px; margin: 8px 0 6px; color: #fff; }
          #inspector .field { display: grid; grid-template-columns: 8em 1fr; gap: 6px; align-items: center; margin: 3px 0; }
          #inspector .field > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: #bbb; }
          #inspector .values { display: flex; gap: 3px; min-width: 0; }
          #inspector .values input { padding: 1px 2px; font-size: 12px; }
          #inspector input, #inspector select { min-width: 0; width: 100%; box-sizing: border-box; }
          #inspector input[type=checkbox] { width: auto; }
          #inspector input[type=color] { width: 2.2em; flex: none; padding: 0; }
          #inspector details { margin: 6px 0; }
          #editstatus { min-height: 1.3em; color: #9fd49f; margin: 6px 0; }
          #editstatus.failed { color: #ffb4a8; white-space: pre-wrap; }
        </style>
        </head>
        <body>
        <div id="problem" role="alert"></div>
        <div id="main">
        <div id="left">
        <div id="stage">\(frameElement)</div>
        <div id="controls">
          <button id="back" title="previous frame (←)">◀︎</button>
          <button id="play" title="play or pause (space)">▶︎</button>
          <button id="forward" title="next frame (→)">▶︎▏</button>
          <input id="scrubber" type="range" min="0" value="0" step="any" aria-label="time">
          <span id="clock"></span>
          <button id="undo" class="edit" title="undo the last change (Ctrl+Z)" disabled>↶</button>
          <button id="redo" class="edit" title="redo (Ctrl+Shift+Z)" disabled>↷</button>
          <button id="drive" class="edit" title="drag on the frame to drive the transition by hand">drive by hand</button>
          <button id="keep" class="edit" title="write the gesture just made into the pipeline's interaction" disabled>keep this gesture</button>
        </div>
        <canvas id="tracks" class="edit" height="0" aria-label="steps, one track per layer"></canvas>
        <canvas id="chart" height="0"></canvas>
        <div id="editstatus" class="edit" role="status"></div>
        <ul id="warnings" aria-label="warnings"></ul>
        <audio id="sound" preload="auto"></audio>
        </div>
        <aside id="inspector" class="edit" aria-label="the selected step and layer"></aside>
        </div>
        <script>
        \(script)
        \(editorScript)
        </script>
        </body>
        </html>
        """
}
