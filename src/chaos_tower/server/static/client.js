// The browser client of `chaos-tower serve`: one websocket, the seat's view, its actions.
// No library, no build step: the server sends everything this page shows (docs/guides/server.md).
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const table = decodeURIComponent(location.pathname.split("/").pop());
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
  let socket = null;
  let view = null;
  let retry = 500;
  let refs = 0;
  let clock = null;

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (cls) { node.className = cls; }
    return node;
  }

  function who(seat) { return seat === null ? "spectator" : "seat " + seat; }

  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !view) { return; }
    refs += 1;
    socket.send(JSON.stringify({type: "act", action: action, step: view.step, ref: "a" + refs}));
    $("problem").textContent = "";
  }

  function status() {
    const s = $("status");
    s.className = "";
    if (!view) { return; }
    if (view.end) {
      const mine = view.seat === null ? "" : " — you " + (view.end.results[view.seat] || view.end.results[0]);
      s.textContent = "game over (" + view.end.cause + ")" + mine;
      return;
    }
    let text = view.your_turn ? "Your turn" : "waiting for seat " + view.turn;
    if (view.deadline) {
      const left = Math.max(0, Math.round(view.deadline - Date.now() / 1000));
      text += " (" + left + " s left)";
    }
    s.textContent = text;
    if (view.your_turn) { s.className = "mine"; }
  }

  function renderActions() {
    const box = $("actions");
    const list = $("legal");
    box.textContent = "";
    list.textContent = "";
    view.actions.forEach((group) => {
      const set = el("fieldset");
      set.appendChild(el("legend", group.kind + " (" + group.actions.length + ")"));
      group.actions.forEach((text) => {
        const button = el("button", text);
        button.type = "button";
        button.dataset.action = text;
        button.addEventListener("click", () => send(text));
        set.appendChild(button);
        const option = el("option");
        option.value = text;
        list.appendChild(option);
      });
      box.appendChild(set);
    });
    $("action").disabled = !view.your_turn;
  }

  function renderLog(entries, first) {
    const log = $("log");
    if (first) { log.textContent = ""; }
    Array.from(log.children).forEach((item) => item.classList.remove("news"));
    entries.forEach((entry) => {
      const item = el("li", null, first ? "" : "news");
      item.value = entry.step;
      const head = entry.step === 0 ? "start" :
        who(entry.seat) + ": " + (entry.action === null ? "(acted)" : entry.action);
      item.appendChild(el("span", head, "action"));
      const list = el("ul");
      entry.events.forEach((event) => {
        const line = el("li", null, "event");
        const rule = el(event.href ? "a" : "span", event.rule, "rule");
        if (event.href) { rule.href = event.href; rule.target = "_blank"; rule.rel = "noopener"; }
        line.appendChild(rule);
        line.appendChild(document.createTextNode(event.text));
        list.appendChild(line);
      });
      item.appendChild(list);
      log.appendChild(item);
    });
    log.scrollTop = log.scrollHeight;  // the log's own scroll only: the page stays where it is
  }

  function renderEnd() {
    const box = $("end");
    box.textContent = "";
    box.hidden = !view.end;
    if (!view.end) { return; }
    box.appendChild(el("h2", "game over"));
    const list = el("ul");
    view.end.results.forEach((result, seat) => list.appendChild(el("li", who(seat) + ": " + result)));
    box.appendChild(list);
    box.appendChild(el("p", view.end.cause + (view.end.rule ? " (" + view.end.rule + ")" : "")));
    if (view.referee_svg) {
      const whole = el("div", null, "referee");
      whole.innerHTML = view.referee_svg;
      box.appendChild(el("h3", "the whole table"));
      box.appendChild(whole);
    }
  }

  function render(frame) {
    view = frame;
    $("title").textContent = "table " + table + " — " + who(frame.seat) + " — step " + frame.step;
    document.title = (frame.your_turn ? "(your turn) " : "") + "chaos-tower table " + table;
    const picture = $("picture");
    if (frame.svg) { picture.innerHTML = frame.svg; } else { picture.textContent = "(the seats' views are private)"; }
    renderActions();
    renderLog(frame.events, frame.first);
    renderEnd();
    status();
    document.body.dataset.step = String(frame.step);
    document.body.dataset.turn = frame.your_turn ? "mine" : frame.end ? "over" : "other";
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(scheme + "//" + location.host + "/ws/tables/" + encodeURIComponent(table) +
      "?token=" + encodeURIComponent(token));
    socket.addEventListener("open", () => { retry = 500; });
    socket.addEventListener("message", (message) => {
      const frame = JSON.parse(message.data);
      if (frame.type === "view") { render(frame); }
      else if (frame.type === "error") { $("problem").textContent = frame.message; }
      else if (frame.type === "ack") { $("problem").textContent = ""; }
    });
    socket.addEventListener("close", (event) => {
      socket = null;
      if (!view && event.code !== 1000) {
        $("status").textContent = "cannot join: this link's table or token is not known to the server";
      } else {
        $("status").textContent = "connection lost; reconnecting…";
      }
      document.body.dataset.turn = "offline";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("action").value.trim();
    if (text) { send(text); $("action").value = ""; }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "/" && document.activeElement !== $("action")) {
      event.preventDefault();
      $("action").focus();
    }
  });
  clock = setInterval(status, 1000);
  connect();
})();
