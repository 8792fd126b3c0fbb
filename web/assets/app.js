// The Mythos viewer: plays, watches and replays games through the JSON API
// of mythos web (web/play.go, web/replay.go). Plain JavaScript, no library.
'use strict';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const token = params.get('token');

let mode = 'play';      // play | watch | replay
let envs = [];          // from /api/envs
let agentNames = [];
let cur = null;         // the last state or replay step
let session = null;
let logLines = 0, epoch = -1;
let paused = false, botTimer = null, busy = false;
let pendingConfirm = null;
let replayTimer = null, replaySeq = 0;
let hoverCard = false;  // the card text shown is an option's, on hover

// api calls the server; it throws an Error with the server's message.
async function api(method, path, body, raw) {
  const headers = {};
  if (token) headers['Authorization'] = 'Bearer ' + token;
  let data;
  if (raw !== undefined) { data = raw; headers['Content-Type'] = 'application/octet-stream'; }
  else if (body !== undefined) { data = JSON.stringify(body); headers['Content-Type'] = 'application/json'; }
  const r = await fetch(path, { method, headers, body: data });
  const j = await r.json().catch(() => ({ error: r.statusText }));
  if (!r.ok) throw new Error(j.error || ('HTTP ' + r.status));
  return j;
}

function showError(msg) {
  const e = $('error');
  e.textContent = msg || '';
  e.hidden = !msg;
}

function setMode(m) {
  if (m === 'replay') stopBots();
  else stopReplay();
  mode = m;
  for (const b of document.querySelectorAll('.tab')) b.classList.toggle('active', b.dataset.mode === m);
  $('setup').hidden = m === 'replay';
  $('replayForm').hidden = m !== 'replay';
  fillSeats();
}

function fillEnvs() {
  const sel = $('env');
  sel.textContent = '';
  for (const e of envs) {
    const o = document.createElement('option');
    o.value = e.id; o.textContent = e.id;
    sel.appendChild(o);
  }
  const want = params.get('env');
  if (want && envs.some((e) => e.id === want)) sel.value = want;
  fillSeats();
}

function fillSeats() {
  const e = envs.find((x) => x.id === $('env').value);
  const box = $('seats');
  box.textContent = '';
  if (!e) return;
  e.seats.forEach((name, i) => {
    const l = document.createElement('label');
    l.textContent = name + ' ';
    const s = document.createElement('select');
    s.className = 'seat'; s.dataset.seat = i;
    for (const a of agentNames) {
      const o = document.createElement('option');
      o.value = a; o.textContent = a;
      s.appendChild(o);
    }
    const bot = mode === 'watch' || e.bots.includes(i) || i > 0;
    s.value = bot ? agentNames[1] : 'human';
    l.appendChild(s);
    box.appendChild(l);
  });
}

async function newGame(ev) {
  if (ev) ev.preventDefault();
  stopBots(); stopReplay();
  const seats = [...document.querySelectorAll('select.seat')].map((s) => s.value);
  const seed = Number($('seed').value || 0);
  try {
    if (session) api('POST', '/api/close', { s: session }).catch(() => {});
    logLines = 0; epoch = -1; paused = mode === 'watch' ? false : paused;
    const st = await api('POST', '/api/new', { env: $('env').value, seed, seats });
    showError('');
    show(st);
  } catch (e) { showError(e.message); }
}

// show draws a played game's state and schedules the bots.
function show(st) {
  cur = st; session = st.session;
  $('replayControls').hidden = true;
  $('botControls').hidden = st.seats.every((s) => s.agent === 'human');
  $('speedControl').hidden = $('botControls').hidden;
  $('humanControls').hidden = !st.seats.some((s) => s.agent === 'human');
  drawBoard(st.svg);
  const banner = $('banner');
  banner.className = st.over ? 'over' : '';
  banner.textContent = st.over
    ? `The game is over. Score: ${st.score > 0 ? '+' : ''}${st.score} (${st.decisions} decisions) — drawn as ${st.viewerName} sees it`
    : `${st.env} · seed ${st.seed} · decision ${st.decisions + 1} · drawn as ${st.viewerName} sees it`;
  // the log
  const log = $('log');
  if (st.epoch !== epoch || st.logFrom === 0) { log.textContent = ''; logLines = 0; epoch = st.epoch; }
  if (st.logFrom === logLines) {
    for (const l of st.log) appendLog(l);
    logLines += st.log.length;
  }
  requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
  // the prompt
  $('hintText').textContent = '';
  hideConfirm();
  const q = $('question');
  const opts = $('options');
  opts.textContent = '';
  clearHoverCard();
  if (st.over) {
    q.textContent = 'The game is over.';
  } else if (st.human) {
    q.textContent = `${st.actorName}, your decision${st.kind ? ' (' + st.kind + ')' : ''}: ${st.question || 'choose one'}`;
    st.options.forEach((o, k) => opts.appendChild(optionButton(o, k, false)));
  } else {
    q.textContent = `${st.actorName} (${st.seats[st.actor].agent}) is deciding${st.question ? ': ' + st.question : ''}`;
  }
  $('hint').disabled = st.over || !st.human;
  $('undo').disabled = !st.canUndo;
  $('save').href = '/api/record?s=' + encodeURIComponent(st.session) + (token ? '&token=' + encodeURIComponent(token) : '');
  $('pause').textContent = paused ? 'Resume' : 'Pause';
  $('stepBot').disabled = st.over || st.human;
  markStatus(st.over ? 'over' : st.human ? 'human' : 'bot');
  scheduleBot();
}

// markStatus tells what the page waits for (body data-status: human, bot,
// over, replay) and counts the drawings (data-shown), for people's scripts
// and the browser tests.
function markStatus(s) {
  document.body.dataset.status = s;
  document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);
}

function appendLog(l) {
  const li = document.createElement('li');
  li.textContent = l.text;
  li.className = l.decision ? 'decision' : 'event';
  $('log').appendChild(li);
  return li;
}

// clearHoverCard hides an option's card text when its button goes away.
function clearHoverCard() {
  if (hoverCard) $('cardText').textContent = '';
  hoverCard = false;
}

function optionButton(o, k, disabled) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'opt' + (o.chosen ? ' chosen' : '');
  b.dataset.index = o.index;
  b.disabled = disabled;
  b.title = o.card || o.text;
  if (o.card) {
    b.classList.add('hascard');
    b.addEventListener('mouseenter', () => { $('cardText').textContent = o.card; hoverCard = true; });
    b.addEventListener('mouseleave', () => { if (hoverCard) $('cardText').textContent = ''; });
  }
  const n = document.createElement('span');
  n.className = 'num'; n.textContent = String(k + 1);
  const t = document.createElement('span');
  t.textContent = o.text + (o.chosen ? '  ← chosen' : '');
  b.append(n, t);
  if (!disabled) b.addEventListener('click', () => choose(o));
  return b;
}

function drawBoard(svg) {
  // The SVG comes from our own server (package render), drawn from text it
  // escapes; it is inserted as markup so that it scales with the pane.
  $('board').innerHTML = svg;
}

async function choose(o) {
  if (busy || !cur || cur.mode !== 'play') return;
  if (o.confirm && pendingConfirm !== o) {
    pendingConfirm = o;
    $('confirmText').textContent = o.confirm;
    $('confirm').hidden = false;
    return;
  }
  hideConfirm();
  await call('POST', '/api/act', { s: session, option: o.index, from: logLines });
}

function hideConfirm() { pendingConfirm = null; $('confirm').hidden = true; }

// call sends a request that answers with the state, one at a time.
async function call(method, path, body) {
  if (busy) return;
  busy = true;
  try {
    const st = await api(method, path, body);
    showError('');
    busy = false;
    show(st);
  } catch (e) {
    busy = false;
    showError(e.message);
  }
}

function stopBots() { if (botTimer) clearTimeout(botTimer); botTimer = null; }

function scheduleBot() {
  stopBots();
  if (!cur || cur.mode !== 'play' || cur.over || cur.human || paused) return;
  botTimer = setTimeout(() => { botTimer = null; call('POST', '/api/step', { s: session, from: logLines }); }, Number($('speed').value));
}

async function hint() {
  if (!cur || !cur.human || busy) return;
  $('hintText').textContent = 'Thinking…';
  busy = true;
  try {
    const h = await api('POST', '/api/hint', { s: session });
    const k = cur.options.findIndex((o) => o.index === h.index);
    $('hintText').textContent = `Hint (${h.agent}): [${k + 1}] ${h.text}`;
    for (const b of document.querySelectorAll('#options .opt')) b.classList.toggle('hinted', Number(b.dataset.index) === h.index);
  } catch (e) { $('hintText').textContent = ''; showError(e.message); }
  busy = false;
}

// --- replays ---

async function openUpload() {
  const f = $('file').files[0];
  if (!f) return;
  stopBots(); stopReplay();
  try {
    const buf = await f.arrayBuffer();
    const ep = $('episode').value || '-1';
    const st = await api('POST', '/api/replay?name=' + encodeURIComponent(f.name) + '&episode=' + encodeURIComponent(ep), undefined, buf);
    showError('');
    startReplay(st);
  } catch (e) { showError(e.message); }
}

async function openReplay(id) {
  try {
    const st = await api('GET', '/api/replay?s=' + encodeURIComponent(id) + '&i=0&log=1');
    startReplay(st);
  } catch (e) { showError(e.message); }
}

function startReplay(st) {
  setMode('replay');
  session = st.session;
  const log = $('log');
  log.textContent = '';
  for (const l of st.log || []) appendLog(l);
  $('scrub').max = st.steps;
  showStep(st);
}

function showStep(st) {
  cur = st;
  $('botControls').hidden = true;
  $('humanControls').hidden = true;
  $('replayControls').hidden = false;
  $('speedControl').hidden = false;
  $('scrub').value = st.step;
  $('stepLabel').textContent = `${st.step} / ${st.steps}`;
  drawBoard(st.svg);
  const banner = $('banner');
  banner.className = 'spectator';
  banner.textContent = `Replay of ${st.name}: ${st.env} · seed ${st.seed} — spectator view: every seat's hand and cards, no deck's order`;
  const q = $('question');
  const opts = $('options');
  opts.textContent = '';
  clearHoverCard();
  hideConfirm();
  $('hintText').textContent = '';
  if (st.step >= st.steps) {
    q.textContent = st.over ? `The game is over. Score: ${st.score > 0 ? '+' : ''}${st.score}` : 'The record ends before the game does.';
  } else {
    q.textContent = `Decision ${st.step + 1}: ${st.actorName}${st.kind ? ' (' + st.kind + ')' : ''}${st.question ? ': ' + st.question : ''}`;
    st.options.forEach((o, k) => opts.appendChild(optionButton(o, k, true)));
  }
  const items = $('log').children;
  let mark = null;
  for (let i = 0; i < items.length; i++) {
    items[i].classList.toggle('future', i > st.logAt);
    const isCur = i === st.logAt && st.step < st.steps;
    items[i].classList.toggle('current', isCur);
    if (isCur) mark = items[i];
  }
  const log = $('log');
  if (mark) log.scrollTop = Math.max(0, mark.offsetTop - log.clientHeight + mark.offsetHeight + 4);
  else log.scrollTop = log.scrollHeight;
  $('playReplay').textContent = replayTimer ? 'Pause' : 'Play';
  markStatus('replay');
}

async function gotoStep(i) {
  if (!cur || cur.mode !== 'replay') return;
  i = Math.max(0, Math.min(cur.steps, i));
  const seq = ++replaySeq;
  try {
    const st = await api('GET', '/api/replay?s=' + encodeURIComponent(session) + '&i=' + i);
    if (seq === replaySeq) showStep(st);
  } catch (e) { showError(e.message); stopReplay(); }
}

function stopReplay() { if (replayTimer) clearInterval(replayTimer); replayTimer = null; $('playReplay').textContent = 'Play'; }

function toggleReplay() {
  if (replayTimer) { stopReplay(); return; }
  replayTimer = setInterval(() => {
    if (!cur || cur.mode !== 'replay' || cur.step >= cur.steps) { stopReplay(); return; }
    gotoStep(cur.step + 1);
  }, Math.max(100, Number($('speed').value)));
  $('playReplay').textContent = 'Pause';
}

// --- cards ---

async function card(q) {
  q = q.trim();
  if (!q || !session) return;
  $('cardQuery').value = q;
  let path = '/api/card?s=' + encodeURIComponent(session) + '&q=' + encodeURIComponent(q);
  if (cur && cur.mode === 'replay') path += '&i=' + cur.step;
  try {
    const c = await api('GET', path);
    $('cardText').textContent = c.found ? c.text : c.error;
    hoverCard = false;
  } catch (e) { showError(e.message); }
}

// --- wiring ---

function keys(ev) {
  if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT')) return;
  if (cur && cur.mode === 'replay') {
    if (ev.key === 'ArrowRight') gotoStep(cur.step + 1);
    if (ev.key === 'ArrowLeft') gotoStep(cur.step - 1);
    return;
  }
  if (!cur || !cur.human) return;
  if (ev.key >= '1' && ev.key <= '9') {
    const o = cur.options[Number(ev.key) - 1];
    if (o) choose(o);
  } else if (ev.key === 'h') hint();
  else if (ev.key === 'u' && cur.canUndo) call('POST', '/api/undo', { s: session, from: 0 });
}

async function init() {
  for (const b of document.querySelectorAll('.tab')) b.addEventListener('click', () => setMode(b.dataset.mode));
  $('env').addEventListener('change', fillSeats);
  $('setup').addEventListener('submit', newGame);
  $('hint').addEventListener('click', hint);
  $('undo').addEventListener('click', () => call('POST', '/api/undo', { s: session, from: 0 }));
  $('yes').addEventListener('click', () => { if (pendingConfirm) choose(pendingConfirm); });
  $('no').addEventListener('click', hideConfirm);
  $('pause').addEventListener('click', () => { paused = !paused; $('pause').textContent = paused ? 'Resume' : 'Pause'; scheduleBot(); });
  $('stepBot').addEventListener('click', () => { if (cur && !cur.human && !cur.over) { stopBots(); call('POST', '/api/step', { s: session, from: logLines }); } });
  $('speed').addEventListener('change', () => { scheduleBot(); if (replayTimer) { stopReplay(); toggleReplay(); } });
  $('file').addEventListener('change', openUpload);
  $('scrub').addEventListener('input', () => gotoStep(Number($('scrub').value)));
  $('first').addEventListener('click', () => gotoStep(0));
  $('prev').addEventListener('click', () => gotoStep(cur.step - 1));
  $('next').addEventListener('click', () => gotoStep(cur.step + 1));
  $('last').addEventListener('click', () => gotoStep(cur.steps));
  $('playReplay').addEventListener('click', toggleReplay);
  $('cardText').addEventListener('click', () => { $('cardText').textContent = ''; });
  $('cardForm').addEventListener('submit', (ev) => { ev.preventDefault(); card($('cardQuery').value); });
  $('board').addEventListener('click', (ev) => {
    const t = ev.target.closest && ev.target.closest('text');
    if (t) card(t.textContent);
  });
  document.addEventListener('keydown', keys);
  $('botControls').hidden = true;
  $('humanControls').hidden = true;
  try {
    const r = await api('GET', '/api/envs');
    envs = r.envs; agentNames = r.agents;
    fillEnvs();
  } catch (e) { showError(e.message); return; }
  if (params.get('mode')) setMode(params.get('mode'));
  if (params.get('seed')) $('seed').value = params.get('seed');
  if (params.get('replay')) openReplay(params.get('replay'));
}

init();
