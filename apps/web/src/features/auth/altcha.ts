/**
 * ALTCHA's widget, loaded only by the forms that ask for a bot check: the build without inline workers
 * (the page's CSP allows workers from this server only), its two proof-of-work workers, and its texts in
 * the four languages of the cabinet.
 */
import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/en';
import 'altcha/i18n/uk';
import 'altcha/i18n/it';
import 'altcha/i18n/ru';
import ShaWorker from 'altcha/workers/sha?worker';
import type {} from 'altcha/types/react';

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}
