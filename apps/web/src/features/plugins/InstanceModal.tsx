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
  pluginDefaults,
  pluginSettingsSchema,
  type PluginItem,
  type PluginSetting,
  type PluginSettings,
} from '@vitrine/core';
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
  plugin: PluginItem;
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

/**
 * A new instance of a plugin: its name and a form made from the plugin's typed settings, each at its
 * default, checked by the same schema the server uses before it is sent.
 */
export function InstanceModal({ plugin, onClose }: { plugin: PluginItem; onClose: () => void }) {
  const { t } = useTranslation();
  const text = usePluginText(plugin);
  const { instance } = usePluginActions();
  const [name, setName] = useState(text.name);
  const [settings, setSettings] = useState<PluginSettings>(() => pluginDefaults(plugin));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = t('validation.required');
    const parsed = pluginSettingsSchema(plugin).safeParse(settings);
    if (!parsed.success)
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= t('validation.invalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    instance.mutate({ plugin: plugin.key, name: name.trim(), settings: parsed.data }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={t('plugins.newInstanceOf', { name: text.name })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
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
            <Button type="submit" loading={instance.isPending}>
              {t('plugins.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
