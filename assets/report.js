"use strict";
// Assay report page script. Everything server-supplied reaches the DOM
// through textContent or setAttribute on an allowlist; nothing uses
// innerHTML, eval or the network.
(() => {
  const $ = id => document.getElementById(id);
  const meta = JSON.parse($("assay-meta").textContent || "{}");
  const TAGS = new Set(["section","div","span","h2","h3","h4","p","ul","ol","li","dl","dt","dd","code","pre","strong","em","small","table","thead","tbody","tr","th","td","details","summary","button","label","input","select","option","figure","figcaption","article","svg","g","rect","text","title","line","desc"]);
  const SVG = new Set(["svg","g","rect","text","title","line","desc"]);
  const ATTRS = new Set(["class","id","open","colspan","scope","role","type","value","for","placeholder","selected","tabindex","viewBox","width","height","x","y","x1","x2","y1","y2","rx","text-anchor","dominant-baseline","preserveAspectRatio","xmlns"]);
  const attrOK = k => ATTRS.has(k) || /^(data|aria)-[a-z0-9-]+$/.test(k);

  // build turns the core's view tree into DOM nodes.
  function build(n, inSVG) {
    if (!n.t) return document.createTextNode(n.x || "");
    if (!TAGS.has(n.t)) throw new Error("unexpected element " + n.t);
    const svg = inSVG || SVG.has(n.t);
    const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", n.t) : document.createElement(n.t);
    for (const [k, v] of n.a || []) {
      if (!attrOK(k)) throw new Error("unexpected attribute " + k);
      if (k !== "xmlns") el.setAttribute(k, v);
    }
    if (n.x) el.appendChild(document.createTextNode(n.x));
    for (const c of n.c || []) el.appendChild(build(c, svg));
    for (const b of n.z || []) for (const c of JSON.parse(b)) el.appendChild(build(c, svg));
    return el;
  }
  // buildChunked builds the sections one row group at a time, yielding to
  // the event loop between chunks so a large result never freezes the
  // page. show(frag) puts the result on the page as soon as its first
  // section (a comparison's change summary) is built; the other sections
  // are then built into the page as they come.
  async function buildChunked(n, parts, show) {
    const tick = () => new Promise(r => setTimeout(r, 0));
    let since = performance.now();
    const pause = async () => { if (performance.now() - since > 30) { await tick(); since = performance.now(); } };
    const walk = async (n, parent, inSVG) => {
      if (!n.t || inSVG || SVG.has(n.t) || (!n.z && (n.c || []).length < 8)) { parent.appendChild(build(n, inSVG)); return; }
      const el = build({ t: n.t, a: n.a, x: n.x });
      parent.appendChild(el);
      for (const c of n.c || []) { await pause(); await walk(c, el, false); }
      // z holds batches of children as JSON strings (see the worker's
      // split): parse one batch per step.
      for (const b of n.z || []) { await pause(); for (const c of JSON.parse(b)) await walk(c, el, false); }
    };
    const frag = document.createDocumentFragment();
    if (!parts) { await walk(n, frag, false); show(frag); return; }
    const root = build(n);
    frag.appendChild(root);
    let shown = false;
    // Between sections the page yields when 30 ms have passed (as inside
    // one), and always once the first section is on the page, so it is
    // painted at once; a yield per section was ≈ 4 ms of nothing each
    // (a chained setTimeout(0) is clamped to 4 ms from the fifth).
    await tick(); since = performance.now();
    for (const p of parts) {
      await pause(); await walk(JSON.parse(p), root, false);
      if (!shown && root.lastElementChild && root.lastElementChild.tagName === "SECTION") { shown = true; show(frag); await tick(); since = performance.now(); }
    }
    if (!shown) show(frag);
  }

  // Sorting: a click on a column button sorts that table's rows.
  function sortTable(btn) {
    const table = btn.closest("table"), tb = table.tBodies[0];
    const col = +btn.dataset.col, num = btn.dataset.kind === "num";
    const dir = btn.dataset.dir === "asc" ? "desc" : "asc";
    table.querySelectorAll("button.sort").forEach(b => b.removeAttribute("data-dir"));
    btn.dataset.dir = dir;
    const key = tr => { const td = tr.cells[col]; if (!td) return ""; const v = td.dataset.v !== undefined ? td.dataset.v : td.textContent; return num ? parseFloat(v) || 0 : v.toLowerCase(); };
    const rows = Array.from(tb.rows).map((r, i) => [key(r), i, r]);
    rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]) * (dir === "asc" ? 1 : -1));
    for (const [, , r] of rows) tb.appendChild(r);
  }
  function filterTable(input) {
    const t = $(input.dataset.filter); if (!t) return;
    const q = input.value.trim().toLowerCase();
    for (const r of t.tBodies[0].rows) r.classList.toggle("hidden", q !== "" && !r.textContent.toLowerCase().includes(q));
  }
  function filterFindings(scope) {
    const box = document.querySelector('[data-scope="' + scope + '"]'); if (!box) return;
    const sev = box.querySelector("[data-filter-sev]").value, cat = box.querySelector("[data-filter-cat]").value;
    const q = box.querySelector("[data-filter-text]").value.trim().toLowerCase();
    const rank = {critical: 4, high: 3, medium: 2, low: 1, info: 0}[sev];
    for (const g of box.querySelectorAll(".group")) {
      let shown = 0;
      for (const a of g.querySelectorAll("article.finding")) {
        const ok = (sev === "" || +a.dataset.rank >= rank) && (cat === "" || a.dataset.cat === cat) && (q === "" || a.textContent.toLowerCase().includes(q));
        a.classList.toggle("hidden", !ok); if (ok) shown++;
      }
      g.classList.toggle("hidden", shown === 0);
    }
  }
  document.addEventListener("click", e => { const b = e.target.closest && e.target.closest("button.sort"); if (b) sortTable(b); });
  document.addEventListener("input", e => {
    const t = e.target;
    if (t.dataset.filter) filterTable(t);
    const s = t.dataset.filterSev || t.dataset.filterCat || t.dataset.filterText; if (s) filterFindings(s);
  });
  document.addEventListener("change", e => { const t = e.target; const s = t.dataset.filterSev || t.dataset.filterCat; if (s) filterFindings(s); });

  // Print: open every <details> and remember which were closed.
  let reopened = [];
  addEventListener("beforeprint", () => { reopened = Array.from(document.querySelectorAll("details:not([open])")); reopened.forEach(d => d.open = true); });
  addEventListener("afterprint", () => { reopened.forEach(d => d.open = false); reopened = []; });

  // Status line.
  function status(msg, kind) {
    const s = $("status"); s.textContent = "";
    if (!msg) return;
    const p = document.createElement("p"); p.className = kind || "info"; p.textContent = msg; s.appendChild(p);
  }

  // The core runs in a Worker built from wasm_exec.js plus coreHost, so a
  // long analysis never freezes the page; if a Worker cannot start it
  // runs on the main thread with a progress message instead.
  function coreHost(scope) {
    let booted = null;
    // The core is embedded as base-122 text (internal/htmlreport/b122.go):
    // an ASCII character carries 7 bits; a two-byte character carries one
    // of the values a script element cannot hold (NUL, CR, "<"), chosen
    // by bits 8-10, and the next 7 bits (7 there: a last chunk, alone).
    const unb122 = s => {
      const ill = [0, 13, 60], out = new Uint8Array(Math.ceil(s.length * 14 / 8));
      let acc = 0, n = 0, o = 0;
      const push = v => { acc = (acc << 7) | v; n += 7; if (n >= 8) { n -= 8; out[o++] = acc >> n; acc &= (1 << n) - 1; } };
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c < 0x80) push(c);
        else { const k = (c >> 8) & 7; if (k !== 7) push(ill[k]); push(c & 0x7f); }
      }
      return out.subarray(0, o);
    };
    const boot = async core => {
      const gz = unb122(core);
      const buf = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
      const go = new scope.Go();
      const ready = new Promise(r => { scope.assayCoreReady = r; });
      const { instance } = await WebAssembly.instantiate(buf, go.importObject);
      go.run(instance);
      await ready;
    };
    scope.assayHandle = async m => {
      try {
        if (m.op === "boot") { booted = booted || boot(m.core); await booted; return '{"ok":true}'; }
        await booted;
        if (m.op === "inspect") return scope.assayInspect(m.files);
        const progress = step => scope.assayProgress && scope.assayProgress(m.id, step);
        if (m.op === "analyze") return scope.assayAnalyze(m.files, m.meta, progress);
        if (m.op === "diff") return scope.assayDiff(m.old, m.files, m.meta, progress);
        if (m.op === "verify") return scope.assayVerify(m.files);
        if (m.op === "warm") return scope.assayWarm(m.files, m.meta);
        if (m.op === "documents") return scope.assayDocuments();
        return JSON.stringify({ ok: false, error: "unknown operation " + m.op });
      } catch (err) {
        return JSON.stringify({ ok: false, error: "analysis core failed: " + err });
      }
    };
    if (typeof WorkerGlobalScope !== "undefined" && scope instanceof WorkerGlobalScope) {
      // The core answers an analysis or comparison with the view already
      // split into per-section JSON texts (long lists in batches), so the
      // page parses and builds one section at a time; the answer is
      // posted as it comes. Each analysis step the core starts is posted
      // as it happens.
      scope.assayProgress = (id, step) => scope.postMessage({ id, progress: step });
      scope.onmessage = async e => {
        const out = await scope.assayHandle(e.data);
        scope.postMessage(typeof out === "string" ? { id: e.data.id, result: out } : { id: e.data.id, result: out.result, root: out.root, parts: out.parts });
      };
    }
  }

  const core = { worker: null, mode: "", seq: 0, waits: new Map(), progress: new Map(), started: null };
  function startCore() {
    if (core.started) return core.started;
    // Not trimmed: spaces and newlines are data in base-122.
    const coreText = $("assay-core").textContent;
    const t0 = performance.now();
    try {
      const src = $("assay-wasm-exec").textContent + "\n;(" + coreHost.toString() + ")(self);";
      const url = URL.createObjectURL(new Blob([src], { type: "text/javascript" }));
      core.worker = new Worker(url);
      core.worker.onmessage = e => {
        if (e.data.progress !== undefined) { const p = core.progress.get(e.data.id); if (p) p(e.data.progress); return; }
        const w = core.waits.get(e.data.id); if (w) { core.waits.delete(e.data.id); core.progress.delete(e.data.id); w(e.data); }
      };
      core.mode = "worker";
    } catch (err) {
      core.worker = null; core.mode = "main thread";
    }
    if (!core.worker) coreHost(globalThis);
    core.started = call({ op: "boot", core: coreText }).then(r => {
      const res = JSON.parse(r);
      if (!res.ok && core.worker) {
        // The worker could not boot the core: fall back to the page.
        core.worker.terminate(); core.worker = null; core.mode = "main thread";
        coreHost(globalThis);
        return call({ op: "boot", core: coreText }).then(JSON.parse);
      }
      return res;
    }).then(res => {
      document.body.dataset.core = res.ok ? "ready" : "failed";
      document.body.dataset.coreMode = core.mode;
      document.body.dataset.coreMs = String(Math.round(performance.now() - t0));
      if (!res.ok) throw new Error(res.error);
    });
    return core.started;
  }
  // callParts runs one operation; the answer is {result, root, parts}:
  // root and parts, when present, are the view's root element and its
  // sections as JSON texts.
  // onStep, when given, hears each analysis step the core starts.
  function callParts(m, onStep) {
    if (core.worker) {
      return new Promise(resolve => {
        const id = ++core.seq; core.waits.set(id, resolve);
        if (onStep) core.progress.set(id, onStep);
        core.worker.postMessage(Object.assign({ id }, m));
      });
    }
    return globalThis.assayHandle(m).then(out => typeof out === "string" ? { result: out } : { result: out.result, root: out.root, parts: Array.from(out.parts) });
  }
  const call = m => callParts(m).then(r => r.result);

  // Drop zone and file input.
  let pending = [];
  const original = $("report").firstElementChild;
  const origTitle = document.title, origHead = document.querySelector("header h1").textContent;
  const ownInput = () => {
    const el = $("assay-input"), txt = el ? el.textContent.trim() : "";
    return txt && txt !== "null" ? [{ name: meta.inputName || "this report", text: txt }] : null;
  };
  async function readFiles(list) {
    const files = [];
    for (const f of list) files.push({ name: f.name, text: await f.text() });
    return files;
  }
  const plural = (n, w) => n + " " + w + (n === 1 ? "" : "s");
  async function offer(list) {
    if (!list || !list.length) return;
    status("Reading " + plural(list.length, "file") + "…");
    try { pending = await readFiles(list); } catch (err) { return fail("Could not read the file: " + err); }
    status("Starting the analysis core…");
    try { await startCore(); } catch (err) { return fail("The analysis core could not start: " + err.message); }
    const res = JSON.parse(await call({ op: "inspect", files: pending }));
    if (!res.ok) return fail(res.error || "Unrecognised file.");
    const sigText = s => !s || s.status === "unsigned" ? "" : s.status === "verified" ? ", signed by " + s.keyId + ", verified" : ", SIGNATURE INVALID: " + s.problem;
    const desc = res.files.map(f => f.name + " (" + f.kind + ", " + plural(f.servers || 0, "server") + ", " + plural(f.tools || 0, "tool") + sigText(f.signature) + ")").join("; ");
    $("choice-files").textContent = desc;
    const diffBtn = $("do-diff");
    if (diffBtn) diffBtn.disabled = !ownInput();
    $("choice").classList.remove("hidden");
    status("Recognised: " + desc + ". Choose what to do.");
    // While the reader chooses, the Worker analyses the dropped files as a
    // comparison's side (what Compare would do first; the core keeps it),
    // so the click costs only the comparison itself. Analyse reuses the
    // per-tool results; Cancel wastes only Worker time.
    delete document.body.dataset.prepared;
    if (ownInput() && core.worker) call({ op: "warm", files: pending, meta: metaJSON() }).then(() => { document.body.dataset.prepared = "1"; }).catch(() => {});
  }
  function fail(msg) {
    status(msg, "err");
    document.body.dataset.result = "error";
    document.body.dataset.runs = String((+document.body.dataset.runs || 0) + 1);
  }
  async function run(op) {
    $("choice").classList.add("hidden");
    const files = pending; pending = [];
    if (!files.length) return;
    const t0 = performance.now();
    status(op === "diff" ? "Comparing with this report…" : "Analysing " + plural(files.length, "file") + "…");
    // Files travel as objects (no 1 MB text escaped and parsed again);
    // the core answers with the view only and keeps the findings
    // documents for assayDocuments.
    const msg = { op, files, meta: JSON.stringify({ version: meta.version || "", coreHash: meta.coreHash || "", viewOnly: true }) };
    if (op === "diff") msg.old = ownInput() || [];
    const label = op === "diff" ? "Comparing with this report" : "Analysing " + plural(files.length, "file");
    const steps = { read: "reading the files", compare: "comparing", view: "building the view", decode: "reading definitions", hashes: "hashing", classify: "classifying tools", inject: "checking text for injection", hygiene: "checking hygiene", cost: "counting cost", finish: "sorting findings", seal: "sealing" };
    let step = "";
    // Where the time went, for make bench-html: each step the core
    // started, then answer, parse, build and swap on this side, in ms
    // since the click.
    const at = [];
    const mark = name => at.push(name + "=" + Math.round(performance.now() - t0));
    const show = () => status(label + "… " + (step ? step + ", " : "") + Math.round((performance.now() - t0) / 1000) + " s");
    const tick = setInterval(show, 1000);
    let res;
    let raw;
    try { raw = await callParts(msg, s => { mark(s); step = steps[s] || s; show(); }); } finally { clearInterval(tick); }
    mark("answer");
    const tp = performance.now();
    res = JSON.parse(raw.result);
    const root = raw.root ? JSON.parse(raw.root) : res.view;
    document.body.dataset.parseMs = String(Math.round(performance.now() - tp));
    const ms = Math.round(performance.now() - t0);
    window.assayLast = res;
    if (!res.ok) return fail(res.error || "The analysis failed.");
    status("Showing the result…");
    const main = $("report"), h1 = document.querySelector("header h1");
    await buildChunked(root, raw.parts, frag => {
      const ts = performance.now();
      main.textContent = "";
      main.appendChild(frag);
      main.getBoundingClientRect();
      document.body.dataset.swapMs = String(Math.round(performance.now() - ts));
      // The header says what is shown: "A → B" for a comparison.
      if (res.title) { h1.textContent = res.title; document.title = res.title; }
      mark("first");
      document.body.dataset.firstMs = String(Math.round(performance.now() - t0));
    });
    mark("shown");
    document.body.dataset.steps = at.join(" ");
    // runMs is the time until the answer arrived (the core's work);
    // shownMs until every section is on the page.
    document.body.dataset.shownMs = String(Math.round(performance.now() - t0));
    const back = document.createElement("button"); back.type = "button"; back.textContent = "Back to the original report";
    back.addEventListener("click", () => { main.textContent = ""; main.appendChild(original); h1.textContent = origHead; document.title = origTitle; status(""); document.body.dataset.result = "original"; });
    status((op === "diff" ? "Compared in " : "Analysed in ") + ms + " ms (" + core.mode + "). ", "info");
    $("status").firstChild.appendChild(back);
    document.body.dataset.result = op === "diff" ? "diff" : "analysis";
    document.body.dataset.runMs = String(ms);
    document.body.dataset.runs = String((+document.body.dataset.runs || 0) + 1);
  }
  const dz = $("dz"), input = $("file");
  // Reset the input after reading so choosing the same file again works.
  input.addEventListener("change", () => { const l = Array.from(input.files); input.value = ""; offer(l); });
  for (const ev of ["dragenter", "dragover"]) addEventListener(ev, e => { e.preventDefault(); dz.classList.add("over"); });
  addEventListener("dragleave", e => { if (!e.relatedTarget) dz.classList.remove("over"); });
  addEventListener("drop", e => { e.preventDefault(); dz.classList.remove("over"); offer(e.dataTransfer && e.dataTransfer.files); });
  $("do-analyze").addEventListener("click", () => run("analyze"));
  if ($("do-diff")) $("do-diff").addEventListener("click", () => run("diff"));
  $("do-cancel").addEventListener("click", () => { pending = []; $("choice").classList.add("hidden"); status(""); });
  window.assayStartCore = startCore;
  // assayVerifyFiles checks signatures of [{name, text}] with the core.
  window.assayVerifyFiles = files => startCore().then(() => call({ op: "verify", files })).then(JSON.parse);
  // assayDocuments gives the findings documents of the last analysis or
  // comparison ({findingsJSON, diffJSON}, as the CLI writes them): the
  // core encodes them only when asked.
  window.assayDocuments = () => startCore().then(() => call({ op: "documents" })).then(JSON.parse);

  // Without JavaScript the drop zone stays hidden: it could do nothing.
  $("drop").classList.remove("hidden");
  document.body.dataset.ready = "1";
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  // Warm the core in the background so a drop is answered quickly: boot
  // it, then (in a Worker only, never on the main thread) analyse this
  // report's own input there, so a comparison reuses that analysis and
  // computes only what the dropped file changed.
  const metaJSON = () => JSON.stringify({ version: meta.version || "", coreHash: meta.coreHash || "" });
  (window.requestIdleCallback || setTimeout)(() => {
    startCore().then(() => {
      const own = ownInput();
      if (!own || !core.worker) return;
      const t0 = performance.now();
      return call({ op: "warm", files: own, meta: metaJSON() }).then(() => {
        document.body.dataset.warmMs = String(Math.round(performance.now() - t0));
      });
    }).catch(() => {});
  });
})();
