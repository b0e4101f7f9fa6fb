// The engine as the worker and the Node tests use it: boot Pyodide with the tutor package
// (boot.mjs, the one place that knows how), then talk to tutor.web.protocol in JSON.
// It knows no rules and no words.

import { bootTutor } from "./boot.mjs";

// options: what bootTutor takes (indexURL, tutorZipURL, loadPyodide, fetch, …).
export async function startEngine(options) {
  const booted = await bootTutor(options);
  const session = booted.pyodide.runPython("import tutor.web.protocol\ntutor.web.protocol.Session()");
  const handleJson = session.handle_json;
  return {
    pyodide: booted.pyodide,
    path: booted.path,
    timings: booted.timings,
    // request: {widget, action, ...}; the answer: {ok, widget, html, state, message}
    handle(request) {
      return JSON.parse(handleJson(JSON.stringify(request)));
    },
  };
}
