/**
 * The Android app's first-start page (assets/setup.html): the same question and words as the desktop
 * shell's (shell/setup-page.ts), its language picked in the page from the device's; the address is checked
 * and kept by the app (Bridge.setServer through window.vitrineSetup).
 */
import { SETUP_STRINGS, SETUP_STYLE } from '../shell/setup-page.js';

export function androidSetupPage(): string {
  const strings = JSON.stringify(SETUP_STRINGS);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vitrine Player</title>
<style>
${SETUP_STYLE}</style>
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
