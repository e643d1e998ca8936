import { useTranslation } from 'react-i18next';
import { BUILTIN_PREFIX, type PluginItem, type PluginSetting } from '@vitrine/core';

/**
 * What a plugin is called in the cabinet's language: the built-in ones are translated
 * (plugins.builtin.<name>), an uploaded one speaks as its manifest does.
 */
export function usePluginText(plugin: Pick<PluginItem, 'key' | 'name' | 'description' | 'builtin'>) {
  const { t } = useTranslation();
  const base = plugin.builtin ? `plugins.builtin.${plugin.key.slice(BUILTIN_PREFIX.length)}` : null;
  const say = (key: string, fallback: string) =>
    base ? t(`${base}.${key}`, { defaultValue: fallback }) : fallback;
  return {
    name: say('name', plugin.name),
    description: plugin.description === null ? null : say('description', plugin.description),
    setting: (setting: PluginSetting) => say(`settings.${setting.key}`, setting.title),
  };
}
