import { useState } from 'react';
import {
  Button,
  ColorInput,
  Group,
  Modal,
  NumberInput,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  isBuiltinPlugin,
  pluginDefaults,
  pluginSettingsSchema,
  type PluginInstance,
  type PluginItem,
  type PluginSetting,
  type PluginSettings,
} from '@vitrine/core';
import { useFormSubmit } from '../../lib/useZodForm';
import { usePluginActions } from './plugins.api';
import { usePluginText } from './pluginText';

/** One typed setting as its control: text, a long text, a number in its range, a switch, a colour, ... */
function SettingControl({
  plugin,
  setting,
  value,
  error,
  onChange,
}: {
  plugin: PluginLike;
  setting: PluginSetting;
  value: PluginSettings[string] | undefined;
  error: string | undefined;
  onChange: (value: PluginSettings[string]) => void;
}) {
  const text = usePluginText(plugin);
  const common = { label: text.setting(setting), description: setting.help, error };
  switch (setting.type) {
    case 'boolean':
      return (
        <Switch
          {...common}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          {...(setting.min !== undefined ? { min: setting.min } : {})}
          {...(setting.max !== undefined ? { max: setting.max } : {})}
          onChange={(v) => onChange(typeof v === 'number' ? v : Number(v))}
        />
      );
    case 'color':
      return <ColorInput {...common} format="hex" value={String(value ?? '')} onChange={onChange} />;
    case 'text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={setting.type === 'url' ? 'url' : setting.type === 'datetime' ? 'datetime-local' : 'text'}
          value={String(value ?? '')}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

/** What the form needs of a plugin: its name (translated when built in) and its typed settings. */
type PluginLike = Pick<PluginItem, 'key' | 'name' | 'description' | 'builtin' | 'settings'>;

/** What the modal makes or changes: a new instance of a plugin, or an instance as it is. */
export type InstanceTarget = { plugin: PluginItem } | { instance: PluginInstance };

/**
 * The instance form's state: the plugin (from the instance when changing one), the name and settings, the
 * errors, and the submit: checked by the plugin's settings schema, then made or changed; closes once saved.
 */
function useInstanceForm(target: InstanceTarget, onClose: () => void) {
  const { t } = useTranslation();
  const existing = 'instance' in target ? target.instance : null;
  const plugin: PluginLike =
    'plugin' in target
      ? target.plugin
      : {
          key: target.instance.plugin,
          name: target.instance.pluginName,
          description: null,
          builtin: isBuiltinPlugin(target.instance.plugin),
          settings: target.instance.definitions,
        };
  const text = usePluginText(plugin);
  const { instance, change } = usePluginActions();
  const [name, setName] = useState(existing?.name ?? text.name);
  const [settings, setSettings] = useState<PluginSettings>(
    () => existing?.settings ?? pluginDefaults(plugin),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const validate = () => {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('validation.required');
    const parsed = pluginSettingsSchema(plugin).safeParse(settings);
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= t('validation.invalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return null;
    return { name: name.trim(), settings: parsed.data };
  };
  const { onSubmit } = useFormSubmit(
    { validate },
    (body) =>
      existing
        ? change.mutateAsync({ fileId: existing.fileId, ...body })
        : instance.mutateAsync({ plugin: plugin.key, ...body }),
    { onSuccess: onClose },
  );

  const pending = instance.isPending || change.isPending;
  return { existing, plugin, text, name, setName, settings, setSettings, errors, onSubmit, pending };
}

/**
 * A new instance of a plugin, or an instance to change: its name and a form made from the plugin's typed
 * settings (a new one at their defaults), checked by the same schema the server uses before it is sent.
 */
export function InstanceModal({ target, onClose }: { target: InstanceTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { existing, plugin, text, name, setName, settings, setSettings, errors, onSubmit, pending } =
    useInstanceForm(target, onClose);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(existing ? 'plugins.changeInstance' : 'plugins.newInstanceOf', {
        name: existing?.name ?? text.name,
      })}
      centered
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput
            label={t('plugins.instanceName')}
            required
            data-autofocus
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          {plugin.settings.map((setting) => (
            <SettingControl
              key={setting.key}
              plugin={plugin}
              setting={setting}
              value={settings[setting.key]}
              error={errors[setting.key]}
              onChange={(value) => setSettings((s) => ({ ...s, [setting.key]: value }))}
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={pending}>
              {t(existing ? 'common.save' : 'plugins.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
