// Rendering from the studio (with --edit): the render button renders the pipeline file's outputs
// as `pipeline run` does (POST /render), the page shows its progress (polling GET /render) with a
// button that stops it (DELETE /render), and once it ends, a link to each file it wrote
// (GET /output) or why it failed.
import { $ } from './player.js';

export function attachRender(token) {
  const query = extra => '?' + new URLSearchParams(Object.assign({ token: token }, extra || {}));
  const button = $('render'), stop = $('stoprender'), meter = $('renderprogress'), said = $('rendersaid');

  function showStatus(status) {
    const running = status.state === 'running';
    button.disabled = running;
    stop.hidden = !running;
    meter.hidden = !running;
    meter.max = Math.max(1, status.framesTotal);
    meter.value = status.framesDone;
    const links = [];
    if (running) {
      said.textContent = status.framesTotal > 0
        ? 'rendering: frame ' + status.framesDone + ' of ' + status.framesTotal : 'rendering: starting';
    } else if (status.state === 'finished' || status.state === 'cancelled') {
      said.textContent = (status.state === 'finished' ? 'rendered ' : 'stopped after ')
        + status.framesDone + ' of ' + status.framesTotal + ' frames'
        + (status.files.length ? ': ' : '') + (status.error ? ' (' + status.error + ')' : '');
      for (const file of status.files) {
        const link = document.createElement('a');
        link.href = 'output' + query({ file: file });
        link.target = '_blank';
        link.textContent = file;
        link.dataset.role = 'output';
        links.push(link);
      }
      if (status.folders.length) links.push(document.createTextNode(' frames in ' + status.folders.join(', ')));
    } else if (status.state === 'failed') {
      said.textContent = 'the render failed: ' + status.error;
    } else {
      said.textContent = '';
    }
    said.append(...links.flatMap((link, index) => index ? [document.createTextNode(' · '), link] : [link]));
    said.title = status.warnings.length ? status.warnings.join('\n') : '';
    button.dataset.state = status.state;
  }

  async function ask(method) {
    const response = await fetch('render' + query(), { method: method });
    const body = await response.json();
    if (!response.ok) throw new Error(body.error ? body.error.message : response.statusText);
    showStatus(body);
    return body;
  }

  async function follow() {
    try {
      const status = await ask('GET');
      if (status.state === 'running') setTimeout(follow, 250);
    } catch (error) {
      said.textContent = 'the render: ' + error.message;
    }
  }

  button.onclick = async () => {
    try {
      await ask('POST');
      follow();
    } catch (error) {
      said.textContent = 'the render: ' + error.message;
      follow();
    }
  };
  stop.onclick = () => ask('DELETE').catch(error => { said.textContent = 'the render: ' + error.message; });
  // A render started before the page was opened (or reloaded) shows where it is.
  follow();
}
