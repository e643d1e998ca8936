/**
 * The Android app's first-start page (assets/setup.html): the same question and words as the desktop
 * shell's (shell/setup-page.ts), its language picked in the page from the device's; the address is checked
 * and kept by the app (Bridge.setServer through window.vitrineSetup).
 */
import { SETUP_STRINGS } from '../shell/setup-page.js';

export function androidSetupPage(): string {
  const strings = JSON.stringify(SETUP_STRINGS);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vitrine Player</title>
<style>
  html, body { height: 100%; margin: 0; background: #111318; color: #f2f2f2; font: 18px/1.5 sans-serif; }
  main { max-width: 36rem; margin: 0 auto; padding: 8vh 1.5rem; }
  h1 { font-size: 2rem; margin: 0 0 1rem; }
  label { display: block; margin: 1.5rem 0 .5rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: .75rem; font: inherit; border-radius: .5rem; border: 2px solid #5c6270; background: #1d2028; color: inherit; }
  input:focus { outline: 3px solid #f5b014; outline-offset: 2px; }
  button { margin-top: 1rem; padding: .75rem 1.5rem; font: inherit; font-weight: 600; border: 0; border-radius: .5rem; background: #f5b014; color: #111318; }
  button:focus { outline: 3px solid #fff; outline-offset: 2px; }
  [role=status] { min-height: 1.5em; margin-top: 1rem; }
  .error { color: #ff8787; }
</style>
</head>
<body>
<main>
  <h1 id="title"></h1>
  <p id="intro"></p>
  <form id="setup" novalidate>
    <label for="server" id="label"></label>
    <input id="server" name="server" type="url" inputmode="url" autocomplete="url" required autofocus>
    <button type="submit" id="save"></button>
    <p id="status" role="status" aria-live="polite"></p>
  </form>
</main>
<script>
  var all = ${strings};
  var code = (navigator.language || 'en').toLowerCase().split('-')[0];
  var locale = code === 'uk' ? 'ua' : all[code] ? code : 'en';
  var s = all[locale];
  document.documentElement.lang = locale === 'ua' ? 'uk' : locale;
  ['title', 'intro', 'label', 'save'].forEach(function (id) { document.getElementById(id).textContent = s[id]; });
  var input = document.getElementById('server');
  var status = document.getElementById('status');
  input.placeholder = s.placeholder;
  document.getElementById('setup').addEventListener('submit', function (event) {
    event.preventDefault();
    status.className = '';
    status.textContent = s.checking;
    // The check runs in the app and holds the page: the message paints first.
    setTimeout(function () {
      var answer = { ok: false, message: 'unreachable' };
      try {
        if (window.vitrineSetup) answer = JSON.parse(window.vitrineSetup.save(input.value));
      } catch (error) {}
      status.className = answer.ok ? '' : 'error';
      status.textContent = answer.ok ? s.saved : s[answer.message] || s.unreachable;
    }, 50);
  });
</script>
</body>
</html>
`;
}
