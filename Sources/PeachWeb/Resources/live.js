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
  // An upload form (the import, a SoundFont): its file sent as the body with the session's token, the answer's
  // line shown; a file over the form's limit is not sent.
  function upload(formId, fileId, resultId, address, named) {
    var form = document.getElementById(formId);
    if (!form) { return; }
    var result = document.getElementById(resultId);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var file = document.getElementById(fileId).files[0];
      if (!file) { return; }
      if (file.size > Number(form.getAttribute("data-limit"))) {
        result.textContent = form.getAttribute("data-too-large");
        return;
      }
      result.textContent = "…";
      var headers = { "Content-Type": "application/octet-stream", "X-CSRF-Token": form.getAttribute("data-csrf") };
      if (named) { headers["X-File-Name"] = encodeURIComponent(file.name); }
      fetch(address, { method: "POST", body: file, credentials: "same-origin", headers: headers })
        .then(function (response) { return response.text(); })
        .then(function (text) { result.textContent = text; })
        .catch(function () { result.textContent = form.getAttribute("data-failed"); });
    });
  }
  upload("import", "import-file", "import-result", "/data/import", false);
  upload("soundfont-upload", "soundfont-file", "soundfont-result", "/setup/soundfont", true);
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
