import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { normalizePairingCode } from '@vitrine/core';
import { failureText } from '../../api/client';
import { usePointActions } from './points.api';
import { QrScanButton } from './QrScanButton';

/** 'Add screen': the code the player shows, typed or scanned ('Binding failed' when it is not live). */
export function BindDialog({ initialCode, onClose }: { initialCode?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [code, setCode] = useState(initialCode ?? '');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { bind } = usePointActions();
  const submit = async () => {
    setError(null);
    try {
      const point = await bind.mutateAsync({
        code: normalizePairingCode(code),
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      onClose();
      await navigate({ to: `/point/${point.id}` });
    } catch (e) {
      setError(failureText(e));
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('points.bindTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('points.bindHelp')}
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('points.code')}
              value={code}
              error={error}
              autoComplete="off"
              styles={{
                input: { fontFamily: 'monospace', letterSpacing: '0.2em', textTransform: 'uppercase' },
              }}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-autofocus
            />
            <QrScanButton
              onCode={(value) => {
                const bindCode = /[?&]bind=([A-Za-z0-9-]+)/.exec(value)?.[1] ?? value;
                setCode(normalizePairingCode(bindCode));
              }}
            />
          </Group>
          <TextInput
            label={t('points.nameOptional')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={bind.isPending} disabled={normalizePairingCode(code).length === 0}>
              {t('points.bind')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
