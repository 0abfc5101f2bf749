"use strict";
/* The game viewer: reads the embedded data (gzip + base64 JSON written by simulator/viewer),
   rebuilds the state after any event from the nearest snapshot plus per-event deltas,
   and draws the timeline, the state, the causal chain and the rules glossary. */
(function () {
  const $ = (id) => document.getElementById(id);
  const esc = (s) => String(s == null ? "" : s).replace(/[&<>"']/g,
    (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  const EAGER_LIMIT = 1500;       // games up to this many events render every turn at once

  let D = null;                   // the embedded data
  let E = [];                     // events as objects
  const bySeq = new Map();        // seq -> index into E
  let snapIdx = [];               // indices of events with a full snapshot, ascending
  let current = -1;               // selected index
  let cached = {i: -1, v: null};  // last state computed
  let visible = [];               // indices matching the filters, ascending
  const typeFilter = new Set();
  let rulePrefixes = [];
  const turnEls = new Map();      // turn key -> <details>
  const rendered = new Set();     // turn keys whose rows exist

  async function load() {
    const b64 = $("game-data").textContent.trim();
    const bin = atob(b64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return JSON.parse(await new Response(stream).text());
  }

  /* ---------------------------------------------------------------- deltas (simulator/viewer/delta.py) */
  function applyDelta(value, op) {
    if (op === null || op === undefined) return value;
    switch (op[0]) {
      case "=": return op[1];
      case "o": {
        const out = {};
        for (const k of Object.keys(value)) if (!op[2].includes(k)) out[k] = value[k];
        for (const k of Object.keys(op[1])) out[k] = applyDelta(value[k], op[1][k]);
        return out;
      }
      case "k": {
        const byId = new Map(value.map((x) => [x.id, x]));
        const order = op[1] !== null ? op[1] : value.map((x) => x.id);
        return order.map((id) => (id in op[2] ? applyDelta(byId.get(id), op[2][id]) : byId.get(id)));
      }
      case "s": return value.slice(0, op[1]).concat(op[3], value.slice(op[1] + op[2]));
    }
    throw new Error("unknown delta operation " + op[0]);
  }

  function viewAt(i) {
    if (cached.i === i) return cached.v;
    let start, v;
    if (cached.i >= 0 && cached.i < i && i - cached.i <= D.snapshot_every) {
      start = cached.i; v = cached.v;
    } else {
      let lo = 0, hi = snapIdx.length - 1, best = snapIdx[0];
      while (lo <= hi) { const mid = (lo + hi) >> 1; if (snapIdx[mid] <= i) { best = snapIdx[mid]; lo = mid + 1; } else hi = mid - 1; }
      start = best; v = D.snapshots[String(E[best].seq)];
    }
    for (let j = start + 1; j <= i; j++) v = applyDelta(v, D.deltas[j]);
    cached = {i, v};
    return v;
  }

  /* ---------------------------------------------------------------- filters (log --type / --rule) */
  function ruleMatches(rule, wanted) {
    rule = rule || ""; wanted = wanted.trim();
    if (!wanted || !rule.startsWith(wanted)) return false;
    const rest = rule.slice(wanted.length);
    return !rest || !/[0-9]/.test(rest[0]);
  }
  function matches(e) {
    if (typeFilter.size && !typeFilter.has(e.type)) return false;
    if (rulePrefixes.length && !rulePrefixes.some((r) => ruleMatches(e.rule, r))) return false;
    return true;
  }
  function applyFilters() {
    visible = [];
    E.forEach((e, i) => { if (matches(e)) visible.push(i); });
    for (const row of document.querySelectorAll(".ev")) row.classList.toggle("hidden", !matches(E[bySeq.get(+row.dataset.seq)]));
    const filtered = typeFilter.size || rulePrefixes.length;
    $("filter-count").textContent = filtered ? `${visible.length} of ${E.length} events` : `${E.length} events`;
    $("type-summary").textContent = typeFilter.size ? [...typeFilter].join(", ") : "All event types";
  }

  /* ---------------------------------------------------------------- timeline */
  function turnKey(e) { return String(e.turn); }
  function buildTimeline() {
    const tl = $("timeline");
    tl.textContent = "";
    const eager = E.length <= EAGER_LIMIT;
    const counts = new Map();
    for (const e of E) counts.set(turnKey(e), (counts.get(turnKey(e)) || 0) + 1);
    let key = null, box = null;
    for (const e of E) {
      if (turnKey(e) !== key) {
        key = turnKey(e);
        box = document.createElement("details");
        box.className = "turn"; box.dataset.turn = key;
        const n = counts.get(key);
        box.innerHTML = `<summary>Turn ${esc(e.turn)} — ${esc(D.turn_active[key] || "")} <span class="muted">(${n} events)</span></summary>`;
        const k = key;
        box.addEventListener("toggle", () => { if (box.open) renderTurn(k); });
        turnEls.set(key, box);
        tl.appendChild(box);
      }
    }
    if (eager) for (const [k, el] of turnEls) { renderTurn(k); el.open = true; }
  }
  function renderTurn(key) {
    if (rendered.has(key)) return;
    rendered.add(key);
    const box = turnEls.get(key);
    const frag = document.createDocumentFragment();
    let step = null, dec = null, group = null;
    for (const e of E) {
      if (turnKey(e) !== key) continue;
      if (e.step !== step) {
        step = e.step; dec = null;
        const h = document.createElement("div"); h.className = "step"; h.textContent = step ? `${step} step` : "the turn begins";
        frag.appendChild(h);
      }
      if (e.decision !== dec || group === null) {
        dec = e.decision;
        group = document.createElement("div"); group.className = "decision-group"; group.dataset.decision = dec;
        frag.appendChild(group);
      }
      group.appendChild(rowFor(e));
    }
    box.appendChild(frag);
    for (const row of box.querySelectorAll(".ev")) row.classList.toggle("hidden", !matches(E[bySeq.get(+row.dataset.seq)]));
  }
  function rowFor(e) {
    const row = document.createElement("div");
    const kind = e.cause === null ? "decision" : "consequence";
    row.className = `ev ${kind} ${e.mark}`;
    row.dataset.seq = e.seq;
    const gl = e.rule ? (D.glossary[e.rule] || "") : "";
    const mark = e.mark ? `<span class="mark ${e.mark}">${e.mark}</span>` : "";
    row.innerHTML = `<span class="seq">#${e.seq}</span><span class="type">${esc(e.type)}</span>` +
      `<span class="rule" title="${esc(e.rule ? e.rule + ": " + gl : "")}">${esc(e.rule || "–")}</span>` +
      `<span class="txt">${mark}${esc(e.text)}</span>`;
    row.addEventListener("click", () => select(bySeq.get(e.seq)));
    return row;
  }
  function rowEl(seq) { return document.querySelector(`.ev[data-seq="${seq}"]`); }

  /* ---------------------------------------------------------------- state */
  function manaHtml(pool) {
    const parts = [];
    for (const [k, n] of Object.entries(pool || {})) for (let j = 0; j < n; j++) parts.push(`<span class="mana mana-${esc(k)}" title="{${esc(k)}}">${esc(k)}</span>`);
    return parts.length ? parts.join("") : `<span class="muted">empty</span>`;
  }
  function chips(names) {
    return names.length ? names.map((n) => `<span class="chip">${esc(n)}</span>`).join("") : `<span class="muted">none</span>`;
  }
  const COLOR_NAMES = { W: "white (W)", U: "blue (U)", B: "black (B)", R: "red (R)", G: "green (G)" };
  function cardHtml(b, x, attachedHere) {
    const cls = ["card"];
    if (b.tapped) cls.push("tapped");
    if (b.types.includes("Land")) cls.push("land");
    if (b.types.includes("Creature")) cls.push("creature");
    if (b.attached) cls.push("attached");
    const typeLine = [...b.supertypes, ...b.types].join(" ") + (b.subtypes.length ? " — " + b.subtypes.join(" ") : "");
    const badges = [];
    if (b.tapped) badges.push(`<span class="badge tapped" title="107.5">TAPPED</span>`);
    if (x && x.sick) badges.push(`<span class="badge sick" title="302.6: summoning sickness">SUMMONING SICK</span>`);
    for (const [k, n] of Object.entries(b.counters || {})) badges.push(`<span class="badge counter">${esc(k)} ×${n}</span>`);
    for (const [k, v] of Object.entries(b.chosen || {})) badges.push(`<span class="badge chosen" title="614.12: chosen as it entered">${esc(k.replace(/_/g, " "))} chosen: ${esc(k === "color" ? (COLOR_NAMES[v] || v) : v)}</span>`);
    if (b.token) badges.push(`<span class="badge token">TOKEN</span>`);
    if (b.attached) badges.push(`<span class="badge attach">attached to ${esc(b.attached)}</span>`);
    for (const a of attachedHere) badges.push(`<span class="badge attach">enchanted by ${esc(a)}</span>`);
    if (b.exiled && b.exiled.length) badges.push(`<span class="badge exiled" title="607.2a">exiled with it: ${esc(b.exiled.join(", "))}</span>`);
    const abil = (b.abilities || []).map((a) => `<div class="ab ${esc(a.origin)}" title="${esc(a.origin)}${a.granted_by ? " by " + esc(a.granted_by) : ""}">${esc(a.text)}</div>`);
    for (const a of (x ? x.other : [])) abil.push(`<div class="ab static ${esc(a.origin)}" title="${esc(a.origin)}${a.granted_by ? " by " + esc(a.granted_by) : ""}">${esc(a.text)}</div>`);
    const pt = b.power !== null && b.power !== undefined ? `<span class="pt">${b.power}/${b.toughness}</span>` : "";
    return `<div class="${cls.join(" ")}" data-id="${esc(b.id)}"><div class="name">${esc(b.card)}</div><div class="oid">${esc(b.id)} · ${esc(b.controller)}</div>` +
      `<div class="types">${esc(typeLine)}</div>${badges.join("")}${abil.join("")}${pt}</div>`;
  }
  function renderState(i) {
    const v = viewAt(i), s = v.state, e = E[i];
    const extra = new Map(v.extra.map((x) => [x.id, x]));
    const out = [];
    let over = "";
    if (s.game_over) {
      const g = s.game_over;
      over = `<span class="gameover">Game over${g.winners ? ": winners " + esc(g.winners.join(", ") || "none") : (s.winner ? ": " + esc(s.winner) + " wins" : "")}</span>`;
    }
    out.push(`<div class="state-head"><b>After #${e.seq}</b><span>Turn ${esc(s.turn)} · ${esc(s.active)}'s <b>${esc(s.step)}</b> step</span>` +
      `<span>priority: ${esc(s.priority || "–")}</span>${over}</div>`);
    out.push(`<div class="players">`);
    for (const p of s.players) {
      const mine = s.battlefield.filter((b) => b.controller === p.name);
      const hosts = new Map();
      for (const b of mine) if (b.attached) { if (!hosts.has(b.attached)) hosts.set(b.attached, []); hosts.get(b.attached).push(b); }
      const placed = new Set(), cards = [];
      const put = (b) => {
        if (placed.has(b.id)) return;
        placed.add(b.id);
        cards.push(cardHtml(b, extra.get(b.id), (hosts.get(b.id) || []).map((a) => a.id)));
        for (const a of hosts.get(b.id) || []) put(a);
      };
      for (const b of mine) if (!b.attached || !mine.some((h) => h.id === b.attached)) put(b);
      for (const b of mine) put(b);
      out.push(`<div class="player${p.name === s.active ? " active" : ""}" data-player="${esc(p.name)}"><div class="info">` +
        `<h3>${esc(p.name)} <span class="life" title="life">♥ ${esc(p.life)}</span>${p.lost ? ' <span class="badge sick">LOST</span>' : ""}</h3>` +
        `<div class="zone pool"><span class="label">mana pool</span>${manaHtml(p.mana_pool)}</div>` +
        `<div class="zone"><span class="label">hand</span>${chips(p.hand)}</div>` +
        `<div class="zone"><span class="label">library</span><span class="library-count">${p.library.length}</span> card${p.library.length === 1 ? "" : "s"}</div>` +
        `<div class="zone"><span class="label">graveyard</span>${chips(p.graveyard)}</div>` +
        `<div class="zone"><span class="label">exile</span>${chips(p.exile)}</div></div>` +
        `<div class="battlefield">${cards.join("") || '<span class="muted">no permanents</span>'}</div></div>`);
    }
    out.push(`</div>`);
    out.push(`<h2>Stack <span class="muted">(top first)</span></h2>`);
    out.push(s.stack.length ? s.stack.map((it) => `<div class="stack-item"><b>${esc(it.kind)}</b> ${esc(it.id)} — ${esc(it.card)} (${esc(it.controller)}): ${esc(it.text)}` +
      `${it.targets && it.targets.length ? " → " + esc(it.targets.join(", ")) : ""}${it.x ? " X=" + it.x : ""}</div>`).join("") : `<div class="muted">empty</div>`);
    if (s.pending) {
      const pd = s.pending;
      out.push(`<h2>Pending choice</h2><div class="pending"><b>${esc(pd.player)}</b> must choose (${esc(pd.kind)}): ${esc(pd.prompt)}<br>` +
        `options: ${pd.options.map((o, k) => `${k + 1}. ${esc(o)}`).join(" · ")}</div>`);
    }
    $("state").innerHTML = out.join("");
  }

  /* ---------------------------------------------------------------- causal chain (the links of `why --json`) */
  function chainOf(i) {
    const out = [], seen = new Set();
    let e = E[i];
    while (e && !seen.has(e.seq)) {
      seen.add(e.seq);
      out.push({seq: e.seq, type: e.type, rule: e.rule, text: e.text, decision: e.cause === null,
                objects: e.objects.map((k) => D.strings[k])});
      e = e.cause === null ? null : E[bySeq.get(e.cause)];
    }
    return out;
  }
  function wrap(text, n) {
    const words = String(text).split(" "), lines = [];
    let line = "";
    for (const w of words) {
      if (line && (line + " " + w).length > n) { lines.push(line); line = w; } else line = line ? line + " " + w : w;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [""];
  }
  function renderChain(i) {
    const links = chainOf(i).reverse();        // the decision first
    const W = 560, PAD = 10, LH = 16, GAP = 34;
    let y = 8;
    const parts = [];
    const boxes = links.map((l) => {
      const head = `#${l.seq} ${l.type}${l.rule ? " · " + l.rule : ""}${l.decision ? " · the player's decision" : ""}`;
      const gl = l.rule && D.glossary[l.rule] ? wrap(D.glossary[l.rule], 84) : [];
      const lines = [[head, "head"], ...wrap(l.text, 76).map((t) => [t, "text"]),
        ...l.objects.flatMap((o) => wrap("· " + o, 82).map((t) => [t, "obj"])), ...gl.map((t) => [t, "rule"])];
      const h = lines.length * LH + 2 * PAD - 4;
      const box = {l, lines, y, h};
      y += h + GAP;
      return box;
    });
    const H = y - GAP + 8;
    boxes.forEach((b, k) => {
      if (k > 0) {
        const a = boxes[k - 1], x = 20 + W / 2;
        parts.push(`<path class="link" d="M ${x} ${a.y + a.h} L ${x} ${b.y - 2}" stroke="#555" stroke-width="1.5" marker-end="url(#arr)"/>`);
      }
      const kind = b.l.decision ? "decision" : (E[bySeq.get(b.l.seq)].mark || "");
      const sel = b.l.seq === E[i].seq ? " selected" : "";
      parts.push(`<g class="node ${kind}${sel}" data-seq="${b.l.seq}"><rect x="20" y="${b.y}" width="${W}" height="${b.h}" rx="7"/>`);
      b.lines.forEach(([t, cls], j) => {
        const style = cls === "head" ? 'font-weight="bold"' : cls === "obj" ? 'fill="#555" font-size="11"' : cls === "rule" ? 'fill="#1f5fa8" font-size="11" font-style="italic"' : "";
        parts.push(`<text x="${20 + PAD}" y="${b.y + PAD + 10 + j * LH}" ${style}>${esc(t)}</text>`);
      });
      parts.push(`</g>`);
    });
    $("chain").innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" width="${W + 40}" height="${H}" viewBox="0 0 ${W + 40} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="12">` +
      `<defs><marker id="arr" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#555"/></marker></defs>${parts.join("")}</svg>`;
    for (const g of $("chain").querySelectorAll(".node")) g.addEventListener("click", () => select(bySeq.get(+g.dataset.seq)));
    $("chain-caption").textContent = links.length > 1 ? `#${E[i].seq} back to the decision #${links[0].seq} (${links.length} links)` : `#${E[i].seq} is a player's decision`;
    for (const r of document.querySelectorAll(".ev.in-chain")) r.classList.remove("in-chain");
    for (const l of links) { const r = rowEl(l.seq); if (r) r.classList.add("in-chain"); }
  }

  /* ---------------------------------------------------------------- selection and keys */
  function select(i, opts) {
    if (i === undefined || i < 0 || i >= E.length) return;
    current = i;
    const e = E[i];
    const key = turnKey(e);
    renderTurn(key);
    const box = turnEls.get(key);
    if (!box.open) box.open = true;
    for (const r of document.querySelectorAll(".ev.selected")) r.classList.remove("selected");
    const row = rowEl(e.seq);
    if (row) { row.classList.add("selected"); if (!opts || opts.scroll !== false) row.scrollIntoView({block: "nearest"}); }
    renderState(i);
    renderChain(i);
    if (location.hash !== "#seq=" + e.seq) history.replaceState(null, "", "#seq=" + e.seq);
    document.body.dataset.seq = e.seq;
  }
  function stepEvent(dir) {
    if (!visible.length) return;
    let k;
    if (dir > 0) k = visible.find((x) => x > current);
    else { for (let j = visible.length - 1; j >= 0; j--) if (visible[j] < current) { k = visible[j]; break; } }
    if (k !== undefined) select(k);
  }
  function stepDecision(dir) {
    for (let j = current + dir; j >= 0 && j < E.length; j += dir) if (E[j].cause === null) { select(j); return; }
  }
  function fromHash() {
    const m = /seq=(\d+)/.exec(location.hash);
    if (m && bySeq.has(+m[1])) { select(bySeq.get(+m[1])); return true; }
    return false;
  }

  function buildFilters() {
    const list = $("type-list");
    const counts = new Map();
    for (const e of E) counts.set(e.type, (counts.get(e.type) || 0) + 1);
    list.innerHTML = [...counts.keys()].sort().map((t) => `<label><input type="checkbox" value="${esc(t)}"> ${esc(t)} <span class="muted">${counts.get(t)}</span></label>`).join("");
    list.addEventListener("change", (ev) => {
      const t = ev.target.value;
      if (ev.target.checked) typeFilter.add(t); else typeFilter.delete(t);
      applyFilters();
    });
    $("rule-filter").addEventListener("input", (ev) => {
      rulePrefixes = ev.target.value.split(/[\s,]+/).filter(Boolean);
      applyFilters();
    });
  }
  function buildGlossary() {
    $("glossary").innerHTML = Object.entries(D.glossary).map(([r, t]) => `<dt id="rule-${esc(r)}">${esc(r)}</dt><dd>${esc(t)}</dd>`).join("");
  }

  async function main() {
    const t0 = performance.now();
    D = await load();
    E = D.events.map((r) => ({seq: r[0], type: D.types[r[1]], rule: r[2], cause: r[3], decision: r[4], text: r[5],
      turn: r[6], step: r[7], mark: r[8], objects: r[9]}));
    E.forEach((e, i) => bySeq.set(e.seq, i));
    snapIdx = Object.keys(D.snapshots).map((s) => bySeq.get(+s)).sort((a, b) => a - b);
    $("game-id").textContent = `${D.game} · ${E.length} events`;
    buildFilters();
    buildTimeline();
    buildGlossary();
    applyFilters();
    if (!fromHash() && E.length) select(E.length - 1);
    window.addEventListener("hashchange", fromHash);
    document.addEventListener("keydown", (ev) => {
      if (ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT")) return;
      const act = {ArrowRight: () => stepEvent(1), ArrowLeft: () => stepEvent(-1),
                   ArrowDown: () => stepDecision(1), ArrowUp: () => stepDecision(-1)}[ev.key];
      if (act) { ev.preventDefault(); act(); }
    });
    document.body.dataset.ready = "1";
    document.body.dataset.openMs = String(Math.round(performance.now() - t0));
  }

  const ready = main();
  ready.catch((err) => { $("timeline").textContent = "Could not read the game data: " + err; throw err; });
  window.simView = {
    ready,
    stateAt: (seq) => viewAt(bySeq.get(seq)).state,
    viewAt: (seq) => viewAt(bySeq.get(seq)),
    chain: (seq) => chainOf(bySeq.get(seq)),
    select: (seq) => select(bySeq.get(seq)),
    current: () => (current >= 0 ? E[current].seq : null),
  };
})();
