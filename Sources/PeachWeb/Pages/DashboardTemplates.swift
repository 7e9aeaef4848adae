// DashboardTemplates: the dashboard's HTML as Mustache templates (every `{{value}}` is HTML-escaped).

/// The pages' Mustache templates. Values are inserted with `{{name}}`, which escapes them; the one raw insertion,
/// `{{{body}}}` in ``layout``, is a page this module rendered from its own template. No page has inline script or
/// style (the Content-Security-Policy allows neither); charts are images from the dashboard's own address.
enum DashboardTemplates {
    /// Every page: the head, the navigation, the page's body.
    static let layout = """
        <!doctype html>
        <html lang="{{language}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{title}} · Peach</title>
        <link rel="stylesheet" href="/assets/dashboard.css">
        <script src="/assets/live.js" defer></script>
        </head>
        <body>
        <a class="skip" href="#main">{{skipToContent}}</a>
        <header>
        <span class="brand">Peach</span>
        <nav aria-label="{{navigationLabel}}"><ul>
        {{#navigation}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a></li>
        {{/navigation}}</ul></nav>
        {{#signedIn}}<form class="signout" method="post" action="/logout"><input type="hidden" name="csrf" value="{{csrf}}"><button type="submit">{{signOut}}</button></form>{{/signedIn}}
        {{^signedIn}}<a class="signin" href="/login">{{signIn}}</a>{{/signedIn}}
        </header>
        <main id="main">
        <h1>{{title}}</h1>
        {{#notices}}<p class="notice" role="status">{{.}}</p>
        {{/notices}}{{{body}}}
        </main>
        <footer>Peach {{version}}</footer>
        </body>
        </html>

        """

    /// The overview: live answers, the summary per discipline, the profile chart.
    static let overview = """
        <section id="live" class="live" data-events="/events" aria-labelledby="live-title">
        <h2 id="live-title">{{liveTitle}}</h2>
        <p><span id="live-state">{{liveState}}</span> · {{answersLabel}} <span id="answer-count">{{answerCount}}</span></p>
        <ol id="live-answers" aria-live="polite">
        {{#recent}}<li>{{.}}</li>
        {{/recent}}</ol>
        </section>
        <section aria-labelledby="summary-title">
        <h2 id="summary-title">{{summaryTitle}}</h2>
        <ul class="summary">
        {{#summary}}<li>{{.}}</li>
        {{/summary}}</ul>
        </section>
        <section aria-labelledby="chart-title">
        <h2 id="chart-title">{{chartTitle}}</h2>
        <img class="chart" id="profile-chart" src="/charts/profile.svg" alt="{{chartTitle}}" width="960" height="420">
        </section>

        """

    /// The progress page: the chart of the chosen period, its numbers.
    static let progress = """
        <nav class="periods" aria-label="{{periodLabel}}"><ul>
        {{#periods}}<li><a href="/progress?weeks={{weeks}}"{{#current}} aria-current="true"{{/current}}>{{label}}</a></li>
        {{/periods}}</ul></nav>
        <img class="chart" id="progress-chart" src="/charts/progress.svg?weeks={{weeks}}" alt="{{title}}" width="960" height="640">
        <ul class="lines" id="progress-lines">
        {{#lines}}<li>{{.}}</li>
        {{/lines}}</ul>

        """

    /// The recent practice sessions, newest first, each a link to its answers.
    static let sessions = """
        <p>{{explanation}}</p>
        {{#hasSessions}}<table class="sessions" id="sessions">
        <thead><tr><th scope="col">{{whenHeader}}</th><th scope="col">{{modeHeader}}</th><th scope="col">{{answersHeader}}</th><th scope="col">{{resultHeader}}</th></tr></thead>
        <tbody>
        {{#sessions}}<tr><td><a href="/sessions/{{id}}">{{when}}</a></td><td>{{mode}}</td><td>{{count}}</td><td>{{result}}</td></tr>
        {{/sessions}}</tbody>
        </table>{{/hasSessions}}
        {{^hasSessions}}<p>{{noSessions}}</p>{{/hasSessions}}

        """

    /// One session: what it came to, and each answer.
    static let session = """
        <p>{{mode}} · {{when}} · {{result}}</p>
        <h2>{{trialsTitle}}</h2>
        <ol class="lines" id="session-answers">
        {{#answers}}<li>{{.}}</li>
        {{/answers}}</ol>
        <p><a href="/sessions">{{back}}</a></p>

        """

    /// The box: its status log, its version, the disk.
    static let box = """
        <dl class="facts">
        {{#facts}}<dt>{{name}}</dt><dd>{{value}}</dd>
        {{/facts}}</dl>
        <h2>{{logTitle}}</h2>
        {{#hasLog}}<ol class="log" id="status-log">
        {{#log}}<li>{{.}}</li>
        {{/log}}</ol>{{/hasLog}}
        {{^hasLog}}<p>{{noLog}}</p>{{/hasLog}}

        """

    /// The settings, each with its value and what it allows; signed in, each value in a form of its own.
    static let settings = """
        <p>{{explanation}}</p>
        <table class="settings">
        <thead><tr><th scope="col">{{nameHeader}}</th><th scope="col">{{valueHeader}}</th><th scope="col">{{allowedHeader}}</th></tr></thead>
        <tbody>
        {{#settings}}<tr id="setting-{{key}}"><th scope="row"><code>{{key}}</code></th>
        <td>{{#editable}}<form method="post" action="/settings"><input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="key" value="{{key}}">{{#select}}<select name="value" aria-label="{{key}}">{{#options}}<option{{#selected}} selected{{/selected}}>{{word}}</option>{{/options}}</select>{{/select}}{{#number}}<input type="number" name="value" value="{{raw}}" min="{{min}}" max="{{max}}" step="{{step}}" aria-label="{{key}}">{{/number}}{{#text}}<input name="value" value="{{raw}}" aria-label="{{key}}" spellcheck="false">{{/text}} <button type="submit">{{save}}</button></form>{{/editable}}{{^editable}}{{value}}{{/editable}}</td>
        <td>{{allowed}}</td></tr>
        {{/settings}}</tbody>
        </table>

        """

    /// Signing in: the password, and a token that ties the form to this browser.
    static let login = """
        {{#hasPassword}}<form class="login" method="post" action="/login">
        <input type="hidden" name="csrf" value="{{csrf}}">
        <label for="password">{{passwordLabel}}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required autofocus>
        <button type="submit">{{signIn}}</button>
        </form>
        <p>{{explanation}}</p>{{/hasPassword}}
        {{^hasPassword}}<p>{{noPassword}}</p>{{/hasPassword}}

        """

    /// The data page: the exports, and (signed in) an import.
    static let data = """
        <p>{{explanation}}</p>
        <ul class="downloads">
        {{#exports}}<li><a href="/export/{{format}}" download>{{label}}</a></li>
        {{/exports}}</ul>
        <h2>{{importTitle}}</h2>
        {{#signedIn}}<form id="import" data-csrf="{{csrf}}" data-limit="{{limit}}" data-too-large="{{tooLarge}}" data-failed="{{failed}}">
        <label for="import-file">{{fileLabel}}</label>
        <input id="import-file" type="file" accept=".json,.csv,application/json,text/csv">
        <button type="submit">{{importButton}}</button>
        </form>
        <p id="import-result" role="status"></p>
        <p>{{importExplanation}}</p>{{/signedIn}}
        {{^signedIn}}<p>{{signInToImport}}</p>{{/signedIn}}

        """

    /// An error page: the status and one line, nothing of the server's insides.
    static let error = """
        <p>{{message}}</p>
        <p><a href="/">{{home}}</a></p>

        """
}
