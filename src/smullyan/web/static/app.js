// smullyan's web page: it sends what the user wrote to the JSON API and shows what comes back.
// No puzzle logic lives here; the server renders every report (escaped HTML) and every picture.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { solved: null, game: null, urls: [] };

function setStatus(text) { $("status").textContent = text; }

async function api(path, body) {
  const started = performance.now();
  const options = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, options);
  } catch (err) {
    setStatus("The server cannot be reached.");
    throw err;
  }
  let data;
  try { data = await response.json(); } catch (err) { data = { message: `the server answered ${response.status}` }; }
  const ms = Math.round(performance.now() - started);
  if (response.status === 503) {
    setStatus(`The server is busy; try again in ${response.headers.get("Retry-After") || "a few"} seconds.`);
  } else if (response.status >= 500) {
    setStatus(`Internal error: ${data.message || response.status}`);
  } else {
    setStatus(`${response.status === 200 ? "Done" : "Refused"} in ${ms} ms.`);
  }
  return { status: response.status, data };
}

// ---------------------------------------------------------------- the editor and its error marker

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function offsetOf(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length - 1); i++) offset += lines[i].length + 1;
  const here = lines[Math.min(line - 1, lines.length - 1)] || "";
  return offset + Math.max(0, Math.min((column || 1) - 1, here.length));
}

function showError(data) {
  const text = $("puzzle").value;
  const box = $("error");
  let where = "";
  if (data.line && data.source !== "request" && data.source !== "strategy") {
    const at = offsetOf(text, data.line, data.column);
    const end = Math.min(text.length, at + 1);
    const mark = text.slice(at, end).replace(/\n/, " ") || " ";
    $("highlights").innerHTML = escapeHtml(text.slice(0, at)) +
      `<mark class="error-marker" data-line="${data.line}" data-column="${data.column || 1}">${escapeHtml(mark)}</mark>` +
      escapeHtml(text.slice(end)) + "\n";
    $("editor").classList.add("has-error");
    if (!/\bline \d+/i.test(data.message)) where = `Line ${data.line}${data.column ? `, column ${data.column}` : ""}: `;
    $("puzzle").setSelectionRange(at, end);
  } else if (data.key) {
    where = `${data.source === "strategy" ? "Strategy, key" : "Key"} '${data.key}': `;
  }
  box.textContent = where + data.message;
  box.hidden = false;
}

function clearError() {
  $("error").hidden = true;
  $("highlights").textContent = "";
  $("editor").classList.remove("has-error");
}

function syncScroll() {
  const backdrop = document.querySelector(".backdrop");
  backdrop.scrollTop = $("puzzle").scrollTop;
  backdrop.scrollLeft = $("puzzle").scrollLeft;
}

function puzzleRequest() {
  return { puzzle: $("puzzle").value, format: $("format").value };
}

// ---------------------------------------------------------------- solving, the tree, downloads

function download(id, content, type) {
  const link = $(id);
  if (content == null) { link.hidden = true; return; }
  const url = URL.createObjectURL(new Blob([content], { type }));
  state.urls.push(url);
  link.href = url;
  link.hidden = false;
}

function foldable(svg) {
  const nodes = new Map();
  svg.querySelectorAll("g.question, g.leaf").forEach((g) => nodes.set(g.id, g));
  const hiddenBy = (g) => {
    for (let p = g.dataset.parent; p; p = nodes.get(p) && nodes.get(p).dataset.parent) {
      if (nodes.get(p) && nodes.get(p).classList.contains("collapsed")) return true;
    }
    return false;
  };
  const refresh = () => {
    nodes.forEach((g) => { g.style.display = hiddenBy(g) ? "none" : ""; });
    svg.querySelectorAll("g.link").forEach((link) => {
      const child = nodes.get(link.dataset.child);
      link.style.display = child && child.style.display === "none" ? "none" : "";
    });
  };
  svg.querySelectorAll("g.question").forEach((g) => {
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    const toggle = () => { g.classList.toggle("collapsed"); refresh(); };
    g.addEventListener("click", toggle);
    g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } });
  });
}

async function solve() {
  clearError();
  const body = puzzleRequest();
  if ($("objective").value) body.objective = $("objective").value;
  $("solve").disabled = true;
  setStatus("Solving…");
  try {
    const { status, data } = await api("/api/solve", body);
    showTab("result");
    if (status === 400) { showError(data); return; }
    if (status !== 200) { $("result").innerHTML = `<p class="error">${escapeHtml(data.message || "failed")}</p>`; return; }
    $("result").innerHTML = data.html;
    const tree = $("result").querySelector("[data-role=tree]");
    if (tree && data.svg) {
      tree.innerHTML = data.svg;
      foldable(tree.querySelector("svg"));
    }
    state.urls.forEach((u) => URL.revokeObjectURL(u));
    state.urls = [];
    $("downloads").hidden = !data.result;
    download("dl-json", data.result ? JSON.stringify(data.result, null, 2) : null, "application/json");
    download("dl-toml", data.toml || null, "application/toml");
    download("dl-svg", data.svg || null, "image/svg+xml");
    state.solved = data.result && data.result.strategy ? data.result : null;
    $("use-solved").disabled = !state.solved;
  } finally {
    $("solve").disabled = false;
  }
}

async function verify() {
  clearError();
  const body = { ...puzzleRequest(), strategy: $("strategy").value };
  const { status, data } = await api("/api/verify", body);
  if (status === 400) {
    if (data.source === "strategy" || data.source === "request") {
      $("verdict").innerHTML = `<p class="error" role="alert">${escapeHtml(
        (data.line ? `Line ${data.line}, column ${data.column}: ` : data.key ? `Key '${data.key}': ` : "") + data.message)}</p>`;
    } else { showError(data); $("verdict").innerHTML = ""; }
    return;
  }
  $("verdict").innerHTML = data.html || `<p class="error">${escapeHtml(data.message || "failed")}</p>`;
}

// ---------------------------------------------------------------- playing

function showGame(data) {
  $("game").innerHTML = data.html;
  const input = $("game").querySelector("input");
  if (input) input.focus();
}

async function startGame(event) {
  event.preventDefault();
  clearError();
  const form = new FormData($("play-form"));
  const body = { ...puzzleRequest(), role: form.get("role"), adversary: form.get("adversary") === "on" };
  const { status, data } = await api("/api/play", body);
  if (status === 400) { showError(data); return; }
  if (status !== 200) { $("game").innerHTML = `<p class="error">${escapeHtml(data.message || "failed")}</p>`; return; }
  state.game = data.game;
  showGame(data);
}

async function step(action, fields) {
  if (!state.game) return;
  const { status, data } = await api(`/api/play/${encodeURIComponent(state.game)}/${action}`, fields || {});
  if (status === 200) { showGame(data); return; }
  let box = $("game").querySelector(".step-error");
  if (!box) {
    box = document.createElement("p");
    box.className = "error step-error";
    box.setAttribute("role", "alert");
    $("game").querySelector("section").appendChild(box);
  }
  box.textContent = data.message || `refused (${status})`;
}

function onGameClick(event) {
  const button = event.target.closest("button[data-play]");
  if (!button) return;
  const action = button.dataset.play;
  if (action === "restart") { startGame(new Event("submit")); return; }
  step(action, action === "answer" ? { word: button.dataset.word } : {});
}

function onGameSubmit(event) {
  const form = event.target.closest("form[data-play]");
  if (!form) return;
  event.preventDefault();
  const input = form.querySelector("input");
  const action = form.dataset.play;
  step(action, action === "ask" ? { question: input.value } : { guess: input.value });
}

// ---------------------------------------------------------------- examples, tabs, sharing

async function loadExample() {
  const name = $("example").value;
  if (!name) return;
  const { status, data } = await api(`/api/examples/${encodeURIComponent(name)}`);
  if (status !== 200) return;
  $("puzzle").value = data.text;
  $("format").value = data.format;
  clearError();
}

function showTab(name) {
  document.querySelectorAll(".tabs [data-tab]").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.tab === name)));
  document.querySelectorAll(".tab").forEach((t) => { t.hidden = t.id !== `tab-${name}`; });
}

function share() {
  const bytes = new TextEncoder().encode($("puzzle").value);
  let binary = "";
  bytes.forEach((b) => { binary += String.fromCharCode(b); });
  const code = btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  const link = `${location.origin}/?p=${code}`;
  const box = $("share-link");
  box.value = link;
  box.hidden = false;
  box.select();
  if (navigator.clipboard) navigator.clipboard.writeText(link).then(() => setStatus("Link copied."), () => {});
}

document.addEventListener("DOMContentLoaded", () => {
  $("solve").addEventListener("click", solve);
  $("verify").addEventListener("click", verify);
  $("use-solved").addEventListener("click", () => { $("strategy").value = JSON.stringify(state.solved, null, 2); });
  $("play-form").addEventListener("submit", startGame);
  $("game").addEventListener("click", onGameClick);
  $("game").addEventListener("submit", onGameSubmit);
  $("example").addEventListener("change", loadExample);
  $("share").addEventListener("click", share);
  $("puzzle").addEventListener("input", clearError);
  $("puzzle").addEventListener("scroll", syncScroll);
  $("puzzle").addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) solve(); });
  document.querySelectorAll(".tabs [data-tab]").forEach((b) => b.addEventListener("click", () => showTab(b.dataset.tab)));
});
