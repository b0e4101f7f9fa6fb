// The module worker: boots the engine as soon as the page asks, then answers the page's requests
// through tutor.session (queued until the engine is up).
// In:  {type: "boot", version, indexURL, tutorZipURL, [pycStdlibURL, snapshotURL]},
//      {type: "request", id, request}.
// Out: {type: "ready", readyAt (ms since the epoch), path (how boot.mjs booted)},
//      {type: "failed", error}, {type: "response", id, response}.

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

async function boot({ version, ...urls }) {
  try {
    const { startEngine } = await import(`./tutor-engine.mjs?v=${version}`);
    const ready = await startEngine(urls);
    self.postMessage({ type: "ready", readyAt: performance.timeOrigin + performance.now(), path: ready.path });
    return ready;
  } catch (error) {
    self.postMessage({ type: "failed", error: String(error?.message ?? error) });
    return null;
  }
}
