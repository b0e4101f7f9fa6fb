// The module worker: boots the engine as soon as the page asks, then answers the page's requests
// through tutor.session. Messages in: {type: "boot", indexURL, tutorZipURL, version},
// {type: "request", id, request}. Out: {type: "ready", pyodideReadyAt, path},
// {type: "failed", error}, {type: "response", id, response}. Times: ms since the epoch.

let engine = null;

self.addEventListener("message", async (event) => {
  const message = event.data;
  if (message.type === "boot") {
    engine = boot(message);
  } else if (message.type === "request") {
    const ready = await engine;
    if (ready) {
      self.postMessage({ type: "response", id: message.id, response: ready.handle(message.request) });
    }
  }
});

async function boot({ indexURL, tutorZipURL, version }) {
  try {
    const [{ loadPyodide }, { startEngine }] = await Promise.all([
      import(`${indexURL}pyodide.mjs`),
      import(`./tutor-engine.mjs?v=${version}`),
    ]);
    let pyodideReadyAt = 0;
    const timedLoad = async (config) => {
      const pyodide = await loadPyodide(config);
      pyodideReadyAt = performance.timeOrigin + performance.now();
      return pyodide;
    };
    const ready = await startEngine({ indexURL, tutorZipURL, loadPyodide: timedLoad });
    self.postMessage({ type: "ready", pyodideReadyAt, path: ready.path });
    return ready;
  } catch (error) {
    self.postMessage({ type: "failed", error: String(error?.message ?? error) });
    return null;
  }
}
