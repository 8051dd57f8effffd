/* ruleproof: the try-it board (issue 34, point 6).
 *
 * Each <div class="rp-tryit" data-game="..." data-starts="p1 p2"> placed by
 * docs/_ext/ruleproof_docs/tryit.py becomes a live board when its button is
 * pressed. The first board started on a page loads Pyodide from
 * _static/tryit/pyodide/ (served with the site, no network), unpacks
 * _static/tryit/ruleproof.zip (ruleproof.spec, ruleproof.model, the renderers
 * and tryit_board.py) and keeps one Python Board per board. Python answers
 * every request as JSON (tryit_board.Board.call); this script draws it.
 * Text from the data files is always inserted as text; the only markup
 * inserted as such is the position's SVG, drawn by the project's renderers.
 */
(function () {
  "use strict";
  var api = window.rpTryit = window.rpTryit || {timings: {}, boards: {}};
  if (api.loaded) { return; }  // one <script> per board on a page: run once
  api.loaded = true;
  var BASE = new URL(".", document.currentScript.src);  // …/_static/tryit/
  var ROOT = new URL("../../", BASE);                   // the site's root
  var runtime = null;
  var gameData = {};
  var nextId = 1;

  function el(tag, attrs) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (key === "text") { node.textContent = attrs[key]; }
      else if (key === "cls") { node.className = attrs[key]; }
      else { node.setAttribute(key, attrs[key]); }
    });
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined) { continue; }
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function loadScript(url) {
    return new Promise(function (resolve, reject) {
      var tag = el("script", {src: url});
      tag.onload = resolve;
      tag.onerror = function () { reject(new Error("could not load " + url)); };
      document.head.appendChild(tag);
    });
  }

  function fetchOk(url) {
    return fetch(url).then(function (response) {
      if (!response.ok) { throw new Error(url + ": HTTP " + response.status); }
      return response;
    });
  }

  /* Pyodide and the project's code, loaded once per page. */
  function loadRuntime() {
    if (runtime) { return runtime; }
    runtime = (async function () {
      if (location.protocol === "file:") {
        throw new Error("browsers do not let a page opened from a file run Python: serve the built site " +
                        "(python3 -m http.server in its folder; it works offline) and open it over http");
      }
      var t0 = performance.now();
      var present = await (await fetchOk(new URL("runtime.json", BASE))).json();
      if (!present.runtime) {
        throw new Error("this build of the site has no Python runtime: install it with " +
                        "`npm ci --prefix docs/_ext/pyodide` and build the docs again");
      }
      await loadScript(new URL("pyodide/pyodide.js", BASE).href);
      var py = await window.loadPyodide({indexURL: new URL("pyodide/", BASE).href});
      var t1 = performance.now();
      var zip = await (await fetchOk(new URL("ruleproof.zip", BASE))).arrayBuffer();
      py.unpackArchive(zip, "zip", {extractDir: "/home/pyodide/ruleproof-board"});
      py.runPython([
        "import sys",
        "sys.path.insert(0, '/home/pyodide/ruleproof-board')",
        "import tryit_board",
        "BOARDS = {}",
        "def rp_create(key, game, state, players, seed):",
        "    if state:",
        "        BOARDS[key] = tryit_board.Board.from_json(game, state, seed)",
        "    else:",
        "        BOARDS[key] = tryit_board.Board.deal(game, players, seed)",
        "    return BOARDS[key].call('view')",
        "def rp_call(key, method, argument):",
        "    return BOARDS[key].call(method, argument)",
      ].join("\n"));
      var t2 = performance.now();
      return {py: py, create: py.globals.get("rp_create"), call: py.globals.get("rp_call"),
              runtimeSeconds: (t1 - t0) / 1000, codeSeconds: (t2 - t1) / 1000};
    })();
    return runtime;
  }

  function loadData(game) {
    if (!gameData[game]) {
      gameData[game] = fetchOk(new URL("data/" + encodeURIComponent(game) + ".json", BASE))
        .then(function (response) { return response.json(); });
    }
    return gameData[game];
  }

  function link(href, text) {
    return el("a", {href: new URL(href, ROOT).href, text: text});
  }

  /* One live board inside its placeholder. */
  function Board(root, data, rt) {
    this.root = root;
    this.data = data;
    this.rt = rt;
    this.key = "b" + (nextId++);
    api.boards[root.id || this.key] = this;
    this.build();
  }

  Board.prototype.build = function () {
    var self = this, data = this.data;
    var wanted = this.root.dataset.starts || "";
    var all = wanted === "*";
    var starts = all ? Object.keys(data.positions)
                     : wanted.split(/\s+/).filter(function (k) { return data.positions[k]; });
    this.from = el("select", {cls: "rp-tryit-from", "aria-label": "start from"});
    var deal = el("option", {value: "deal", text: "a random deal"});
    if (all || !starts.length) { this.from.appendChild(deal); }
    starts.forEach(function (k) {
      self.from.appendChild(el("option", {value: k, text: "worked example " + data.positions[k].label}));
    });
    if (!all && starts.length) { this.from.appendChild(deal); }
    this.players = el("select", {cls: "rp-tryit-players", "aria-label": "players"});
    for (var n = data.players[0]; n <= data.players[1]; n++) {
      this.players.appendChild(el("option", {value: String(n), text: n + (n === 1 ? " player" : " players")}));
    }
    // Two players where the game allows it (a solitaire is the exception, not the rule).
    this.players.value = String(Math.min(Math.max(2, data.players[0]), data.players[1]));
    this.seed = el("input", {cls: "rp-tryit-seed", type: "number", min: "0", step: "1",
                             value: String(Math.floor(Math.random() * 100000)), "aria-label": "deal number"});
    var restart = el("button", {type: "button", cls: "rp-tryit-restart", text: "Start"});
    restart.onclick = function () { self.start(); };
    var dealOnly = el("span", {cls: "rp-tryit-dealopts"}, " ", this.players, " deal no. ", this.seed);
    this.from.onchange = function () { dealOnly.hidden = self.from.value !== "deal"; };
    dealOnly.hidden = this.from.value !== "deal";

    this.status = el("p", {cls: "rp-tryit-status"});
    this.back = el("button", {type: "button", cls: "rp-tryit-back", text: "◀ Back"});
    this.forward = el("button", {type: "button", cls: "rp-tryit-forward", text: "Forward ▶"});
    this.back.onclick = function () { self.request("back"); };
    this.forward.onclick = function () { self.request("forward"); };
    this.picture = el("div", {cls: "rp-tryit-picture"});
    this.text = el("pre", {cls: "rp-tryit-text"});
    this.moves = el("select", {cls: "rp-tryit-moves", "aria-label": "legal moves"});
    this.movesLabel = el("label", {cls: "rp-tryit-moves-label"});
    var play = el("button", {type: "submit", cls: "rp-tryit-play", text: "Play it"});
    this.random = el("button", {type: "button", cls: "rp-tryit-random", text: "Random move"});
    this.random.onclick = function () { self.request("random"); };
    var pick = el("form", {cls: "rp-tryit-pick"}, this.movesLabel, this.moves, " ", play, " ", this.random);
    pick.onsubmit = function (event) { event.preventDefault(); if (self.moves.value) { self.play(self.moves.value); } };
    this.input = el("input", {cls: "rp-tryit-input", type: "text", maxlength: "300", autocomplete: "off",
                              spellcheck: "false", "aria-label": "a move to try", placeholder: "a move, e.g. " + "…"});
    var tryButton = el("button", {type: "submit", cls: "rp-tryit-try", text: "Try it"});
    var typed = el("form", {cls: "rp-tryit-type"}, el("label", {text: "Or type any move: "}), this.input, " ",
                   tryButton);
    typed.onsubmit = function (event) { event.preventDefault(); self.play(self.input.value); };
    this.answer = el("div", {cls: "rp-tryit-answer", "aria-live": "polite"});
    this.history = el("ol", {cls: "rp-tryit-history"});

    var board = el("div", {cls: "rp-tryit-board"},
      el("div", {cls: "rp-tryit-bar"}, "Start from ", this.from, dealOnly, " ", restart),
      el("div", {cls: "rp-tryit-nav"}, this.back, " ", this.forward, " ", this.status),
      this.picture,
      el("details", {cls: "rp-tryit-textview"}, el("summary", {text: "The position as text"}), this.text),
      pick, typed, this.answer,
      el("details", {cls: "rp-tryit-record"}, el("summary", {text: "The moves so far"}), this.history));
    this.root.replaceChildren(board);
  };

  Board.prototype.start = function () {
    var position = this.data.positions[this.from.value];
    var seed = Math.max(0, parseInt(this.seed.value, 10) || 0);
    var answer = this.rt.create(this.key, this.data.game, position ? JSON.stringify(position.state) : "",
                                parseInt(this.players.value, 10) || 0, seed);
    this.answer.replaceChildren(position
      ? el("p", {text: "The position of " + position.label + " («" + position.section + "»)."})
      : el("p", {text: "A random deal, number " + seed + "."}));
    this.show(JSON.parse(answer));
  };

  Board.prototype.request = function (method, argument) {
    var result = JSON.parse(this.rt.call(this.key, method, argument === undefined ? null : argument));
    if ("legal_count" in result) { this.show(result); return result; }
    this.explain(result);
    if (result.ok) { this.show(JSON.parse(this.rt.call(this.key, "view", null))); }
    return result;
  };

  Board.prototype.play = function (text) { return this.request("play", text); };

  Board.prototype.show = function (view) {
    var self = this;
    this.view = view;
    var who = view.terminal ? "the game is over" : view.actor + " to move";
    this.status.textContent = "Position " + (view.step + 1) + " of " + view.steps + " · " + who;
    if (view.terminal && view.outcome) {
      this.status.textContent += " · scores " + view.outcome.scores.join(", ") +
        ", winner" + (view.outcome.winners.length === 1 ? " seat " : "s seats ") + view.outcome.winners.join(", ");
    }
    this.back.disabled = view.step === 0;
    this.forward.disabled = view.step >= view.steps - 1;
    this.picture.innerHTML = view.svg;  // drawn by ruleproof.checkers.render.<game>, text escaped there
    this.text.textContent = view.text;
    this.moves.replaceChildren();
    var number = 1;
    view.groups.forEach(function (group) {
      var optgroup = el("optgroup", {label: group.kind});
      group.moves.forEach(function (move) {
        optgroup.appendChild(el("option", {value: move, text: number + ". " + move}));
        number++;
      });
      self.moves.appendChild(optgroup);
    });
    var more = view.legal_count > view.listed ? " (the first " + view.listed + " listed; type the others)" : "";
    this.movesLabel.textContent = (view.chance ? "Chance's outcomes: " : "Legal moves of " + view.actor + ": ") +
      view.legal_count + more + " ";
    this.moves.disabled = this.random.disabled = view.terminal;
    this.random.textContent = view.chance ? "Let chance move" : "Random move";
    if (view.groups.length && view.groups[0].moves.length) {
      this.input.placeholder = "a move, e.g. " + view.groups[0].moves[0];
    }
    if (view.problem) { this.answer.appendChild(el("p", {cls: "rp-tryit-note", text: view.problem})); }
    this.history.replaceChildren();
    view.moves.forEach(function (entry, index) {
      var text = entry.move ? entry.actor + ": " + entry.move : "chance";
      if (entry.chance.length) { text += " (then chance: " + entry.chance.join(", ") + ")"; }
      var item = el("li", {}, text);
      if (index + 1 === view.step) { item.className = "rp-tryit-here"; }
      self.history.appendChild(item);
    });
  };

  Board.prototype.rule = function (violation) {
    var rule = this.data.rules[violation.rule];
    var box = el("div", {cls: "rp-tryit-rule"});
    if (!rule) {
      box.appendChild(el("p", {}, el("strong", {text: violation.rule}), " — " + violation.message));
      return box;
    }
    box.appendChild(el("p", {cls: "rp-tryit-rule-head"}, link(rule.href, violation.rule), " · ",
                       el("strong", {text: rule.title}), " — ", el("em", {text: violation.message})));
    box.appendChild(el("p", {cls: "rp-tryit-restatement"}, el("span", {cls: "rp-tryit-label", text: "The rule: "}),
                       rule.text));
    var data = this.data;
    rule.passages.forEach(function (passage) {
      box.appendChild(el("blockquote", {cls: "rp-tryit-ru", lang: "ru"}, "«" + passage.ru + "»",
                         el("span", {cls: "rp-tryit-where", lang: "en", text: " — " + passage.where})));
      box.appendChild(passage.en
        ? el("blockquote", {cls: "rp-tryit-en", lang: "en"},
             el("span", {cls: "rp-tryit-label", text: "Translation: "}), passage.en)
        : el("p", {cls: "rp-tryit-untranslated", text: "(no English translation of this passage yet)"}));
    });
    if (rule.ambiguities.length) {
      var list = el("p", {cls: "rp-tryit-ambiguities"}, "Ambiguous, read with a default: ");
      rule.ambiguities.forEach(function (id, i) {
        var amb = data.ambiguities[id] || {question: "", href: ""};
        list.appendChild(amb.href ? link(amb.href, id) : el("span", {text: id}));
        list.appendChild(document.createTextNode(" (" + amb.question + ")" +
                                                 (i + 1 < rule.ambiguities.length ? "; " : "")));
      });
      box.appendChild(list);
    }
    return box;
  };

  Board.prototype.explain = function (result) {
    var self = this, out = [];
    if (result.ok) {
      var made = result.move ? "✓ " + result.actor + " played " + result.move : "✓ chance moved";
      out.push(el("p", {cls: "rp-tryit-legal", text: made + (result.chance.length
        ? "; then chance: " + result.chance.join(", ") : "") + "."}));
      result.notes.forEach(function (note) { out.push(el("p", {cls: "rp-tryit-note", text: "⚠ " + note})); });
    } else if (result.stage === "rules") {
      out.push(el("p", {cls: "rp-tryit-illegal"}, el("strong", {text: "✗ " + result.move + " is illegal"}),
                  " for " + result.actor + ": " + result.message + "."));
      result.violations.forEach(function (v) { out.push(self.rule(v)); });
    } else {
      out.push(el("p", {cls: "rp-tryit-refused", text: "✗ " + result.message}));
    }
    this.answer.replaceChildren.apply(this.answer, out);
  };

  async function begin(root, button) {
    var clicked = performance.now();
    button.disabled = true;
    root.dataset.state = "loading";
    var note = el("p", {cls: "rp-tryit-loading", text: "Loading Python and the rules…"});
    root.appendChild(note);
    try {
      var loaded = await Promise.all([loadRuntime(), loadData(root.dataset.game)]);
      var rt = loaded[0];
      var board = new Board(root, loaded[1], rt);
      var t = performance.now();
      board.start();
      var ready = performance.now();
      var timing = {seconds: (ready - clicked) / 1000, runtime_seconds: rt.runtimeSeconds,
                    code_seconds: rt.codeSeconds, first_view_seconds: (ready - t) / 1000};
      api.timings[root.dataset.game] = api.timings[root.dataset.game] || timing;
      root.dataset.loadSeconds = timing.seconds.toFixed(2);
      root.dataset.state = "ready";
    } catch (error) {
      root.dataset.state = "failed";
      note.className = "rp-tryit-failed";
      note.textContent = "The board could not start: " + (error && error.message ? error.message : error);
      button.disabled = false;
    }
  }

  function init() {
    document.querySelectorAll("div.rp-tryit").forEach(function (root) {
      var button = root.querySelector("button.rp-tryit-start");
      if (button && !root.dataset.state) {
        root.dataset.state = "idle";
        button.addEventListener("click", function () { begin(root, button); });
      }
    });
  }

  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); }
  else { init(); }
})();
