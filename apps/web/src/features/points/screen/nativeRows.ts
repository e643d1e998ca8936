import type { TFunction } from 'i18next';
import type { PlayerReport } from '@vitrine/core';

/**
 * The screen's device table, on a native player (docs/players.md): which shell hosts the page, and the
 * panel's power by the working hours with how it was turned off.
 */
export function nativeRows(t: TFunction, report: PlayerReport | null): [string, string][] {
  const rows: [string, string][] = [];
  if (report?.shell) {
    rows.push([
      t('nativePlayer.shell'),
      t('nativePlayer.shellValue', {
        platform: t(`player.${report.shell.platform}`),
        version: report.shell.version,
      }),
    ]);
  }
  if (report?.display) {
    const method = report.display.method ? t(`nativePlayer.methods.${report.display.method}`) : null;
    rows.push([
      t('nativePlayer.display'),
      report.display.power === 'on'
        ? t('nativePlayer.displayOn')
        : method
          ? t('nativePlayer.displayOffVia', { method })
          : t('nativePlayer.displayOff'),
    ]);
  }
  return rows;
}
