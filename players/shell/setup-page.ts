/**
 * The first-start page (setup.ts): it asks for the server's address, in the player's four languages
 * (English, Ukrainian, Italian, Russian), picked from the browser's languages.
 */

export const SETUP_STRINGS = {
  en: {
    title: 'Vitrine Player',
    intro: 'Type the address of your Vitrine server, as you open the cabinet in a browser.',
    label: 'Server address',
    placeholder: 'https://signage.example.com',
    save: 'Connect',
    checking: 'Checking the server…',
    invalid: 'This is not a web address.',
    unreachable: 'No Vitrine server answers at this address.',
    saved: 'Connected. Opening the player…',
  },
  ua: {
    title: 'Vitrine Player',
    intro: 'Введіть адресу вашого сервера Vitrine — ту, за якою ви відкриваєте кабінет у браузері.',
    label: 'Адреса сервера',
    placeholder: 'https://signage.example.com',
    save: 'Підключити',
    checking: 'Перевіряємо сервер…',
    invalid: 'Це не веб-адреса.',
    unreachable: 'За цією адресою не відповідає сервер Vitrine.',
    saved: 'Підключено. Відкриваємо плеєр…',
  },
  it: {
    title: 'Vitrine Player',
    intro: "Digita l'indirizzo del tuo server Vitrine, quello con cui apri il pannello nel browser.",
    label: 'Indirizzo del server',
    placeholder: 'https://signage.example.com',
    save: 'Collega',
    checking: 'Verifica del server…',
    invalid: 'Questo non è un indirizzo web.',
    unreachable: 'Nessun server Vitrine risponde a questo indirizzo.',
    saved: 'Collegato. Apertura del player…',
  },
  ru: {
    title: 'Vitrine Player',
    intro: 'Введите адрес вашего сервера Vitrine — тот, по которому вы открываете кабинет в браузере.',
    label: 'Адрес сервера',
    placeholder: 'https://signage.example.com',
    save: 'Подключить',
    checking: 'Проверяем сервер…',
    invalid: 'Это не веб-адрес.',
    unreachable: 'По этому адресу не отвечает сервер Vitrine.',
    saved: 'Подключено. Открываем плеер…',
  },
} as const;

export type SetupLocale = keyof typeof SETUP_STRINGS;
export type SetupStrings = (typeof SETUP_STRINGS)['en'];

/** The first of the browser's languages the page speaks; English otherwise (Ukrainian is `uk` there). */
export function setupLocale(acceptLanguage: string | undefined): SetupLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().split(/[-;]/)[0]!.toLowerCase();
    if (code === 'uk' || code === 'ua') return 'ua';
    if (code === 'en' || code === 'it' || code === 'ru') return code;
  }
  return 'en';
}

/** The page's look, shared with the Android app's first-start page (players/build/android-setup.ts). */
export const SETUP_STYLE = `  html, body { height: 100%; margin: 0; background: #111318; color: #f2f2f2; font: 18px/1.5 system-ui, sans-serif; }
  main { max-width: 36rem; margin: 0 auto; padding: 12vh 1.5rem; }
  h1 { font-size: 2rem; margin: 0 0 1rem; }
  label { display: block; margin: 1.5rem 0 .5rem; font-weight: 600; }
  input { box-sizing: border-box; width: 100%; padding: .75rem; font: inherit; border-radius: .5rem; border: 2px solid #5c6270; background: #1d2028; color: inherit; }
  input:focus { outline: 3px solid #f5b014; outline-offset: 2px; }
  button { margin-top: 1rem; padding: .75rem 1.5rem; font: inherit; font-weight: 600; border: 0; border-radius: .5rem; background: #f5b014; color: #111318; cursor: pointer; }
  button:focus { outline: 3px solid #fff; outline-offset: 2px; }
  [role=status] { min-height: 1.5em; margin-top: 1rem; }
  .error { color: #ff8787; }
`;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page: one labelled field and a button; the answer comes back as JSON and is said in a live region. */
export function setupPage(locale: SetupLocale, current: string | null): string {
  const s = SETUP_STRINGS[locale];
  const messages = JSON.stringify({ checking: s.checking, saved: s.saved });
  return `<!doctype html>
<html lang="${locale === 'ua' ? 'uk' : locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(s.title)}</title>
<style>
${SETUP_STYLE}</style>
</head>
<body>
<main>
  <h1>${escape(s.title)}</h1>
  <p>${escape(s.intro)}</p>
  <form id="setup" novalidate>
    <label for="server">${escape(s.label)}</label>
    <input id="server" name="server" type="url" inputmode="url" autocomplete="url" required autofocus
      placeholder="${escape(s.placeholder)}" value="${escape(current ?? '')}">
    <button type="submit">${escape(s.save)}</button>
    <p id="status" role="status" aria-live="polite"></p>
  </form>
</main>
<script>
  const messages = ${messages};
  const form = document.getElementById('setup');
  const status = document.getElementById('status');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    status.className = '';
    status.textContent = messages.checking;
    try {
      const response = await fetch('save', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ server: form.server.value }),
      });
      const answer = await response.json();
      status.className = answer.ok ? '' : 'error';
      status.textContent = answer.ok ? messages.saved : answer.message;
    } catch (error) {
      status.className = 'error';
      status.textContent = String(error);
    }
  });
</script>
</body>
</html>
`;
}
