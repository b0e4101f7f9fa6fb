// The engine as the worker and the Node tests use it: boot Pyodide with the tutor package
// (boot.mjs, the one place that knows how), then talk to tutor.web.protocol in JSON.
// It knows no rules and no words.

// boot.mjs with this module's own query (the page's scripts all carry the build's one query)
const { bootTutor } = await import(`./boot.mjs${new URL(import.meta.url).search}`);

// The page's session is opened inside each boot attempt, so an interpreter that boots but cannot
// open it (a damaged snapshot, say) makes the boot fall back to the next path.
function openSession(pyodide) {
  return pyodide.runPython("import tutor.web.protocol\ntutor.web.protocol.Session()").handle_json;
}

// options: what bootTutor takes (indexURL, tutorZipURL, loadPyodide, fetch, storedSnapshot, …).
export async function startEngine(options) {
  const booted = await bootTutor({ ...options, ready: openSession });
  const handleJson = booted.readied;
  return {
    pyodide: booted.pyodide,
    path: booted.path,
    fallbacks: booted.fallbacks,
    timings: booted.timings,
    modules: booted.modules,
    // request: {widget, action, ...}; the answer: {ok, widget, html, state, message}
    handle(request) {
      return JSON.parse(handleJson(JSON.stringify(request)));
    },
  };
}
