// The lobby of `chaos-tower serve`: create a table, hand out its seats' links.
// Every mode's options are offered as the server lists them (`GET /api/games`, from each mode's
// option specs): a choice for a closed list, a number with its bounds, a box for a yes/no, and a
// JSON value where the spec also takes a layout (teams); the server judges the request by the same
// specs and says what is wrong.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const modes = {};

  const field = (option) => {
    const label = document.createElement("label");
    label.title = option.doc + (option.rule ? " (" + option.rule + ")" : "");
    const id = "option-" + option.name;
    let input;
    const kinds = option.kinds;
    if (option.allowed) {
      input = document.createElement("select");
      option.allowed.forEach((value) => {
        const choice = document.createElement("option");
        choice.value = JSON.stringify(value);
        choice.textContent = String(value);
        choice.selected = value === option.default;
        input.appendChild(choice);
      });
    } else if (kinds.length === 1 && kinds[0] === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = option.default === true;
    } else if (kinds.length === 1 && kinds[0] === "int") {
      input = document.createElement("input");
      input.type = "number";
      if (option.low !== null) { input.min = option.low; }
      if (option.high !== null) { input.max = option.high; }
      input.placeholder = option.default === null ? "default" : String(option.default);
    } else {
      input = document.createElement("input");
      input.placeholder = "JSON, e.g. true" + (kinds.includes("tuple") ? " or [[0, 2], [1, 3]]" : "");
    }
    input.id = id;
    input.name = option.name;
    input.dataset.option = option.name;
    label.append(option.name.replaceAll("_", " ") + " ", input);
    return label;
  };

  const showOptions = () => {
    const box = $("options");
    box.querySelectorAll("label").forEach((label) => label.remove());
    const mode = modes[$("mode").value];
    if (mode) { mode.options.forEach((option) => box.appendChild(field(option))); }
  };

  const chosen = () => {
    // Only what differs from the spec's default is sent: the server fills in the rest.
    const mode = modes[$("mode").value];
    const options = {};
    mode.options.forEach((option) => {
      const input = $("option-" + option.name);
      let value;
      if (input.type === "checkbox") {
        value = input.checked;
      } else if (input.tagName === "SELECT") {
        value = JSON.parse(input.value);
      } else if (input.value.trim() === "") {
        return;
      } else if (input.type === "number") {
        value = Number(input.value);
      } else {
        try { value = JSON.parse(input.value); } catch (e) { throw new Error(option.name + ": not a JSON value"); }
      }
      if (JSON.stringify(value) !== JSON.stringify(option.default)) { options[option.name] = value; }
    });
    return options;
  };

  fetch("/api/games").then((r) => r.json()).then((data) => {
    data.games.forEach((game) => game.modes.forEach((mode) => {
      const option = document.createElement("option");
      option.value = game.name + "/" + mode.name;
      option.textContent = game.title + " — " + mode.name;
      modes[option.value] = mode;
      $("mode").appendChild(option);
    }));
    showOptions();
  });
  $("mode").addEventListener("change", showOptions);
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const [game, mode] = $("mode").value.split("/");
    const seats = $("seats").value.split(",").map((s) => s.trim()).filter(Boolean);
    let options;
    try { options = chosen(); } catch (e) { $("problem").textContent = e.message; return; }
    const body = {game: game, mode: mode, options: options, seats: seats};
    if ($("timer").value) { body.timer = {seconds: Number($("timer").value), then: "random"}; }
    const answer = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
      body: JSON.stringify(body)});
    const data = await answer.json();
    $("problem").textContent = data.error ? data.error.message : "";
    if (data.error) { return; }
    const links = $("links");
    links.textContent = "";
    data.seats.forEach((seat) => {
      const item = document.createElement("li");
      if (seat.link) {
        const a = document.createElement("a");
        a.href = seat.link;
        a.textContent = "seat " + seat.seat + ": " + seat.link;
        item.appendChild(a);
      } else {
        item.textContent = "seat " + seat.seat + ": an agent";
      }
      links.appendChild(item);
    });
    if (data.spectator) {
      const item = document.createElement("li");
      const a = document.createElement("a");
      a.href = data.spectator.link;
      a.textContent = "spectators: " + data.spectator.link;
      item.appendChild(a);
      links.appendChild(item);
    }
  });
})();
