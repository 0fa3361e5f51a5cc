// The cursord dashboard: plain JavaScript, no build step, no third-party code.
// Every value from the daemon is put on the page as text (textContent), never as HTML.
"use strict";

const fmt = {
  int(n) { return n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US"); },
  tokens(n) {
    if (n === null || n === undefined) return "–";
    if (n >= 1e6) return (n / 1e6).toFixed(1) + "M";
    if (n >= 1e4) return (n / 1e3).toFixed(0) + "k";
    return String(n);
  },
  pct(x) { return x === null || x === undefined ? "–" : (100 * x).toFixed(0) + "%"; },
  usd(x, unpriced) {
    if (x === null || x === undefined) return unpriced ? "unknown" : "–";
    // under a dollar, to the hundredth of a cent: a day of cached turns is often a few cents
    const text = "$" + (x === 0 ? "0" : x < 1 ? x.toFixed(4) : x.toFixed(2));
    return unpriced ? text + "+" : text;
  },
  ms(n) { return n === null || n === undefined ? "–" : n >= 10000 ? (n / 1000).toFixed(0) + " s" : n + " ms"; },
  age(s) { return s < 60 ? s.toFixed(0) + " s" : s < 3600 ? (s / 60).toFixed(0) + " min" : (s / 3600).toFixed(1) + " h"; },
  when(ts) { return ts ? new Date(ts * 1000).toLocaleString() : "–"; },
  short(id) { return id ? (id.length > 12 ? id.slice(0, 8) + "…" : id) : "–"; },
  // a count in words: "1 turn", "2 turns" (`plural` when adding an s will not do)
  count(n, noun, plural) { return fmt.int(n) + " " + (n === 1 ? noun : plural || noun + "s"); },
};

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  return node;
}

// Free text that may be long (a title, a model name): it wraps instead of widening its table.
function wrapping(text) {
  return el("span", text, { class: "wrap" });
}

// An error message, whole: wrapped in a column wide enough to read, never cut short.
function errorText(text) {
  return text ? el("span", text, { class: "error-text" }) : "";
}

function fillTable(id, rows, cells, onClick) {
  const body = document.querySelector("#" + id + " tbody");
  body.replaceChildren();
  for (const row of rows) {
    const tr = el("tr");
    for (const cell of cells(row)) {
      const td = el("td");
      if (cell instanceof Node) td.append(cell); else td.textContent = cell;
      tr.append(td);
    }
    if (onClick) { tr.classList.add("clickable"); tr.addEventListener("click", () => onClick(row)); }
    body.append(tr);
  }
}

async function getJson(url, method = "GET") {
  const response = await fetch(url, { method, credentials: "same-origin", cache: "no-store" });
  if (response.status === 401) { window.location.href = "/ui/"; throw new Error("logged out"); }
  if (!response.ok) throw new Error(url + ": HTTP " + response.status);
  return response.json();
}

// ---- live streams ------------------------------------------------------------------------------------

// A stream's phase in words; the name `cursord status` and the tap print stays in the cell's tooltip.
const PHASE_WORDS = {
  idle: "starting",
  provider_running: "model answering",
  waiting_external: "waiting on the editor",
  awaiting_user: "waiting for your answer",
  compacting: "summarizing",
  checkpointing: "saving the turn",
  completed: "completed",
  failed: "failed",
  canceled: "canceled",
};

function phaseWords(phase) {
  return PHASE_WORDS[phase] || phase;
}

function renderStreams(view) {
  const streams = view.streams || [];
  document.getElementById("streams-empty").hidden = streams.length > 0;
  fillTable("streams-table", streams, (s) => {
    const words = phaseWords(s.phase) + (s.ended ? " (" + s.ended.code + ")" : "");
    const phase = el("span", words, { class: "phase phase-" + s.phase, title: s.phase });
    const pending = s.pending_execs === null ? "–" : s.pending_execs.map((p) => p.kind).join(", ") || "none";
    const request = el("code", fmt.short(s.request_id), { title: s.request_id });
    const conversation = el("code", fmt.short(s.conversation_id), { title: s.conversation_id || "" });
    // a running pass's output is an estimate until the provider reports its count
    const output = (s.output_estimated ? "~" : "") + fmt.tokens(s.output_tokens);
    return [request, conversation, wrapping(s.title || "–"), wrapping(s.model_id || "–"), phase, fmt.int(s.passes),
            fmt.tokens(s.input_tokens), output, fmt.int(s.backlog_frames), pending, fmt.int(s.subscribers),
            fmt.age(s.age_s)];
  });
  const counters = view.counters || {};
  const names = Object.keys(counters).filter((k) => counters[k]);
  document.getElementById("counters").textContent = names.length
    ? "Server counters: " + names.map((k) => k.replaceAll("_", " ") + " " + counters[k]).join(", ")
    : "";
}

function openLive() {
  const state = document.getElementById("live-state");
  const source = new EventSource("/ui/api/live");
  source.addEventListener("streams", (event) => {
    state.textContent = "live";
    state.className = "live";
    renderStreams(JSON.parse(event.data));
    if (currentPage() === "overview") refreshOverviewSoon();
  });
  source.addEventListener("error", () => {
    state.textContent = "reconnecting…";
    state.className = "muted";
    // a logged-out browser gets 401 and EventSource gives up: check, and show the login page if so
    if (source.readyState === EventSource.CLOSED) getJson("/ui/api/streams").then(renderStreams, () => {});
  });
}

// ---- conversations -------------------------------------------------------------------------------------

// a conversation whose latest turn failed is marked so, beside its title
function conversationTitle(c) {
  const title = el("span", c.title || "–", { class: "wrap" });
  if (c.latest_failed) title.append(" ", el("span", "failed", { class: "phase phase-failed", title: "its latest turn failed" }));
  return title;
}

async function loadConversations() {
  const days = document.getElementById("conversations-days").value;
  const view = await getJson("/ui/api/conversations?days=" + encodeURIComponent(days));
  fillTable("conversations-table", view.conversations, (c) => [
    el("code", fmt.short(c.conversation_id), { title: c.conversation_id }), conversationTitle(c), wrapping(c.route || "–"), fmt.int(c.turns),
    fmt.int(c.passes), fmt.tokens(c.input_tokens), fmt.pct(c.cache_hit_rate), fmt.tokens(c.output_tokens),
    fmt.usd(c.cost_usd, c.unpriced_passes), fmt.when(c.last_at),
  ], (c) => loadConversation(c.conversation_id));
}

async function loadConversation(id) {
  const view = await getJson("/ui/api/conversation?id=" + encodeURIComponent(id));
  document.getElementById("conversation-detail").hidden = false;
  document.getElementById("conversation-id").textContent = id;
  document.getElementById("conversation-title").textContent = view.title || "";
  const total = view.passes.reduce((sum, p) => sum + p.input_tokens + p.output_tokens, 0);
  document.getElementById("conversation-summary").textContent =
    fmt.count(view.turns.length, "turn") + ", " + fmt.count(view.passes.length, "provider pass", "provider passes") +
    ", " + fmt.tokens(total) + " tokens, cost " +
    fmt.usd(view.cost_usd, view.unpriced_passes) +
    (view.summarised_up_to_turn ? "; turns 1–" + view.summarised_up_to_turn + " summarised" : "");
  fillTable("turns-table", view.turns, (t) => [
    t.turn_seq, t.status, wrapping(t.route || "–"), fmt.tokens(t.input_tokens), fmt.tokens(t.cache_read_tokens),
    fmt.tokens(t.output_tokens), fmt.int(t.messages), fmt.when(t.committed_at), errorText(t.error),
  ]);
  fillTable("passes-table", view.passes, (p) => [
    p.turn_seq === null ? "–" : p.turn_seq, p.provider || "–", wrapping(p.model), p.status, fmt.tokens(p.input_tokens),
    fmt.tokens(p.cache_read_tokens), fmt.tokens(p.output_tokens), fmt.ms(p.first_token_ms), fmt.ms(p.duration_ms),
    fmt.usd(p.cost_usd, p.cost_usd === null ? 1 : 0), errorText(p.error),
  ]);
}

// ---- usage ---------------------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A bar chart with horizontal gridlines. `series` are drawn per label, side by side, or stacked when
// `stacked`; `max` fixes the scale (else the largest value, rounded up to a round number).
// It is drawn at the size it is shown (one unit a pixel), so its labels keep their CSS size at any window
// width instead of shrinking with a scaled viewBox; `drawCharts` draws it again when its width changes.
function barChart(id, labels, series, label, options) {
  const { stacked = false, max: fixed = null } = options || {};
  const svg = document.getElementById(id);
  svg.replaceChildren();
  const width = svg.getBoundingClientRect().width || 600, height = 220, left = 60, right = 20, bottom = 24, top = 10;
  svg.setAttribute("viewBox", "0 0 " + width + " " + height);
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] || 0), 0));
  const biggest = stacked ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((s) => s.values.filter((v) => v !== null)));
  const max = fixed !== null ? fixed : niceCeiling(biggest);
  const plotH = height - bottom - top, slot = (width - left - right) / Math.max(labels.length, 1);
  for (let step = 0; step <= 4; step++) {
    const y = top + plotH - (step / 4) * plotH;
    svg.append(svgEl("line", { x1: left, y1: y, x2: width - right, y2: y, class: step === 0 ? "axis-line" : "grid-line" }));
    svg.append(svgEl("text", { x: left - 4, y: y + 3, "text-anchor": "end", class: "axis" }, label((step / 4) * max)));
  }
  if (!labels.length || max === 0) {
    svg.append(svgEl("text", { x: (left + width - right) / 2, y: top + plotH / 2, "text-anchor": "middle", class: "axis" }, "no use in this period"));
  }
  const barW = Math.max(1, (slot * 0.8) / (stacked ? 1 : series.length));
  // at most ten day labels, and no nearer than 48 pixels
  const every = Math.ceil(labels.length / Math.max(1, Math.min(10, Math.floor((width - left - right) / 48))));
  labels.forEach((text, i) => {
    let base = 0;
    series.forEach((s, j) => {
      const value = s.values[i];
      if (!value || max === 0) return;  // no bar for a day without use
      const h = (Math.min(value, max) / max) * plotH;
      const x = left + i * slot + slot * 0.1 + (stacked ? 0 : j * barW);
      const y = top + plotH - base - h;
      const bar = svgEl("rect", { x, y, width: barW, height: Math.max(h, value > 0 ? 1 : 0), class: s.cls });
      bar.append(svgEl("title", {}, text + " " + s.name + ": " + label(value)));
      svg.append(bar);
      if (stacked) base += h;
    });
    // every `every`-th day and the last, without one too near the last
    if ((i % every === 0 && labels.length - 1 - i >= every / 2) || i === labels.length - 1) {
      svg.append(svgEl("text", { x: left + i * slot + slot / 2, y: height - 6, "text-anchor": "middle", class: "axis" }, text.slice(5)));
    }
  });
}

// 1, 2 or 5 times a power of ten, at or above `x`.
function niceCeiling(x) {
  if (x <= 0) return 0;
  const power = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [1, 2, 5, 10]) if (m * power >= x) return m * power;
  return 10 * power;
}

let shownUsage = null;
let chartWidth = null;

// The four charts of a usage view, at the width they are shown.
function drawCharts(view) {
  chartWidth = document.getElementById("chart-tokens").getBoundingClientRect().width;
  const labels = view.days.map((d) => d.day);
  barChart("chart-tokens", labels, [
    { name: "not cached", values: view.days.map((d) => d.input_tokens - d.cache_read_tokens), cls: "bar-input" },
    { name: "cached", values: view.days.map((d) => d.cache_read_tokens), cls: "bar-cached" },
  ], fmt.tokens, { stacked: true });
  barChart("chart-output", labels, [{ name: "output", values: view.days.map((d) => d.output_tokens), cls: "bar-output" }], fmt.tokens);
  barChart("chart-cost", labels, [{ name: "cost", values: view.days.map((d) => d.cost_usd), cls: "bar-cost" }], (x) => fmt.usd(x, 0));
  barChart("chart-cache", labels, [{ name: "cache hit", values: view.days.map((d) => d.cache_hit_rate), cls: "bar-cached" }], fmt.pct, { max: 1 });
}

// a window made wider or narrower: the charts are drawn again at their new width
const chartResizes = new ResizeObserver(() => {
  const width = document.getElementById("chart-tokens").getBoundingClientRect().width;
  if (shownUsage !== null && width > 0 && width !== chartWidth) drawCharts(shownUsage);
});

async function loadUsage() {
  const days = document.getElementById("usage-days").value;
  const view = await getJson("/ui/api/usage?days=" + encodeURIComponent(days));
  shownUsage = view;
  drawCharts(view);
  const t = view.totals;
  document.getElementById("usage-totals").textContent = "In this period: " + fmt.int(t.passes) + " provider passes, " +
    fmt.int(t.input_tokens) + " input tokens (" + fmt.int(t.cache_read_tokens) + " from the cache), " +
    fmt.int(t.output_tokens) + " output tokens, " + fmt.usd(t.cost_usd, t.unpriced_passes) + ".";
  document.getElementById("total-input").textContent = "(total " + fmt.tokens(t.input_tokens) + ")";
  document.getElementById("total-output").textContent = "(total " + fmt.tokens(t.output_tokens) + ")";
  document.getElementById("total-cost").textContent = "(total " + fmt.usd(t.cost_usd, t.unpriced_passes) + ")";
  fillTable("models-table", view.models, (m) => [
    wrapping(m.model || "–"), fmt.int(m.passes), fmt.int(m.failed), fmt.tokens(m.input_tokens), fmt.tokens(m.cache_read_tokens),
    fmt.pct(m.cache_hit_rate), fmt.tokens(m.output_tokens), fmt.ms(m.first_token_ms), fmt.usd(m.cost_usd, m.unpriced_passes),
  ]);
  fillTable("days-table", view.days.filter((d) => d.passes).reverse(), (d) => [
    d.day, fmt.int(d.passes), fmt.tokens(d.input_tokens), fmt.tokens(d.cache_read_tokens), fmt.pct(d.cache_hit_rate),
    fmt.tokens(d.output_tokens), fmt.usd(d.cost_usd, d.unpriced_passes),
  ]);
}

// ---- what left this machine ---------------------------------------------------------------------------

function bytes(n) {
  if (n === null || n === undefined) return "–";
  if (n >= 1048576) return (n / 1048576).toFixed(1) + " MiB";
  if (n >= 1024) return (n / 1024).toFixed(1) + " KiB";
  return n + " B";
}

async function loadForwarded() {
  const days = document.getElementById("forwarded-days").value;
  const view = await getJson("/ui/api/forwarded?days=" + encodeURIComponent(days));
  const t = view.totals;
  document.getElementById("forwarded-totals").textContent = "In this period: " + fmt.int(t.calls) + " calls to Cursor (" +
    fmt.int(t.carrying_code) + " carrying code or text, " + fmt.int(t.failed) + " failed), " + bytes(t.bytes_up) +
    " sent, " + bytes(t.bytes_down) + " received.";
  const rows = view.days.flatMap((d) => d.rpcs);
  document.getElementById("forwarded-empty").hidden = rows.length > 0;
  fillTable("forwarded-table", rows, (r) => [
    r.day, r.method, fmt.int(r.count), fmt.int(r.failed), bytes(r.bytes_up), bytes(r.bytes_down),
    el("span", r.carries_code === null ? "unknown" : r.carries_code ? "yes" : "no",
       { class: r.carries_code === false ? "check-ok" : "check-fail" }),
  ]);
}

// ---- overview ------------------------------------------------------------------------------------------

let overviewTimer = null;

function refreshOverviewSoon() {
  if (overviewTimer !== null) return;
  overviewTimer = setTimeout(() => { overviewTimer = null; loadOverview().catch((e) => console.error(e)); }, 1000);
}

async function loadOverview() {
  const view = await getJson("/ui/api/overview");
  const verdict = document.getElementById("overview-verdict");
  verdict.textContent = view.verdict;
  verdict.className = "verdict " + (view.verdict.startsWith("yes") ? "verdict-yes" : "verdict-no");
  const a = view.activity;
  document.getElementById("ov-runs-local").textContent = fmt.int(a.runs_local);
  document.getElementById("ov-runs-relayed").textContent = fmt.int(a.runs_relayed);
  document.getElementById("ov-proxied").textContent = fmt.int(a.proxied_requests);
  document.getElementById("ov-tunnels").textContent = fmt.int(a.tunnels);
  const today = view.today;
  document.getElementById("ov-cost").textContent = today ? fmt.usd(today.cost_usd, today.unpriced_passes) : "$0";
  document.getElementById("ov-tokens").textContent = today ? fmt.tokens(today.input_tokens) + " / " + fmt.tokens(today.output_tokens) : "0 / 0";
  document.getElementById("ov-last-request").textContent = a.last_request
    ? a.last_request + ", " + fmt.age(a.last_request_ago_s) + " ago" : "none yet";
  fillTable("ov-providers-table", view.providers, (p) => [
    p.name, el("span", p.key_env === null ? "none needed" : "$" + p.key_env + (p.key_set ? " set" : " not set"),
      { class: p.key_set ? "check-ok" : "check-fail" }),
    fmt.int(p.passes_today), el("span", fmt.int(p.failed_today), { class: p.failed_today ? "check-fail" : "" }),
    fmt.when(p.last_at),
  ]);
  const tab = view.tab;
  const tabOn = Boolean(tab && tab.configured);
  document.getElementById("ov-tab-off").hidden = tabOn;
  document.getElementById("ov-tab-table").hidden = !tabOn;
  fillTable("ov-tab-table", tabOn ? [tab] : [], (t) => [
    el("span", t.backend, { title: t.base_url }), wrapping(t.model || "–"), t.mode, fmt.int(t.requests), fmt.int(t.completed),
    fmt.int(t.timeouts), fmt.int(t.superseded), el("span", fmt.int(t.failed), { class: t.failed ? "check-fail" : "" }),
    fmt.ms(t.last_latency_ms), t.last_error ? errorText(t.last_error) : "–",
  ]);
  document.getElementById("recent-turns-empty").hidden = a.recent_turns.length > 0;
  fillTable("recent-turns-table", a.recent_turns, (t) => [
    fmt.when(t.ended_at), el("span", t.title || fmt.short(t.conversation_id), { class: "wrap", title: t.conversation_id || "" }),
    wrapping(t.route || "–"),
    el("span", t.outcome, { class: t.outcome === "ok" ? "check-ok" : "check-fail", title: t.error || "" }),
    fmt.int(t.passes), fmt.tokens(t.input_tokens), fmt.tokens(t.cache_read_tokens), fmt.tokens(t.output_tokens),
    fmt.usd(t.cost_usd, 0), fmt.ms(t.first_token_ms), t.duration_s.toFixed(1) + " s",
  ]);
}

// ---- providers and configuration -----------------------------------------------------------------------

async function loadProviders(probe) {
  const view = probe ? await getJson("/ui/api/probe", "POST") : await getJson("/ui/api/providers");
  const cell = (check) => el("span", check.summary ? check.status + ": " + check.summary : check.status, { class: "check-" + check.status });
  fillTable("providers-table", view.providers, (p) => [
    p.name, p.kind, cell(p.checks.key), cell(p.checks.endpoint), cell(p.checks.models), cell(p.checks.probe),
  ]);
  const problems = document.getElementById("provider-problems");
  problems.replaceChildren();
  for (const p of view.providers) {
    for (const [name, check] of Object.entries(p.checks)) {
      if (check.status === "fail" || check.status === "warn") {
        problems.append(el("li", p.name + " " + name + ": " + check.summary + (check.detail ? ": " + check.detail : "")));
      }
    }
  }
}

// One table of name/value rows; arrays of tables (providers) get one table each.
function configTable(title, entries) {
  const box = el("div", null, { class: "config-block" });
  box.append(el("h3", title));
  const table = el("table", null, { class: "config" });
  const body = el("tbody");
  for (const [name, value] of entries) {
    const tr = el("tr");
    tr.append(el("th", name));
    const shown = Array.isArray(value) ? (value.length ? value.join(", ") : "none")
      : value !== null && typeof value === "object" ? Object.entries(value).map(([k, v]) => k + " = " + v).join(", ") || "none"
      : String(value);
    tr.append(el("td", shown));
    body.append(tr);
  }
  table.append(body);
  const scroller = el("div", null, { class: "table-box" });
  scroller.append(table);
  box.append(scroller);
  return box;
}

async function loadConfig() {
  const view = await getJson("/ui/api/config");
  const config = view.config;
  const blocks = [];
  const scalars = Object.entries(config).filter(([, v]) => v === null || typeof v !== "object" || Array.isArray(v) && v.every((x) => typeof x !== "object"));
  blocks.push(configTable("Daemon", scalars));
  for (const provider of config.providers || []) {
    blocks.push(configTable("Provider " + provider.name, Object.entries(provider).filter(([k]) => k !== "name")));
  }
  for (const [name, value] of Object.entries(config)) {
    if (value && typeof value === "object" && !Array.isArray(value)) blocks.push(configTable(name, Object.entries(value)));
  }
  document.getElementById("config-tables").replaceChildren(...blocks);
  const warnings = document.getElementById("config-warnings");
  warnings.replaceChildren(...view.warnings.map((w) => el("li", w, { class: "warning" })));
}

// ---- pages ---------------------------------------------------------------------------------------------

const loaders = {
  overview: loadOverview, conversations: loadConversations, usage: loadUsage, forwarded: loadForwarded,
  providers: () => loadProviders(false),
  config: loadConfig,
};

function currentPage() {
  const page = (window.location.hash || "#overview").slice(1);
  return document.getElementById("page-" + page) ? page : "overview";
}

function showPage() {
  const known = currentPage();
  for (const section of document.querySelectorAll(".page")) section.hidden = section.id !== "page-" + known;
  for (const link of document.querySelectorAll("nav a")) link.classList.toggle("current", link.dataset.page === known);
  if (loaders[known]) loaders[known]().catch((error) => console.error(error));
}

document.addEventListener("DOMContentLoaded", () => {
  window.addEventListener("hashchange", showPage);
  document.getElementById("conversations-days").addEventListener("change", () => loadConversations());
  document.getElementById("usage-days").addEventListener("change", () => loadUsage());
  document.getElementById("forwarded-days").addEventListener("change", () => loadForwarded());
  document.getElementById("probe").addEventListener("click", () => loadProviders(true));
  chartResizes.observe(document.getElementById("chart-tokens"));
  document.getElementById("logout").addEventListener("click", async () => {
    await fetch("/ui/logout", { method: "POST", credentials: "same-origin" });
    window.location.href = "/ui/";
  });
  showPage();
  openLive();
});
