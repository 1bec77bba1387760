// The lobby of `chaos-tower serve`: create a table, hand out its seats' links.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  fetch("/api/games").then((r) => r.json()).then((data) => {
    data.games.forEach((game) => game.modes.forEach((mode) => {
      const option = document.createElement("option");
      option.value = game.name + "/" + mode.name;
      option.textContent = game.title + " — " + mode.name;
      $("mode").appendChild(option);
    }));
  });
  $("create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const [game, mode] = $("mode").value.split("/");
    const seats = $("seats").value.split(",").map((s) => s.trim()).filter(Boolean);
    const options = {};
    const players = Number($("players").value);
    if (mode !== "solo" && players) { options.players = players; }
    if ($("teams").checked) { options.teams = true; }
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
