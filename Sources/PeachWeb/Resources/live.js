"use strict";
(function () {
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var list = document.getElementById("live-answers");
  var count = document.getElementById("answer-count");
  var state = document.getElementById("live-state");
  var source = new EventSource(live.getAttribute("data-events"));
  source.addEventListener("answer", function (event) {
    var answer = JSON.parse(event.data);
    var item = document.createElement("li");
    item.textContent = answer.text;
    list.insertBefore(item, list.firstChild);
    while (list.children.length > 10) { list.removeChild(list.lastChild); }
    count.textContent = answer.count;
    state.textContent = answer.state;
  });
  source.addEventListener("store", function (event) {
    var store = JSON.parse(event.data);
    count.textContent = store.count;
    state.textContent = store.state;
  });
})();
(function () {
  var form = document.getElementById("import");
  if (!form) { return; }
  var result = document.getElementById("import-result");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var file = document.getElementById("import-file").files[0];
    if (!file) { return; }
    if (file.size > Number(form.getAttribute("data-limit"))) {
      result.textContent = form.getAttribute("data-too-large");
      return;
    }
    result.textContent = "…";
    fetch("/data/import", {
      method: "POST", body: file, credentials: "same-origin",
      headers: { "Content-Type": "application/octet-stream", "X-CSRF-Token": form.getAttribute("data-csrf") }
    }).then(function (response) { return response.text(); })
      .then(function (text) { result.textContent = text; })
      .catch(function () { result.textContent = form.getAttribute("data-failed"); });
  });
})();
(function () {
  var keys = document.getElementById("keys");
  if (!keys || !keys.hasAttribute("data-watching") || !window.fetch) { return; }
  var list = document.getElementById("keys-pressed");
  var state = document.getElementById("keys-state");
  var timer = setInterval(function () {
    fetch(keys.getAttribute("data-keys"), { credentials: "same-origin" })
      .then(function (response) { return response.json(); })
      .then(function (answer) {
        state.textContent = answer.state;
        while (list.firstChild) { list.removeChild(list.firstChild); }
        answer.keys.forEach(function (key) {
          var item = document.createElement("li");
          item.textContent = key;
          list.appendChild(item);
        });
        if (!answer.watching) { clearInterval(timer); }
      })
      .catch(function () { clearInterval(timer); });
  }, 400);
})();
(function () {
  var form = document.getElementById("soundfont-upload");
  if (!form) { return; }
  var result = document.getElementById("soundfont-result");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var file = document.getElementById("soundfont-file").files[0];
    if (!file) { return; }
    if (file.size > Number(form.getAttribute("data-limit"))) {
      result.textContent = form.getAttribute("data-too-large");
      return;
    }
    result.textContent = "…";
    fetch("/setup/soundfont", {
      method: "POST", body: file, credentials: "same-origin",
      headers: {
        "Content-Type": "application/octet-stream", "X-CSRF-Token": form.getAttribute("data-csrf"),
        "X-File-Name": encodeURIComponent(file.name)
      }
    }).then(function (response) { return response.text(); })
      .then(function (text) { result.textContent = text; })
      .catch(function () { result.textContent = form.getAttribute("data-failed"); });
  });
})();
