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
    const text = "$" + (x < 0.01 && x > 0 ? x.toFixed(4) : x.toFixed(2));
    return unpriced ? text + "+" : text;
  },
  ms(n) { return n === null || n === undefined ? "–" : n >= 10000 ? (n / 1000).toFixed(0) + " s" : n + " ms"; },
  age(s) { return s < 60 ? s.toFixed(0) + " s" : s < 3600 ? (s / 60).toFixed(0) + " min" : (s / 3600).toFixed(1) + " h"; },
  when(ts) { return ts ? new Date(ts * 1000).toLocaleString() : "–"; },
  short(id) { return id ? (id.length > 12 ? id.slice(0, 8) + "…" : id) : "–"; },
};

function el(tag, text, attrs) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (const [name, value] of Object.entries(attrs || {})) node.setAttribute(name, value);
  return node;
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

function renderStreams(view) {
  const streams = view.streams || [];
  document.getElementById("streams-empty").hidden = streams.length > 0;
  fillTable("streams-table", streams, (s) => {
    const phase = el("span", s.ended ? s.phase + " (" + s.ended.code + ")" : s.phase, { class: "phase phase-" + s.phase });
    const pending = s.pending_execs === null ? "–" : s.pending_execs.map((p) => p.kind).join(", ") || "none";
    const request = el("code", fmt.short(s.request_id), { title: s.request_id });
    const conversation = el("code", fmt.short(s.conversation_id), { title: s.conversation_id || "" });
    return [request, conversation, s.model_id || "–", phase, fmt.int(s.passes), fmt.tokens(s.input_tokens),
            fmt.tokens(s.output_tokens), fmt.int(s.backlog_frames), pending, fmt.int(s.subscribers), fmt.age(s.age_s)];
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
  });
  source.addEventListener("error", () => {
    state.textContent = "reconnecting…";
    state.className = "muted";
    // a logged-out browser gets 401 and EventSource gives up: check, and show the login page if so
    if (source.readyState === EventSource.CLOSED) getJson("/ui/api/streams").then(renderStreams, () => {});
  });
}

// ---- conversations -------------------------------------------------------------------------------------

async function loadConversations() {
  const days = document.getElementById("conversations-days").value;
  const view = await getJson("/ui/api/conversations?days=" + encodeURIComponent(days));
  fillTable("conversations-table", view.conversations, (c) => [
    el("code", fmt.short(c.conversation_id), { title: c.conversation_id }), c.model || "–", fmt.int(c.turns),
    fmt.int(c.passes), fmt.tokens(c.input_tokens), fmt.pct(c.cache_hit_rate), fmt.tokens(c.output_tokens),
    fmt.usd(c.cost_usd, c.unpriced_passes), fmt.when(c.last_at),
  ], (c) => loadConversation(c.conversation_id));
}

async function loadConversation(id) {
  const view = await getJson("/ui/api/conversation?id=" + encodeURIComponent(id));
  document.getElementById("conversation-detail").hidden = false;
  document.getElementById("conversation-id").textContent = id;
  const total = view.passes.reduce((sum, p) => sum + p.input_tokens + p.output_tokens, 0);
  document.getElementById("conversation-summary").textContent =
    view.turns.length + " turns, " + view.passes.length + " provider passes, " + fmt.tokens(total) + " tokens, cost " +
    fmt.usd(view.cost_usd, view.unpriced_passes) +
    (view.summarised_up_to_turn ? "; turns 1–" + view.summarised_up_to_turn + " summarised" : "");
  fillTable("turns-table", view.turns, (t) => [
    t.turn_seq, t.status, t.model || "–", fmt.tokens(t.input_tokens), fmt.tokens(t.cache_read_tokens),
    fmt.tokens(t.output_tokens), fmt.int(t.messages), fmt.when(t.committed_at), t.error || "",
  ]);
  fillTable("passes-table", view.passes, (p) => [
    p.turn_seq === null ? "–" : p.turn_seq, p.provider || "–", p.model, p.status, fmt.tokens(p.input_tokens),
    fmt.tokens(p.cache_read_tokens), fmt.tokens(p.output_tokens), fmt.ms(p.first_token_ms), fmt.ms(p.duration_ms),
    fmt.usd(p.cost_usd, p.cost_usd === null ? 1 : 0),
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

// A bar chart: `series` is a list of {values, cls} drawn side by side per label; `label` formats the axis.
function barChart(id, labels, series, label) {
  const svg = document.getElementById(id);
  svg.replaceChildren();
  const width = 600, height = 200, left = 56, bottom = 24, top = 8;
  const max = Math.max(0, ...series.flatMap((s) => s.values.filter((v) => v !== null)));
  if (!labels.length || max === 0) {
    svg.append(svgEl("text", { x: width / 2, y: height / 2, "text-anchor": "middle", class: "axis" }, "no data"));
    return;
  }
  const plotH = height - bottom - top, slot = Math.min((width - left) / labels.length, 80);
  const barW = Math.max(1, (slot * 0.8) / series.length);
  svg.append(svgEl("text", { x: left - 4, y: top + 10, "text-anchor": "end", class: "axis" }, label(max)));
  svg.append(svgEl("text", { x: left - 4, y: top + plotH, "text-anchor": "end", class: "axis" }, label(0)));
  svg.append(svgEl("line", { x1: left, y1: top + plotH, x2: width, y2: top + plotH, class: "axis-line" }));
  labels.forEach((text, i) => {
    series.forEach((s, j) => {
      const value = s.values[i];
      if (value === null || value === undefined) return;
      const h = (value / max) * plotH;
      const bar = svgEl("rect", { x: left + i * slot + slot * 0.1 + j * barW, y: top + plotH - h, width: barW, height: h, class: s.cls });
      bar.append(svgEl("title", {}, text + ": " + label(value)));
      svg.append(bar);
    });
    if (labels.length <= 14 || i % Math.ceil(labels.length / 14) === 0) {
      svg.append(svgEl("text", { x: left + i * slot + slot / 2, y: height - 6, "text-anchor": "middle", class: "axis" }, text.slice(5)));
    }
  });
}

async function loadUsage() {
  const days = document.getElementById("usage-days").value;
  const view = await getJson("/ui/api/usage?days=" + encodeURIComponent(days));
  const labels = view.days.map((d) => d.day);
  barChart("chart-tokens", labels, [
    { values: view.days.map((d) => d.input_tokens), cls: "bar-input" },
    { values: view.days.map((d) => d.cache_read_tokens), cls: "bar-cached" },
    { values: view.days.map((d) => d.output_tokens), cls: "bar-output" },
  ], fmt.tokens);
  barChart("chart-cost", labels, [{ values: view.days.map((d) => d.cost_usd), cls: "bar-cost" }], (x) => fmt.usd(x, 0));
  barChart("chart-cache", labels, [{ values: view.days.map((d) => d.cache_hit_rate), cls: "bar-cached" }], fmt.pct);
  fillTable("models-table", view.models, (m) => [
    m.model || "–", fmt.int(m.passes), fmt.int(m.failed), fmt.tokens(m.input_tokens), fmt.tokens(m.cache_read_tokens),
    fmt.pct(m.cache_hit_rate), fmt.tokens(m.output_tokens), fmt.ms(m.first_token_ms), fmt.usd(m.cost_usd, m.unpriced_passes),
  ]);
  fillTable("days-table", view.days.slice().reverse(), (d) => [
    d.day, fmt.int(d.passes), fmt.tokens(d.input_tokens), fmt.tokens(d.cache_read_tokens), fmt.pct(d.cache_hit_rate),
    fmt.tokens(d.output_tokens), fmt.usd(d.cost_usd, d.unpriced_passes),
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

async function loadConfig() {
  const view = await getJson("/ui/api/config");
  document.getElementById("config-text").textContent = JSON.stringify(view.config, null, 2);
  const warnings = document.getElementById("config-warnings");
  warnings.replaceChildren(...view.warnings.map((w) => el("li", w, { class: "warning" })));
}

// ---- pages ---------------------------------------------------------------------------------------------

const loaders = { conversations: loadConversations, usage: loadUsage, providers: () => loadProviders(false), config: loadConfig };

function showPage() {
  const page = (window.location.hash || "#streams").slice(1);
  const known = document.getElementById("page-" + page) ? page : "streams";
  for (const section of document.querySelectorAll(".page")) section.hidden = section.id !== "page-" + known;
  for (const link of document.querySelectorAll("nav a")) link.classList.toggle("current", link.dataset.page === known);
  if (loaders[known]) loaders[known]().catch((error) => console.error(error));
}

document.addEventListener("DOMContentLoaded", () => {
  window.addEventListener("hashchange", showPage);
  document.getElementById("conversations-days").addEventListener("change", () => loadConversations());
  document.getElementById("usage-days").addEventListener("change", () => loadUsage());
  document.getElementById("probe").addEventListener("click", () => loadProviders(true));
  document.getElementById("logout").addEventListener("click", async () => {
    await fetch("/ui/logout", { method: "POST", credentials: "same-origin" });
    window.location.href = "/ui/";
  });
  showPage();
  openLive();
});
