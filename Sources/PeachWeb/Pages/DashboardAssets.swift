// DashboardAssets: the dashboard's style sheet and its one script, served from its own address (no CDN).

/// The static files the pages use, compiled in: a box on a LAN without internet shows the same pages.
enum DashboardAssets {
    /// The style sheet: one column on a phone (375 px wide without horizontal scrolling), wider on a desk.
    static let styleSheet = """
        :root { color-scheme: light dark; --accent: #b4462a; --muted: #666; --line: #ddd; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, sans-serif; overflow-wrap: anywhere; }
        header { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1rem; padding: .5rem 1rem;
          border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; color: var(--accent); }
        nav ul { display: flex; flex-wrap: wrap; gap: .25rem .75rem; margin: 0; padding: 0; list-style: none; }
        nav a { display: inline-block; padding: .25rem 0; }
        a[aria-current] { font-weight: 700; }
        a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: .5rem; background: Canvas; padding: .25rem .5rem; }
        main { max-width: 64rem; margin: 0 auto; padding: 0 1rem 2rem; }
        h1 { font-size: 1.5rem; }
        h2 { font-size: 1.15rem; margin-top: 1.5rem; }
        img.chart { display: block; width: 100%; max-width: 960px; height: auto; background: #fff;
          border: 1px solid var(--line); }
        .notice { border-left: 4px solid var(--accent); padding: .25rem .75rem; }
        .live { border: 1px solid var(--line); padding: .25rem 1rem; }
        #live-answers { padding-left: 1.25rem; }
        .summary li, .lines li, .log li { margin: .2rem 0; }
        .lines, .log { font-family: ui-monospace, monospace; font-size: .9rem; padding-left: 1.25rem; }
        .settings, .sessions { border-collapse: collapse; width: 100%; font-size: .9rem; }
        .settings th, .settings td, .sessions th, .sessions td { text-align: left; vertical-align: top;
          padding: .3rem .4rem; border-bottom: 1px solid var(--line); }
        @media (max-width: 40rem) {
          .settings thead { display: none; }
          .settings tr, .settings th, .settings td { display: block; border: 0; padding: .1rem 0; }
          .settings tr { border-bottom: 1px solid var(--line); padding: .4rem 0; }
        }
        header form, header .signin { margin-left: auto; }
        .settings input[name=value] { width: 12rem; max-width: 100%; font: inherit; }
        .login input[type=password] { display: block; margin: .25rem 0 .5rem; font: inherit; max-width: 100%; }
        button { font: inherit; }
        .facts dt { font-weight: 700; }
        .facts dd { margin: 0 0 .5rem; }
        footer { color: var(--muted); font-size: .85rem; padding: 1rem; text-align: center; }

        """

    /// The overview's live feed: answers arrive as Server-Sent Events (`/events`) and are put in as text
    /// (`textContent`, never HTML), newest first, ten at most. And the data page's import: the chosen file is
    /// sent as it is with the session's CSRF token in a header, and the answer shown as text.
    static let liveScript = """
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

        """
}
