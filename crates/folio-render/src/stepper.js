(function () {
  "use strict";
  var turns = Array.prototype.slice.call(document.querySelectorAll("section.turn"));
  if (!turns.length) return;
  document.body.classList.add("stepper");
  var shown = document.getElementById("shown-turn");
  var rows = document.querySelectorAll("tr[data-turn]");
  var cur = turns.length - 1;
  function show(i) {
    i = Math.max(0, Math.min(turns.length - 1, i));
    turns[cur].classList.remove("current");
    cur = i;
    turns[cur].classList.add("current");
    if (shown) shown.textContent = turns[cur].getAttribute("data-turn");
    for (var k = 0; k < rows.length; k++) {
      rows[k].classList.toggle("cur", rows[k].getAttribute("data-turn") === turns[cur].getAttribute("data-turn"));
    }
  }
  function fromHash() {
    var m = /^#t(\d+)$/.exec(window.location.hash);
    if (m) show(parseInt(m[1], 10) - 1);
  }
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var k = e.key;
    if (k === "ArrowRight") show(cur + 1);
    else if (k === "ArrowLeft") show(cur - 1);
    else if (k === "Home") show(0);
    else if (k === "End") show(turns.length - 1);
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", fromHash);
  var buttons = document.querySelectorAll("button[data-step]");
  for (var b = 0; b < buttons.length; b++) {
    buttons[b].addEventListener("click", function () {
      show(cur + parseInt(this.getAttribute("data-step"), 10));
    });
  }
  show(cur);
  fromHash();
})();
(function () {
  "use strict";
  var words = document.querySelectorAll("[data-path]");
  function toggle(e, on) {
    var p = document.getElementById(e.currentTarget.getAttribute("data-path"));
    if (p) p.classList.toggle("on", on);
  }
  for (var i = 0; i < words.length; i++) {
    words[i].addEventListener("mouseenter", function (e) { toggle(e, true); });
    words[i].addEventListener("mouseleave", function (e) { toggle(e, false); });
    words[i].addEventListener("focus", function (e) { toggle(e, true); });
    words[i].addEventListener("blur", function (e) { toggle(e, false); });
  }
})();
