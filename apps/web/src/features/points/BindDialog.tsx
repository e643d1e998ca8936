import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { BindBody, normalizePairingCode, text } from '@vitrine/core';
import { failureText } from '../../api/client';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { usePointActions } from './points.api';
import { QrScanButton } from './QrScanButton';

/** The code as typed or scanned (spaces, dashes and case do not matter) and the screen's optional name. */
const BindForm = BindBody.extend({
  code: z
    .string()
    .transform(normalizePairingCode)
    .pipe(text(20, { min: 1 })),
});

/** 'Add screen': the code the player shows, typed or scanned ('Binding failed' when it is not live). */
export function BindDialog({ initialCode, onClose }: { initialCode?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(BindForm, { code: initialCode ?? '', name: undefined });
  const { bind } = usePointActions();
  // A refusal that names no field (the code is unknown, expired or bound already) is shown on the code.
  const { busy, onSubmit } = useFormSubmit(form, (body) => bind.mutateAsync(body), {
    onSuccess: async (point) => {
      onClose();
      await navigate({ to: `/point/${point.id}` });
    },
    onError: (error) => form.setErrors({ code: failureText(error) }),
  });
  return (
    <Modal opened onClose={onClose} title={t('points.bindTitle')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('points.bindHelp')}
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('points.code')}
              {...form.inputProps('code')}
              autoComplete="off"
              styles={{
                input: { fontFamily: 'monospace', letterSpacing: '0.2em', textTransform: 'uppercase' },
              }}
              data-autofocus
            />
            <QrScanButton
              onCode={(value) => {
                const bindCode = /[?&]bind=([A-Za-z0-9-]+)/.exec(value)?.[1] ?? value;
                form.set('code', normalizePairingCode(bindCode));
              }}
            />
          </Group>
          <TextInput label={t('points.nameOptional')} {...form.inputProps('name', { optional: true })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={normalizePairingCode(form.values.code).length === 0}
            >
              {t('points.bind')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
